// The search field's answers (SPEC §2 search: map layers, deep search, places) for the query the field
// hands over once typing pauses (SearchField.tsx debounces, so a fast typist starts one search, not one
// per key). Features are searched in the data
// worker (offline, off the main thread); layer titles here (a handful); places at the configured
// geocoder only; observations whose species matches at the server (SPEC §2 species search) and at the
// configured species-observation service (SPEC §7). An answer to an older query never replaces a newer one.
import { startTransition, useEffect, useState } from 'react';
import { isDiffLayerId, matchLayersByTitle, type AppConfig, type Layer, type Observation } from '../model/index.ts';
import { searchObservations } from '../api/observations.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { geocode, ServiceError, type Place } from '../api/geocoder.ts';
import { searchObservationService, type ServiceObservation } from '../api/observation_service.ts';
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
  /** SPEC §2 species search: observations whose species matches, per layer (needs the server). */
  observations: { layerId: string; items: Observation[] }[];
  /** SPEC §8: the observations could not be had. */
  observationsFailed?: boolean;
  /** SPEC §7: the species-observation service's answers, when one is configured. */
  serviceObservations: ServiceObservation[];
  /** Its failure: the HTTP status, or 0 when it could not be reached (SPEC §8). */
  serviceError?: number;
}

const EMPTY: SearchAnswers = { query: '', features: [], layers: [], places: [], observations: [], serviceObservations: [] };

/** A ServiceError's status; 0 for anything else (no answer). */
const statusOf = (err: unknown) => (err instanceof ServiceError ? err.status : 0);

/** A later task of the main thread. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Starts `request` in a later task. Starting a fetch costs the main thread several ms at 4× CPU
 * slowdown: several in one task, or one in the task that renders the search's start, made long tasks
 * (benchmark scenario 12, the app's path). Requests started this way still overlap.
 */
const inTaskOfItsOwn = <T>(request: () => Promise<T>) => nextTask().then(request);

/** Observations per layer whose species matches (a request each); undefined when a layer's answer failed. */
async function observationsFor(layers: readonly Layer[], query: string, ctx: { apiBase: string; appKey: string }, signal: AbortSignal) {
  const answers = await Promise.all(
    layers.map((l) =>
      inTaskOfItsOwn(() => searchObservations(ctx, l.workspace!, l.id, query, signal)).then(
        (items) => ({ layerId: l.id, items }),
        () => undefined,
      ),
    ),
  );
  return {
    observations: answers.filter((a): a is { layerId: string; items: Observation[] } => !!a && a.items.length > 0),
    observationsFailed: answers.some((a) => a === undefined),
  };
}

/**
 * The answers to the last query answered, and whether a newer one is being asked. Apart, so that a search
 * starting renders the spinner but not the result rows again (they are memoised on `answers`).
 */
export function useSearch(query: string, config: AppConfig, appKey: string): { answers: SearchAnswers; pending: boolean } {
  const [answers, setAnswers] = useState<SearchAnswers>(EMPTY);
  const [pending, setPending] = useState(false);
  const trimmed = query.trim();
  const geocoderUrl = config.search.geocoderUrl;
  const serviceUrl = config.search.observationServiceUrl;
  const placeId = config.search.observationPlaceId;
  const featureSearch = config.search.featureSearch;
  const layers = config.layersConfig;
  const apiBase = config.serverUrl;

  useEffect(() => {
    if (trimmed.length < SEARCH_MIN_QUERY_LENGTH) {
      setAnswers(EMPTY);
      setPending(false);
      return;
    }
    setPending(true);
    const ctl = new AbortController();
    const mapLayers = matchLayersByTitle(
      layers.filter((l) => !isDiffLayerId(l.id)),
      trimmed,
    );
    const features = featureSearch ? getDataWorker().searchFeatures({ query: trimmed }) : Promise.resolve([]);
    const places: Promise<{ places: Place[]; placesError?: number }> = geocoderUrl
      ? inTaskOfItsOwn(() => geocode(geocoderUrl, trimmed, ctl.signal)).then(
          (found) => ({ places: found }),
          (err: unknown) => ({ places: [], placesError: statusOf(err) }),
        )
      : Promise.resolve({ places: [] });
    const service: Promise<{ serviceObservations: ServiceObservation[]; serviceError?: number }> = serviceUrl
      ? inTaskOfItsOwn(() => searchObservationService(serviceUrl, trimmed, placeId, ctl.signal)).then(
          (found) => ({ serviceObservations: found }),
          (err: unknown) => ({ serviceObservations: [], serviceError: statusOf(err) }),
        )
      : Promise.resolve({ serviceObservations: [] });
    const vectorLayers = layers.filter((l) => !isDiffLayerId(l.id) && l.workspace && l.type !== 'wms');
    const observed = observationsFor(vectorLayers, trimmed, { apiBase, appKey }, ctl.signal);
    void Promise.all([features.catch(() => []), places, observed, service]).then(([found, placeAnswer, observedAnswer, serviceAnswer]) => {
      if (ctl.signal.aborted) return;
      // Rendering dozens of result rows is a search's biggest main-thread step: as a transition,
      // React renders them in slices, so a key pressed meanwhile is not held up by a long task.
      startTransition(() => {
        setAnswers({
          query: trimmed,
          features: found,
          layers: mapLayers,
          ...placeAnswer,
          ...observedAnswer,
          ...serviceAnswer,
        });
        setPending(false);
      });
    });
    return () => ctl.abort();
  }, [trimmed, geocoderUrl, serviceUrl, placeId, featureSearch, layers, apiBase, appKey]);

  return { answers, pending };
}
