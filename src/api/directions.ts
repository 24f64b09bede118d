// SPEC §7 directions service, openrouteservice-compatible: POST {url}/v2/directions/{profile}/geojson
// with the origin and destination, the key in the authorization header; the answer's first feature
// holds the line, and its segments the steps, distance and duration. Called directly (no proxy).
// A failure is the service's HTTP status (SPEC §7: "a number is the HTTP status code of the failure").
import { routeSchema, type LonLat, type Route, type RoutingConfig } from '../model/index.ts';
import { ServiceError } from './geocoder.ts';

interface OrsStep {
  instruction?: string;
  name?: string;
  distance?: number;
  duration?: number;
}

interface OrsFeature {
  geometry?: { coordinates?: LonLat[] };
  properties?: { segments?: { steps?: OrsStep[] }[]; summary?: { distance?: number; duration?: number } };
}

export function directionsUrl(config: Pick<RoutingConfig, 'url' | 'profile'>): string {
  return `${config.url!.replace(/\/+$/, '')}/v2/directions/${encodeURIComponent(config.profile)}/geojson`;
}

/** The route of an openrouteservice GeoJSON answer; a non-route answer is an error (status 502). */
export function parseDirections(body: unknown, origin: LonLat, destination: LonLat): Route {
  const feature = (body as { features?: OrsFeature[] })?.features?.[0];
  const summary = feature?.properties?.summary;
  if (!feature || !summary) throw new ServiceError(502);
  const steps = (feature.properties?.segments ?? []).flatMap((seg) =>
    (seg.steps ?? []).map((s) => ({
      instruction: s.instruction ?? '',
      name: s.name || undefined,
      distance: s.distance ?? 0,
      duration: s.duration ?? 0,
    })),
  );
  return routeSchema.parse({
    origin,
    destination,
    steps,
    distance: summary.distance ?? 0,
    time: summary.duration ?? 0,
    coordinates: feature.geometry?.coordinates,
  });
}

export async function fetchDirections(config: RoutingConfig, origin: LonLat, destination: LonLat, signal?: AbortSignal): Promise<Route> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/geo+json, application/json' };
  if (config.key) headers.authorization = config.key.startsWith('Bearer ') ? config.key : `Bearer ${config.key}`;
  const res = await fetch(directionsUrl(config), {
    method: 'POST',
    headers,
    body: JSON.stringify({ coordinates: [origin, destination] }),
    signal,
  });
  if (!res.ok) throw new ServiceError(res.status);
  return parseDirections(await res.json(), origin, destination);
}
