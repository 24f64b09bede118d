// Issue 17: a drawer, dialog or panel whose code is a lazy chunk (src/config/lazy.ts) is mounted the
// first time it opens, and stays mounted after (its own open flag drives its exit motion and focus
// return). Until then the first screen neither fetches nor evaluates it.
import { Component, Suspense, useState, type ReactNode } from 'react';
import { ERRORS } from '../model/index.ts';
import { notify } from '../state/notifications.ts';
import { ChunkLoadError } from './lazy.ts';

interface BoundaryProps {
  onFailed: () => void;
  children: ReactNode;
}

/**
 * A chunk that fails (SPEC §9 time-out, no network, a stale deploy) shows the SPEC §8 red
 * notification and leaves the rest of the app as it was.
 */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (!(error instanceof ChunkLoadError)) return;
    console.error(ERRORS.CHUNK_LOAD_FAILED, error);
    notify({ intent: 'error', textKey: 'errors.CHUNK_LOAD_FAILED', defaultText: ERRORS.CHUNK_LOAD_FAILED });
    this.props.onFailed();
  }

  render() {
    const { error } = this.state;
    // Any other error is no loading matter: it goes on up as it would without this boundary.
    if (error && !(error instanceof ChunkLoadError)) throw error;
    return error ? null : this.props.children;
  }
}

export interface LazySurfaceProps {
  /** Whether the surface is open now; its chunk is loaded the first time this is true. */
  open: boolean;
  /** Closes the surface after its chunk failed, so that the next tap opens (and loads) it again. */
  onFailed?: () => void;
  children: ReactNode;
}

export function LazySurface({ open, onFailed, children }: LazySurfaceProps) {
  // 'failed' waits for the surface to close before its next opening tries the chunk again.
  const [state, setState] = useState<'closed' | 'mounted' | 'failed'>(open ? 'mounted' : 'closed');
  if (open && state === 'closed') setState('mounted');
  if (!open && state === 'failed') setState('closed');
  if (state !== 'mounted') return null;
  const failed = () => {
    setState('failed');
    onFailed?.();
  };
  return (
    <ChunkBoundary onFailed={failed}>
      <Suspense fallback={null}>{children}</Suspense>
    </ChunkBoundary>
  );
}
