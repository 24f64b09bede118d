// Issue 17: the lazy chunks (src/config/lazy.ts): a chunk is fetched once, a failed one is fetched
// again on the next try, the SPEC §9 time-out names it, and the prefetch after the features are
// drawn loads every chunk one idle period at a time.
import { describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  ChunkLoadTimeoutError,
  lazyNamed,
  prefetchLazyChunks,
  prefetchLazyChunksAfterMark,
  prefetchModule,
} from '../../src/config/lazy.ts';

const Panel = () => null;

describe('lazyNamed', () => {
  it('loads the chunk once and resolves its named export', async () => {
    const load = vi.fn(async () => ({ Panel }));
    const Lazy = lazyNamed(load, 'Panel');
    await expect(Lazy.preload()).resolves.toBe(Panel);
    await expect(Lazy.preload()).resolves.toBe(Panel);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns a failed fetch into a ChunkLoadError and fetches again on the next try', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ Panel });
    const Lazy = lazyNamed(load, 'Panel');
    const failure = await Lazy.preload().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).chunk).toBe('Panel');
    expect((failure as Error).cause).toBeInstanceOf(TypeError);
    await expect(Lazy.preload()).resolves.toBe(Panel);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails with the SPEC §9 time-out error when the chunk never arrives', async () => {
    const Lazy = lazyNamed(() => new Promise(() => undefined), 'Settings', 20);
    const failure = await Lazy.preload().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(String(failure)).toMatch(/Settings.*20 ms/);
  });
});

describe('prefetchLazyChunks', () => {
  it('loads every declared chunk and module, one per idle period in the order declared, past one that fails', async () => {
    const order: string[] = [];
    const loads = ['A', 'B', 'C'].map((name) =>
      vi.fn(async () => {
        order.push(name);
        return { [name]: Panel };
      }),
    );
    const failing = vi.fn(async () => Promise.reject(new Error('gone')));
    const dependency = vi.fn(async () => {
      order.push('dependency of B');
      return {};
    });
    lazyNamed(loads[0], 'A');
    lazyNamed(failing, 'Broken');
    prefetchModule(dependency);
    lazyNamed(loads[1], 'B');
    lazyNamed(loads[2], 'C');
    const idle: (() => void)[] = [];
    const run = prefetchLazyChunks((task) => idle.push(task));
    let settled = false;
    void run.then(() => (settled = true));
    // Nothing loads until the main thread is idle, then one chunk per idle period.
    await new Promise((r) => setTimeout(r, 10));
    expect(idle).toHaveLength(1);
    for (const load of [...loads, failing, dependency]) expect(load).not.toHaveBeenCalled();
    let periods = 0;
    while (!settled) {
      if (idle.length) {
        idle.shift()!();
        periods++;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    for (const load of [...loads, failing, dependency]) expect(load).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['A', 'dependency of B', 'B', 'C']);
    // The chunks declared by the tests above are prefetched too: seven chunks and a module, eight idle periods.
    expect(periods).toBe(8);
    expect(prefetchLazyChunks()).toBe(run);
  });
});

describe('prefetchLazyChunksAfterMark', () => {
  it('prefetches once the mark is set, not before', async () => {
    const prefetch = vi.fn();
    const cancel = prefetchLazyChunksAfterMark('test:drawn-1', 60_000, prefetch);
    await new Promise((r) => setTimeout(r, 20));
    expect(prefetch).not.toHaveBeenCalled();
    performance.mark('test:drawn-1');
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    performance.mark('test:drawn-1');
    await new Promise((r) => setTimeout(r, 20));
    expect(prefetch).toHaveBeenCalledTimes(1);
    cancel();
  });

  it('finds a mark set before it was asked, and falls back to a timer where none comes', async () => {
    performance.mark('test:drawn-2');
    const early = vi.fn();
    prefetchLazyChunksAfterMark('test:drawn-2', 60_000, early);
    await vi.waitFor(() => expect(early).toHaveBeenCalledTimes(1));
    const late = vi.fn();
    prefetchLazyChunksAfterMark('test:never', 30, late);
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1));
    const cancelled = vi.fn();
    prefetchLazyChunksAfterMark('test:never', 30, cancelled)();
    await new Promise((r) => setTimeout(r, 60));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
