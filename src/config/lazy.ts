// SPEC §9: a lazy-loaded chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS (120,000 ms) fails
// with a clear error instead of leaving a spinner forever (slow mobile links, stale deploys).
// Issue 17: everything the first screen does not draw (drawers, dialogs, the feature prompt, the
// draft form, the review queue, the route panel…) is such a chunk; once the features are drawn the
// chunks are fetched and evaluated in idle time, so a later tap finds its code ready.
// The idle time counts only once the user has stopped touching the page (src/config/idle.ts).
import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../model/index.ts';
import { afterMark } from './after_mark.ts';
import { whenInputQuiet } from './idle.ts';

/** A lazy chunk that did not load: the network failed, the file is gone (a stale deploy), or it timed out. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export class ChunkLoadTimeoutError extends ChunkLoadError {
  constructor(
    chunk: string,
    readonly ms: number,
  ) {
    super(chunk, `Loading chunk "${chunk}" timed out after ${ms} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

export function withTimeout<T>(load: () => Promise<T>, chunk: string, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(chunk, ms)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches and evaluates the chunk (once; again after a failure). */
  preload: () => Promise<ComponentType<P>>;
};

/** Every lazy component's preload, in the order they were declared (prefetchLazyChunks). */
const preloads: (() => Promise<unknown>)[] = [];

/**
 * React.lazy for a named export, with the chunk time-out. A component whose chunk is already here
 * (prefetched) renders at once, without a Suspense fallback for a frame; a failed load is tried
 * again on the next mount (React.lazy alone would keep the failure for good).
 */
export function lazyNamed<P extends object>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
  ms = CHUNK_LOAD_TIMEOUT_MS,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= withTimeout(load, name, ms).then(
      (mod) => (loaded = mod[name] as ComponentType<P>),
      (err: unknown) => {
        pending = undefined;
        throw err instanceof ChunkLoadError ? err : new ChunkLoadError(name, `Loading chunk "${name}" failed`, { cause: err });
      },
    );
    return pending;
  };
  function Lazy(props: P) {
    // Fixed per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? lazy(async () => ({ default: await preload() })));
    return createElement(Component, props);
  }
  Lazy.displayName = `Lazy(${name})`;
  preloads.push(preload);
  return Object.assign(Lazy, { preload });
}

/**
 * Adds a module a lazy chunk imports to the prefetch, in an idle period of its own ahead of the chunks
 * declared after this call: where one module's evaluation is most of a chunk's (DOMPurify in the
 * prompt's), the chunk's one task of evaluation is then two shorter ones.
 */
export function prefetchModule(load: () => Promise<unknown>): void {
  // Only the prefetch calls it, and that runs once: no memo of its own (a failure is left to the chunk's import).
  preloads.push(load);
}

let prefetching: Promise<void> | undefined;

/**
 * Fetches and evaluates every lazy chunk, one per idle period once the user's input is quiet
 * (`whenInputQuiet`), so no long task competes with a tap or a pan. Called once the features are
 * drawn; later calls return the same run. A chunk that fails is left to load (with its error) when it is opened.
 */
export function prefetchLazyChunks(idle: (task: () => void) => void = whenInputQuiet): Promise<void> {
  prefetching ??= (async () => {
    for (const preload of preloads) {
      await new Promise<void>((resolve) => idle(resolve));
      await preload().catch(() => undefined);
    }
  })();
  return prefetching;
}

/**
 * Prefetches the lazy chunks once the performance mark `mark` is set (the features drawn: nothing on
 * the first screen waits for them then), or after `fallbackMs` where it never is (an app without
 * vector layers). Returns the cancel for an effect's cleanup.
 */
export function prefetchLazyChunksAfterMark(mark: string, fallbackMs: number, prefetch: () => unknown = prefetchLazyChunks): () => void {
  return afterMark(mark, fallbackMs, prefetch);
}
