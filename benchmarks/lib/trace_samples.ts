// The JavaScript samples of a Chrome trace taken with `disabled-by-default-v8.cpu_profiler`: every
// thread that runs V8 (main thread, workers) is sampled, and its `Profile` / `ProfileChunk` events
// carry the sampled call frames. Gives each thread's self time by function in a time window, which a
// CDP profile of the page alone cannot (issue 17: where a worker's share of an open goes).
import type { TraceEvent } from './trace_event.ts';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number };
}

interface ChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Thread key (`pid:tid`) → "function file:line" → self milliseconds, for samples in [t0, t1] (trace µs). */
export function jsSelfTimeByThread(events: readonly TraceEvent[], t0: number, t1: number): Map<string, Map<string, number>> {
  const profiles = new Map<string, { thread: string; clock: number; nodes: Map<number, ProfileNode> }>();
  const out = new Map<string, Map<string, number>>();
  for (const e of events) {
    const key = `${e.pid}:${e.id}`;
    if (e.name === 'Profile') {
      const start = (e.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts;
      profiles.set(key, { thread: `${e.pid}:${e.tid}`, clock: start, nodes: new Map() });
      continue;
    }
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(key);
    const data = e.args?.data as ChunkData | undefined;
    if (!profile || !data) continue;
    for (const n of data.cpuProfile?.nodes ?? []) profile.nodes.set(n.id, n);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    let self = out.get(profile.thread);
    if (!self) out.set(profile.thread, (self = new Map()));
    samples.forEach((id, i) => {
      const next = profile.clock + (deltas[i] ?? 0);
      const ms = (next - profile.clock) / 1000;
      profile.clock = next;
      if (next < t0 || next > t1) return;
      const f = profile.nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)') return;
      const file = ((f.url ?? '').split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, '.js');
      const name = `${f.functionName || '(anon)'} ${file}${file ? `:${f.lineNumber}` : ''}`;
      self.set(name, (self.get(name) ?? 0) + ms);
    });
  }
  return out;
}
