// Incremental updates through the real data worker and the real API server: after an admin
// accepts a change, refreshFeatures re-reads that one feature, patches the worker's registry and
// index, and the render port gets only that feature (`update` / `remove`), never the layer again.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { closeWorkerSessions, openWorkerSession, type WorkerSession } from './fixtures/data_worker_session.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';

const apiBase = inject('apiBase');
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const ADMIN = basic('admin', 'a-pass-123');
const USER = basic('user', 'u-pass-123');

type Session = WorkerSession;
afterEach(closeWorkerSessions);
const session = openWorkerSession;

async function http(path: string, method: string, authorization: string, body?: unknown) {
  const res = await fetch(`${apiBase}/api${path}`, {
    method,
    headers: { 'x-app-key': DEMO_APP_KEY, authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

type Geometry = { type: string; coordinates: unknown };
/** The user suggests (SPEC §4) and the admin accepts; resolves with the accept response. */
async function suggestAndAccept(
  method: 'POST' | 'PUT' | 'DELETE',
  layer: string,
  properties: Record<string, unknown>,
  geometry?: Geometry,
) {
  const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: geometry ?? null, properties }] };
  const change = await http(`/features/changes?workspace=ws_demo&layer=${layer}`, method, USER, fc);
  return (await http(`/features/changes/${change.id}/accept`, 'PUT', ADMIN)) as {
    id: number;
    status: string;
    gfid: number;
    version: number;
  };
}

async function showLayer(s: Session, layer: string, geometryType: 'Point' | 'LineString'): Promise<FeatureBatch> {
  const shown = await s.api.showLayer({
    apiBase,
    appKey: DEMO_APP_KEY,
    workspace: 'ws_demo',
    layer,
    geometryType,
    labelProperty: 'name',
    requestId: `show-${crypto.randomUUID()}`,
  });
  await expect.poll(() => s.messages.some((m) => m.ticket === shown.ticket)).toBe(true);
  const m = s.messages.find((d) => d.ticket === shown.ticket)!;
  if (m.type !== 'batch') throw new Error('expected a batch');
  return m.batch;
}

const refresh = (s: Session, layerId: string, gfids: number[]) =>
  s.api.refreshFeatures({ apiBase, appKey: DEMO_APP_KEY, workspace: 'ws_demo', layerId, gfids, authorization: USER });

const tap = (s: Session, layerId: string, lon: number, lat: number) =>
  s.api.hitTest({ x: lonToX(lon), y: latToY(lat), resolution: 1, tolerancePx: 3, layerIds: [layerId] });

describe('data worker refreshFeatures', () => {
  it('sends one moved city as a single update, and taps find it only at its new place', async () => {
    const s = await session();
    const batch = await showLayer(s, 'edit_cities', 'Point');
    const f = 7;
    const gfid = batch.ids[f];
    const old: [number, number] = [batch.coords[2 * f], batch.coords[2 * f + 1]];
    const moved: [number, number] = [-151.25, -61.5]; // the South Pacific: no city near
    const accepted = await suggestAndAccept('PUT', 'edit_cities', { gfid }, { type: 'Point', coordinates: moved });
    expect(accepted).toMatchObject({ status: 'accepted', gfid });
    const before = s.messages.length;
    const result = await refresh(s, 'edit_cities', [gfid]);
    expect(result).toMatchObject({ updated: [gfid], removed: [] });
    await expect.poll(() => s.messages.some((m) => m.ticket === result.ticket)).toBe(true);
    const sent = s.messages.slice(before);
    expect(sent.map((m) => m.type)).toEqual(['update']);
    const update = sent[0];
    if (update.type !== 'update') throw new Error('expected an update');
    expect(update.layerId).toBe('edit_cities');
    expect(update.batch.count).toBe(1);
    expect([...update.batch.ids]).toEqual([gfid]);
    expect([...update.batch.coords]).toEqual(moved);

    expect((await tap(s, 'edit_cities', ...moved)).map((h) => h.id)).toEqual([gfid]);
    expect((await tap(s, 'edit_cities', ...old)).map((h) => h.id)).not.toContain(gfid);
  });

  it('sends a remove for a feature whose deletion was accepted', async () => {
    const s = await session();
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [-150.5, -62.25],
        [-149.5, -62.75],
        [-148.5, -62.25],
      ],
    };
    const created = await suggestAndAccept(
      'POST',
      'edit_borders',
      { name: `refresh-${crypto.randomUUID().slice(0, 8)}`, kind: 'test' },
      line,
    );
    const batch = await showLayer(s, 'edit_borders', 'LineString');
    expect([...batch.ids]).toContain(created.gfid);
    expect((await tap(s, 'edit_borders', -149.5, -62.75)).map((h) => h.id)).toEqual([created.gfid]);

    await suggestAndAccept('DELETE', 'edit_borders', { gfid: created.gfid }, line);
    const before = s.messages.length;
    const result = await refresh(s, 'edit_borders', [created.gfid]);
    expect(result).toMatchObject({ updated: [], removed: [created.gfid] });
    await expect.poll(() => s.messages.some((m) => m.ticket === result.ticket)).toBe(true);
    expect(s.messages.slice(before)).toEqual([{ type: 'remove', layerId: 'edit_borders', ids: [created.gfid], ticket: result.ticket }]);
    expect(await tap(s, 'edit_borders', -149.5, -62.75)).toEqual([]);
    // A later band change re-sends the layer from the registry: the deleted line does not come back.
    const { tickets } = await s.api.setZoom({ zoom: 17 });
    expect(tickets).toHaveLength(1);
    await expect.poll(() => s.messages.some((m) => m.ticket === tickets[0])).toBe(true);
    const resent = s.messages.find((m) => m.ticket === tickets[0])!;
    if (resent.type !== 'batch') throw new Error('expected a batch');
    expect([...resent.batch.ids]).not.toContain(created.gfid);
    expect(resent.batch.count).toBe(batch.count - 1);
  });
});
