// SPEC §2 search "places outside the app's data": a geocoder named in the app config
// (`search.geocoderUrl`), Nominatim- or Photon-compatible. Called directly, like the routing service
// (SPEC §7); a failure carries the service's HTTP status (§8 "route service errors return the HTTP status").

export interface Place {
  name: string;
  /** Where it is, lon/lat. */
  lon: number;
  lat: number;
  /** [minLon, minLat, maxLon, maxLat] when the service gives one. */
  extent?: [number, number, number, number];
}

export const GEOCODER_RESULTS = 5;

export class ServiceError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'ServiceError';
  }
}

/** The request address: the configured one with `q` and `limit` set (its own parameters kept). */
export function geocoderRequestUrl(base: string, query: string, limit = GEOCODER_RESULTS): string {
  const url = new URL(base);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(limit));
  // Nominatim answers HTML unless asked for JSON; Photon ignores the parameter.
  if (!url.searchParams.has('format') && !/photon|\/api\/?$/.test(url.href)) url.searchParams.set('format', 'jsonv2');
  return url.href;
}

interface NominatimRow {
  display_name?: string;
  name?: string;
  lat?: string | number;
  lon?: string | number;
  boundingbox?: (string | number)[];
}

interface PhotonFeature {
  geometry?: { coordinates?: number[] };
  properties?: Record<string, unknown> & { extent?: number[] };
}

/** Places from a Nominatim list or a Photon FeatureCollection; rows without a position are skipped. */
export function parsePlaces(body: unknown): Place[] {
  const places: Place[] = [];
  if (Array.isArray(body)) {
    for (const row of body as NominatimRow[]) {
      const lon = Number(row.lon),
        lat = Number(row.lat);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      const place: Place = { name: String(row.display_name ?? row.name ?? ''), lon, lat };
      // Nominatim's boundingbox is [south, north, west, east].
      const b = row.boundingbox?.map(Number);
      if (b?.length === 4 && b.every(Number.isFinite)) place.extent = [b[2], b[0], b[3], b[1]];
      places.push(place);
    }
    return places;
  }
  for (const f of ((body as { features?: PhotonFeature[] })?.features ?? []) as PhotonFeature[]) {
    const [lon, lat] = f.geometry?.coordinates ?? [];
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    const p = f.properties ?? {};
    const name = [p.name, p.city, p.state, p.country].filter((v) => typeof v === 'string' && v).filter((v, i, all) => all.indexOf(v) === i);
    const place: Place = { name: name.join(', '), lon, lat };
    // Photon's extent is [west, north, east, south].
    const e = p.extent;
    if (e?.length === 4) place.extent = [e[0], e[3], e[2], e[1]];
    places.push(place);
  }
  return places;
}

export async function geocode(base: string, query: string, signal?: AbortSignal): Promise<Place[]> {
  const res = await fetch(geocoderRequestUrl(base, query), { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new ServiceError(res.status);
  return parsePlaces(await res.json());
}
