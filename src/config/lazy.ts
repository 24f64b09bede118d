// SPEC §9: a lazy-loaded chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS (120,000 ms) fails
// with a clear error instead of leaving a spinner forever (slow mobile links, stale deploys).
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../model/index.ts';

export class ChunkLoadTimeoutError extends Error {
  constructor(
    readonly chunk: string,
    readonly ms: number,
  ) {
    super(`Loading chunk "${chunk}" timed out after ${ms} ms`);
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

/** React.lazy for a named export, with the chunk time-out. */
export function lazyNamed<P extends object>(load: () => Promise<Record<string, unknown>>, name: string, ms = CHUNK_LOAD_TIMEOUT_MS) {
  return lazy(async () => {
    const mod = await withTimeout(load, name, ms);
    return { default: mod[name] as ComponentType<P> };
  });
}
