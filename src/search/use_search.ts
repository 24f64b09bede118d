// The search field's answers as the user types (SPEC §2 search: map layers, deep search, places),
// debounced so a fast typist starts one search, not one per key. Features are searched in the data
// worker (offline, off the main thread); layer titles here (a handful); places at the configured
// geocoder only. An answer to an older query never replaces a newer one.
import { useEffect, useState } from 'react';
import { isDiffLayerId, matchLayersByTitle, SEARCH_DEBOUNCE_MS, type AppConfig, type Layer } from '../model/index.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { geocode, ServiceError, type Place } from '../api/geocoder.ts';
import type { SearchGroup } from '../../workers/data/protocol.ts';

/** Shorter queries match too much to be useful (and would cost the worker most). */
export const SEARCH_MIN_QUERY_LENGTH = 2;

export interface SearchAnswers {
  query: string;
  features: SearchGroup[];
  layers: Layer[];
  places: Place[];
  /** The geocoder's failure: its HTTP status, or 0 when it could not be reached. */
  placesError?: number;
  pending: boolean;
}

const EMPTY: SearchAnswers = { query: '', features: [], layers: [], places: [], pending: false };

export function useSearch(query: string, config: AppConfig): SearchAnswers {
  const [answers, setAnswers] = useState<SearchAnswers>(EMPTY);
  const trimmed = query.trim();
  const geocoderUrl = config.search.geocoderUrl;
  const featureSearch = config.search.featureSearch;
  const layers = config.layersConfig;

  useEffect(() => {
    if (trimmed.length < SEARCH_MIN_QUERY_LENGTH) {
      setAnswers(EMPTY);
      return;
    }
    setAnswers((a) => ({ ...a, pending: true }));
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      const mapLayers = matchLayersByTitle(
        layers.filter((l) => !isDiffLayerId(l.id)),
        trimmed,
      );
      const features = featureSearch ? getDataWorker().searchFeatures({ query: trimmed }) : Promise.resolve([]);
      const places: Promise<{ places: Place[]; placesError?: number }> = geocoderUrl
        ? geocode(geocoderUrl, trimmed, ctl.signal).then(
            (found) => ({ places: found }),
            (err: unknown) => ({ places: [], placesError: err instanceof ServiceError ? err.status : 0 }),
          )
        : Promise.resolve({ places: [] });
      void Promise.all([features.catch(() => []), places]).then(([found, placeAnswer]) => {
        if (ctl.signal.aborted) return;
        setAnswers({ query: trimmed, features: found, layers: mapLayers, ...placeAnswer, pending: false });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [trimmed, geocoderUrl, featureSearch, layers]);

  return answers;
}
