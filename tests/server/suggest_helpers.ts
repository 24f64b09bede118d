import { expect, inject } from 'vitest';
import { ADMIN, call, type CallOptions } from './helpers.ts';

// Suggestion helpers: suggestions in ws_sugg/sites (tests/server/suggestions_setup.ts) over real HTTP.
export const S = inject('suggest');
export const member = { session: S.member.session };
export const admin2 = { session: S.admin2.session };
export const admin = { auth: ADMIN };

/** 1×1 RGBA PNG as the server re-encodes it (server/services/upload_check.ts), so it comes back byte for byte. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAsSAAALEgHS3X78AAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
  'base64',
);

type Who = Pick<CallOptions, 'auth' | 'session'>;
type Geometry = { type: string; coordinates: unknown };

export const point = (lon: number, lat: number): Geometry => ({ type: 'Point', coordinates: [lon, lat] });

/** SPEC §3 feature payload: a collection holding one feature. */
export function payload(properties: Record<string, unknown>, geometry: Geometry = point(10, 50)) {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties }] };
}

export const target = (layer = S.layer, workspace = S.workspace) => `workspace=${workspace}&layer=${layer}`;

export function suggest(method: 'POST' | 'PUT' | 'DELETE', body: unknown, who: Who = member, query = target()) {
  return call(`/api/features/changes?${query}`, { method, body, ...who });
}

export const accept = (id: number, who: Who = admin) => call(`/api/features/changes/${id}/accept`, { method: 'PUT', ...who });
export const decline = (id: number, who: Who = admin) => call(`/api/features/changes/${id}/decline`, { method: 'DELETE', ...who });

/** A feature in ws_sugg/sites made the real way: suggested by the member, accepted by an admin. */
export async function newFeature(properties: Record<string, unknown> = {}, geometry: Geometry = point(10, 50)) {
  const made = await suggest('POST', payload({ name: 'site', height: 1, ...properties }, geometry));
  expect(made.status).toBe(201);
  const done = await accept(made.body.id);
  expect(done.status).toBe(200);
  return done.body.gfid as number;
}

export async function listChanges(query: string, who: Who = member) {
  return call(`/api/features/changes?${query}`, who);
}

/** Every entry of a paged list (pageSize 1000). */
export async function allChanges(query: string, who: Who = member) {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const res = await listChanges(`${query}&page=${page}&pageSize=1000`, who);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (items.length >= res.body.total || res.body.items.length === 0) return items;
  }
}
