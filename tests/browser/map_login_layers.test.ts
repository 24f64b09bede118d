// SPEC §4 after a login: the diff layers load, the layers the visitor could not read (a workspace
// closed to visitors, SPEC §6) load again with the credentials, and nothing else is fetched again;
// the logout empties both again. Through the real data worker and the real API server.
import { describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY, layerSchema, type LayerInput } from '../../src/model/index.ts';
import { loadVectorLayers, switchDiffLayers, type LoadVectorLayersOptions } from '../../src/map/load_vector_layers.ts';
import type { MapRendererHandle } from '../../src/map/render_worker_client.ts';
import { getDataWorker } from '../../src/map/data_worker_client.ts';

const apiBase = inject('apiBase');
const layer = (input: Partial<LayerInput> & { id: string; workspace: string }) =>
  layerSchema.parse({ name: input.id, type: 'Point', ...input });

describe('layers after a login', () => {
  it('loads the diff layers and retries the failed ones, not the others', async () => {
    const layers = [
      layer({ id: 'cities', workspace: 'ws_demo', edit: true }),
      layer({ id: 'cities_diff', workspace: 'ws_demo_diff', edit: true }),
      layer({ id: 'private_sites', workspace: 'ws_private' }),
    ];
    // The renderer's side is not under test: it lists the layers it is told to draw.
    const drawn: string[][] = [];
    const renderer = {
      setLayers: async (configs: { id: string }[]) => void drawn.push(configs.map((c) => c.id)),
      batchReceived: async () => undefined,
    } as unknown as MapRendererHandle;
    const loaded: string[] = [];
    const failed = new Set<string>();
    const opts = (loggedIn: boolean): LoadVectorLayersOptions => ({
      worker: getDataWorker(),
      apiBase,
      appKey: DEMO_APP_KEY,
      signal: new AbortController().signal,
      loggedIn,
      authorization: loggedIn ? `Basic ${btoa('admin:a-pass-123')}` : undefined,
      onLayerLoaded: (id, n) => {
        loaded.push(`${id}:${n}`);
        failed.delete(id);
      },
      onLayerFailed: (id) => void failed.add(id),
    });

    await loadVectorLayers(renderer, layers, opts(false));
    expect(loaded).toEqual([expect.stringMatching(/^cities:\d+$/)]);
    expect([...failed]).toEqual(['private_sites']);
    expect(drawn.at(-1)).toEqual(['cities', 'private_sites']);

    loaded.length = 0;
    await switchDiffLayers(renderer, layers, opts(true), { retry: new Set(failed) });
    expect(loaded.sort()).toEqual([expect.stringMatching(/^cities_diff:\d+$/), 'private_sites:20']);
    expect(failed.size).toBe(0);
    expect(drawn.at(-1)).toEqual(['cities', 'cities_diff', 'private_sites']);

    // The logout empties the diff layers and what only the credentials could read.
    loaded.length = 0;
    const dropped = await switchDiffLayers(renderer, layers, opts(false), { hide: new Set(['private_sites']) });
    expect(dropped.sort()).toEqual(['cities_diff', 'private_sites']);
    expect(loaded).toEqual([]);
    expect(drawn.at(-1)).toEqual(['cities']);
  });
});
