import { describe, expect, it, vi } from 'vitest';
import { LayerPrefetches, type PrefetchLoad } from '../../workers/data/layer_prefetch.ts';
import type { FetchedBatch } from '../../workers/data/show_layer.ts';
import type { LoadProgress, ShowLayerRequest } from '../../workers/data/protocol.ts';

// Layer fetches started with the app's configuration are taken by the map's first load (issue 17,
// cold open) — only when they fetch exactly what the load would, and never twice.

const req = (over: Partial<ShowLayerRequest> = {}): ShowLayerRequest => ({
  apiBase: '',
  appKey: 'k'.repeat(32),
  appName: 'Demo',
  workspace: 'ws_demo',
  layer: 'cities',
  geometryType: 'Point',
  labelProperty: 'name',
  searchProperties: ['name', 'tags'],
  ...over,
});

const answer = (count: number): FetchedBatch => ({ batch: { layerId: 'cities', count } as never, etag: `"v${count}"` });

function setup(storedTag?: string) {
  const reports: LoadProgress[] = [];
  const load = vi.fn<PrefetchLoad>(async (_req, onProgress) => {
    reports.push(onProgress);
    return answer(3);
  });
  const cancel = vi.fn<(requestId: string) => void>();
  const prefetches = new LayerPrefetches(load, async () => storedTag, cancel);
  return { prefetches, load, cancel, reports };
}

describe('layer prefetches', () => {
  it('hands the fetch under way to the load that asks for the same layer and tag, once', async () => {
    const { prefetches, load } = setup('"v1"');
    prefetches.start([req()]);
    const taken = await prefetches.take(req({ requestId: 'load-1' }), '"v1"');
    expect(await taken?.fetched).toEqual(answer(3));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0][2]).toBe('"v1"'); // the stored copy's tag is revalidated
    expect(await prefetches.take(req(), '"v1"')).toBeUndefined();
  });

  it('starts one fetch for a request asked twice', async () => {
    const { prefetches, load } = setup();
    prefetches.start([req(), req()]);
    await prefetches.take(req(), undefined);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends progress to the load only from the moment it took the fetch', async () => {
    let finish!: (v: FetchedBatch) => void;
    let report!: LoadProgress;
    const load: PrefetchLoad = (_r, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    };
    const prefetches = new LayerPrefetches(
      load,
      async () => undefined,
      () => undefined,
    );
    prefetches.start([req()]);
    await vi.waitFor(() => expect(report).toBeDefined());
    const onProgress = vi.fn<LoadProgress>();
    report(10, 100, 1000); // nobody listens yet
    const taken = await prefetches.take(req(), undefined, onProgress);
    report(50, 100, 5000);
    finish(answer(100));
    expect(await taken?.fetched).toEqual(answer(100));
    expect(onProgress.mock.calls).toEqual([[50, 100, 5000]]);
  });

  it('is not taken, and is stopped, when the load revalidates another tag or sends other credentials', async () => {
    const { prefetches, cancel } = setup('"v1"');
    prefetches.start([req()]);
    expect(await prefetches.take(req(), '"v2"')).toBeUndefined();
    expect(cancel).toHaveBeenCalledWith('prefetch-1');

    prefetches.start([req()]); // a visitor's fetch; then the user turns out to be signed in
    expect(await prefetches.take(req({ sessionId: 'abc' }), '"v1"')).toBeUndefined();
    expect(cancel).toHaveBeenCalledWith('prefetch-2');
  });

  it('never starts a fetch dropped while the stored tag was being read', async () => {
    let tag!: (t: string | undefined) => void;
    const load = vi.fn<PrefetchLoad>(async () => answer(1));
    const prefetches = new LayerPrefetches(
      load,
      () => new Promise((resolve) => (tag = resolve)),
      () => undefined,
    );
    prefetches.start([req()]);
    const taking = prefetches.take(req({ authorization: 'Basic x' }), undefined);
    tag(undefined);
    expect(await taking).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve));
    expect(load).not.toHaveBeenCalled();
  });

  it('gives the load the fetch’s failure, so the stored copy can stay on screen', async () => {
    const load: PrefetchLoad = async () => {
      throw Object.assign(new Error('The server did not answer in time.'), { status: undefined });
    };
    const prefetches = new LayerPrefetches(
      load,
      async () => undefined,
      () => undefined,
    );
    prefetches.start([req()]);
    const taken = await prefetches.take(req(), undefined);
    await expect(taken?.fetched).rejects.toThrow('The server did not answer in time.');
  });
});
