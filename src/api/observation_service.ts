// SPEC §7 "GET an observation service for a search term and optional place id": an external
// species-observation service named in the app config (`search.observationServiceUrl`), answering as
// iNaturalist's /v1/observations does. Called directly by the browser, with no proxy and no
// credentials (SPEC §7 "a routing service and an observation service are called directly"); a failure
// carries the service's HTTP status, 0 when it could not be reached (SPEC §8).
import { ENDANGERED_STATUSES, type ThreatStatus } from '../model/index.ts';
import { ServiceError } from './geocoder.ts';

export const OBSERVATION_SERVICE_RESULTS = 10;

export interface ServiceObservation {
  id: string;
  scientificName: string;
  commonName: string | null;
  /** The threat status as the service gives it (IUCN code where it uses one), and who assessed it. */
  status: string | null;
  statusSource: string | null;
  endangered: boolean;
  observedAt: string | null;
  place: string | null;
  /** Where it was seen, when the service says. */
  lon?: number;
  lat?: number;
  observer: string | null;
  /** The observation's page at the service (http(s) only). */
  url: string | null;
}

/** The request address: the configured one with the term, the place id and the page size set (its own parameters kept). */
export function observationServiceRequestUrl(base: string, query: string, placeId?: string, limit = OBSERVATION_SERVICE_RESULTS): string {
  const url = new URL(base);
  url.searchParams.set('q', query);
  if (placeId) url.searchParams.set('place_id', placeId);
  url.searchParams.set('per_page', String(limit));
  return url.href;
}

interface ServiceRow {
  id?: string | number;
  uri?: string;
  observed_on?: string;
  time_observed_at?: string;
  place_guess?: string;
  location?: string;
  geojson?: { coordinates?: unknown[] };
  user?: { login?: string; name?: string };
  taxon?: {
    name?: string;
    preferred_common_name?: string;
    threatened?: boolean;
    conservation_status?: { status?: string; authority?: string; status_name?: string };
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function position(row: ServiceRow): { lon?: number; lat?: number } {
  const [lon, lat] = (row.geojson?.coordinates ?? []).map(Number);
  if (Number.isFinite(lon) && Number.isFinite(lat)) return { lon, lat };
  // iNaturalist also gives "lat,lon".
  const [la, lo] = (row.location ?? '').split(',').map(Number);
  return Number.isFinite(lo) && Number.isFinite(la) && row.location ? { lon: lo, lat: la } : {};
}

/** The observations of an iNaturalist-style answer (`{results: [...]}`); rows without a species name are skipped. */
export function parseServiceObservations(body: unknown): ServiceObservation[] {
  const rows = (body as { results?: unknown })?.results;
  if (!Array.isArray(rows)) return [];
  const out: ServiceObservation[] = [];
  for (const row of rows as ServiceRow[]) {
    const scientificName = text(row?.taxon?.name);
    if (!scientificName) continue;
    const cs = row.taxon?.conservation_status;
    const status = text(cs?.status)?.toUpperCase() ?? null;
    const link = text(row.uri);
    out.push({
      id: String(row.id ?? out.length),
      scientificName,
      commonName: text(row.taxon?.preferred_common_name),
      status,
      statusSource: text(cs?.authority),
      endangered: row.taxon?.threatened === true || (status !== null && ENDANGERED_STATUSES.includes(status as ThreatStatus)),
      observedAt: text(row.time_observed_at) ?? text(row.observed_on),
      place: text(row.place_guess),
      ...position(row),
      observer: text(row.user?.login) ?? text(row.user?.name),
      url: link && /^https?:\/\//i.test(link) ? link : null,
    });
  }
  return out;
}

/** Asks the service; throws a ServiceError with its HTTP status (0: not reached, or not JSON). */
export async function searchObservationService(
  base: string,
  query: string,
  placeId: string | undefined,
  signal?: AbortSignal,
): Promise<ServiceObservation[]> {
  let res: Response;
  try {
    res = await fetch(observationServiceRequestUrl(base, query, placeId), { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ServiceError(0);
  }
  if (!res.ok) throw new ServiceError(res.status);
  try {
    return parseServiceObservations(await res.json());
  } catch {
    throw new ServiceError(res.status);
  }
}
