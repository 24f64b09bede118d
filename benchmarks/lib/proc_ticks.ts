// CPU time per process kind and thread name of this Node process and everything under it (the bench
// server runs in it, the browser under it), read from /proc: threads a Chrome trace does not show too
// (SwiftShader's, V8's background threads). Linux only.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ticks (1/100 s) per process/thread name of this process and its descendants (the server runs in it, the browser under it). */
export function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {}
  }
  const visit = (pid: number) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const kind = pid === process.pid ? 'node' : (/--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser');
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '#');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${kind}/${name}`;
        ticks.set(key, (ticks.get(key) ?? 0) + Number(f[11]) + Number(f[12]));
      }
    } catch {}
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(process.pid);
  return ticks;
}

export function printTicks(before: Map<string, number>, after: Map<string, number>): void {
  const diff = [...after].map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const).filter(([, v]) => v >= 3);
  const total = diff.reduce((a, [, v]) => a + v, 0);
  console.log(`CPU by process/thread (all threads, traced or not): ${total * 10} ms in all`);
  for (const [k, v] of diff.sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`   ${String(v * 10).padStart(6)} ms  ${k}`);
}
