// Small, dependency-free statistics for the bench results: medians and ranges over repetitions,
// percentiles over samples (frame times, tap latencies).

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
}

export function percentile(values: readonly number[], p: number): number {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return NaN;
  // Nearest-rank on the sorted samples (no interpolation: a p95 is a frame that happened).
  const rank = Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1));
  return xs[rank];
}

export const median = (values: readonly number[]): number => {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return NaN;
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
};

export function summarize(values: readonly number[]): Summary {
  const xs = values.filter((v) => Number.isFinite(v));
  return {
    n: xs.length,
    median: median(xs),
    min: xs.length ? Math.min(...xs) : NaN,
    max: xs.length ? Math.max(...xs) : NaN,
  };
}

export const round = (v: number, digits = 2): number => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);
