// What every scenario module exports, and the shared A B C alternation.
import type { Browser, Page } from 'playwright-core';
import { summarize, type Summary } from './stats.ts';

export const CONTENDERS = ['baseline', 'ceiling', 'mapdraft'] as const;
export type Contender = (typeof CONTENDERS)[number];

export interface Target {
  text: string;
  /** null: could not be judged from this run (say why in `detail`). */
  met: boolean | null;
  detail: string;
}

export interface MetricResult extends Summary {
  unit: string;
  samples: number[];
}

export interface ScenarioResult {
  id: number;
  name: string;
  title: string;
  status: 'ok' | 'not-run' | 'error';
  reason?: string;
  params: Record<string, unknown>;
  /** Which metric the ratios are taken on. */
  primary: string;
  contenders: Partial<Record<Contender, { label: string; metrics: Record<string, MetricResult> }>>;
  ratios: { mapdraftOverBaseline: number | null; mapdraftOverCeiling: number | null };
  targets: Target[];
  notes: string[];
  /** Extra per-size series for the chart (scenario 1). */
  series?: { featureCount: number; contender: Contender; frameP95: number }[];
  durationS?: number;
}

export interface RunContext {
  browser: Browser;
  baseUrl: string;
  quick: boolean;
  reps: number;
  log: (line: string) => void;
  openPage(): Promise<Page>;
}

export interface Scenario {
  id: number;
  name: string;
  title: string;
  run(ctx: RunContext): Promise<ScenarioResult>;
}

/** Runs `fn` for every contender, alternated A B C A B C, `reps` times; collects the numeric metrics. */
export async function alternate(
  reps: number,
  contenders: readonly Contender[],
  fn: (c: Contender, rep: number) => Promise<Record<string, unknown>>,
  log?: (line: string) => void,
  options: { warmup?: boolean } = {},
): Promise<Record<Contender, Record<string, number[]>>> {
  const out = Object.fromEntries(contenders.map((c) => [c, {}])) as Record<Contender, Record<string, number[]>>;
  // One untimed run per contender first (JIT, lazy allocations), where the scenario asks for it.
  if (options.warmup) for (const c of contenders) await fn(c, -1);
  for (let rep = 0; rep < reps; rep++) {
    for (const c of contenders) {
      const r = await fn(c, rep);
      for (const [k, v] of Object.entries(r)) {
        if (typeof v !== 'number') continue;
        (out[c][k] ??= []).push(v);
      }
      log?.(
        `    rep ${rep + 1}/${reps} ${c}: ${Object.entries(r)
          .filter(([, v]) => typeof v === 'number')
          .slice(0, 4)
          .map(([k, v]) => `${k}=${(v as number).toFixed(1)}`)
          .join(' ')}`,
      );
    }
  }
  return out;
}

export function metric(samples: number[] | undefined, unit = 'ms'): MetricResult {
  const s = samples ?? [];
  return { ...summarize(s), unit, samples: s.map((v) => Math.round(v * 100) / 100) };
}

export function ratio(a: number | undefined, b: number | undefined): number | null {
  return a != null && b != null && Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : null;
}

export function notRun(id: number, name: string, title: string, reason: string): ScenarioResult {
  return {
    id,
    name,
    title,
    status: 'not-run',
    reason,
    params: {},
    primary: '',
    contenders: {},
    ratios: { mapdraftOverBaseline: null, mapdraftOverCeiling: null },
    targets: [],
    notes: [],
  };
}

/** Builds a result from per-contender metric samples. */
export function buildResult(
  base: Pick<ScenarioResult, 'id' | 'name' | 'title' | 'params' | 'primary' | 'notes'>,
  labels: Partial<Record<Contender, string>>,
  samples: Partial<Record<Contender, Record<string, number[]>>>,
  units: Record<string, string> = {},
): ScenarioResult {
  const contenders: ScenarioResult['contenders'] = {};
  for (const c of CONTENDERS) {
    const s = samples[c];
    if (!s) continue;
    contenders[c] = {
      label: labels[c] ?? c,
      metrics: Object.fromEntries(
        Object.entries(s).map(([k, v]) => [k, metric(v, units[k] ?? (/Ms(@|$)/.test(k) || k === 'ms' ? 'ms' : /Pct$/.test(k) ? '%' : ''))]),
      ),
    };
  }
  const med = (c: Contender) => contenders[c]?.metrics[base.primary]?.median;
  return {
    ...base,
    status: 'ok',
    contenders,
    ratios: { mapdraftOverBaseline: ratio(med('mapdraft'), med('baseline')), mapdraftOverCeiling: ratio(med('mapdraft'), med('ceiling')) },
    targets: [],
  };
}

export const med = (r: ScenarioResult, c: Contender, m: string): number => r.contenders[c]?.metrics[m]?.median ?? NaN;
export const maxOf = (r: ScenarioResult, c: Contender, m: string): number => r.contenders[c]?.metrics[m]?.max ?? NaN;
export const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
