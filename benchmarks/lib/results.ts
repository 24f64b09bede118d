// Writes the run: a timestamped JSON file plus latest.json, latest.md (tables) and frame-time.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKERS_THROTTLED_SHARE, type WorkerThrottleCheck } from './cdp.ts';
import type { MachineInfo } from './machine.ts';
import { CONTENDERS, type ScenarioResult } from './scenario.ts';
import { frameTimeSvg } from './svg.ts';

export interface RunResults {
  startedAt: string;
  finishedAt: string;
  mode: 'full' | 'quick';
  reps: number;
  machine: MachineInfo & { userAgent: string };
  fairness: {
    pinnedToOneCore: boolean;
    how: string;
    throttleFactors: number[];
    workerThrottleChecks: WorkerThrottleCheck[];
  };
  scenarios: ScenarioResult[];
  /** A combined table (benchmarks/combine.ts): which run each scenario came from. */
  sources?: { dir: string; startedAt: string; finishedAt: string; commit: string; scenarios: number[] }[];
}

const f = (v: number | null | undefined, d = 1) =>
  v == null || !Number.isFinite(v) ? 'n/a' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(d);

/**
 * What the check says of the workers. Unpinned, CDP leaves them at ≈ 1×; with the whole browser on one
 * core they come out partly slowed (≈ 2.4× at rate 4), which makes throttled Mapdraft figures (its
 * workers) look worse, never better.
 */
function workerVerdict(w: RunResults['fairness']['workerThrottleChecks'][number]): string {
  if (w.workerSlowdown < 1.5) return 'workers are NOT throttled by CDP';
  if (w.workerSlowdown >= WORKERS_THROTTLED_SHARE * w.rate) return 'workers ARE throttled by CDP';
  return 'workers are partly slowed: the pinned browser shares one core with the throttled main thread';
}

export function toMarkdown(r: RunResults): string {
  const lines: string[] = [];
  lines.push(`# Mapdraft benchmarks (${r.mode})`, '');
  lines.push(`Run ${r.startedAt} → ${r.finishedAt}; ${r.reps} repetitions per contender, alternated baseline, ceiling, Mapdraft.`, '');
  if (r.sources) {
    lines.push('Combined from separate runs on this machine, the newest run of each scenario:', '');
    for (const src of r.sources)
      lines.push(`- scenarios ${src.scenarios.join(', ')}: \`${src.dir}\` (${src.startedAt} → ${src.finishedAt}, commit ${src.commit})`);
    lines.push('');
  }
  if (r.mode === 'quick')
    lines.push(
      "**Quick mode**: sizes are reduced (scenario titles name the full sizes; each scenario's Parameters give the sizes actually run) and 2 repetitions are used. Targets are judged on these small sizes and say little about the full ones.",
      '',
    );
  lines.push(
    `Machine: ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB; ${r.machine.chromium}; Node ${r.machine.node}; commit ${r.machine.commit ?? 'unknown'}.`,
    '',
  );
  lines.push(`Fairness: ${r.fairness.how}`, '');
  for (const w of r.fairness.workerThrottleChecks) {
    lines.push(
      `Worker-throttle check at ${w.rate}×: main thread slowed ${f(w.mainSlowdown, 2)}×, dedicated worker slowed ${f(w.workerSlowdown, 2)}× → ${workerVerdict(w)} (main ${f(w.mainMsUnthrottled)}→${f(w.mainMsThrottled)} ms, worker ${f(w.workerMsUnthrottled)}→${f(w.workerMsThrottled)} ms).`,
      '',
    );
  }
  lines.push('## Summary', '');
  lines.push(
    '| # | scenario | metric | baseline median (min–max) | ceiling median (min–max) | Mapdraft median (min–max) | Mapdraft/baseline | Mapdraft/ceiling | targets |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const s of r.scenarios) {
    if (s.status !== 'ok') {
      lines.push(`| ${s.id} | ${s.title} | — | — | — | — | — | — | **${s.status.toUpperCase()}**: ${s.reason ?? ''} |`);
      continue;
    }
    const cell = (c: (typeof CONTENDERS)[number]) => {
      const m = s.contenders[c]?.metrics[s.primary];
      return m ? `${f(m.median)} (${f(m.min)}–${f(m.max)}) ${m.unit}` : '—';
    };
    const t = s.targets.map((x) => `${x.met === true ? '✅' : x.met === false ? '❌' : '❔'} ${x.text} (${x.detail})`).join('<br>');
    lines.push(
      `| ${s.id} | ${s.title} | ${s.primary} | ${cell('baseline')} | ${cell('ceiling')} | ${cell('mapdraft')} | ${f(s.ratios.mapdraftOverBaseline, 3)} | ${f(s.ratios.mapdraftOverCeiling, 3)} | ${t} |`,
    );
  }
  lines.push('');
  for (const s of r.scenarios) {
    lines.push(`## ${s.id}. ${s.title}`, '');
    if (s.status !== 'ok') {
      lines.push(`**${s.status.toUpperCase()}** — ${s.reason ?? ''}`, '');
      continue;
    }
    lines.push(`Parameters: \`${JSON.stringify(s.params)}\`${s.durationS ? ` — took ${s.durationS.toFixed(0)} s` : ''}`, '');
    lines.push('| contender | what | metric | median | min | max | n |', '|---|---|---|---|---|---|---|');
    for (const c of CONTENDERS) {
      const cc = s.contenders[c];
      if (!cc) continue;
      for (const [name, m] of Object.entries(cc.metrics)) {
        lines.push(
          `| ${c} | ${cc.label} | ${name}${m.unit ? ` (${m.unit})` : ''} | ${f(m.median, 2)} | ${f(m.min, 2)} | ${f(m.max, 2)} | ${m.n} |`,
        );
      }
    }
    lines.push('', '**Targets**', '');
    for (const t of s.targets)
      lines.push(`- ${t.met === true ? 'MET' : t.met === false ? '**MISSED**' : 'NOT JUDGED'}: ${t.text} — ${t.detail}`);
    if (s.notes.length) lines.push('', '**Notes**', '', ...s.notes.map((n) => `- ${n}`));
    lines.push('');
  }
  return lines.join('\n') + '\n';
}

export function writeResults(dir: string, r: RunResults): { json: string; md: string; svg: string } {
  mkdirSync(dir, { recursive: true });
  const stamp = r.startedAt.replace(/[:.]/g, '-');
  const body = JSON.stringify(r, null, 2) + '\n';
  const json = join(dir, `bench-${r.mode}-${stamp}.json`);
  writeFileSync(json, body);
  writeFileSync(join(dir, 'latest.json'), body);
  const md = join(dir, 'latest.md');
  writeFileSync(md, toMarkdown(r));
  const series = r.scenarios.flatMap((s) => s.series ?? []);
  const svg = join(dir, 'frame-time.svg');
  writeFileSync(svg, frameTimeSvg(series, 'Pan/zoom frame time p95 vs feature count (scenario 1, one core)'));
  return { json, md, svg };
}
