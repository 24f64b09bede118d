// Hand-written SVG line chart (no dependencies): frame time p95 against feature count, one line per contender.
import type { Contender } from './scenario.ts';

const COLORS: Record<Contender, string> = { baseline: '#d1495b', ceiling: '#2e86ab', mapdraft: '#3b8b3b' };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function frameTimeSvg(points: { featureCount: number; contender: Contender; frameP95: number }[], title: string): string {
  const W = 720,
    H = 420,
    L = 70,
    R = 150,
    T = 40,
    B = 60;
  const pts = points.filter((p) => Number.isFinite(p.frameP95) && p.frameP95 > 0 && p.featureCount > 0);
  if (pts.length === 0) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="120"><text x="10" y="60" font-family="sans-serif">${esc(title)}: no frame data in this run</text></svg>\n`;
  }
  // Log scales on both axes: counts span 10k–1M and frame times span a few ms to seconds.
  const xs = pts.map((p) => Math.log10(p.featureCount));
  const ys = pts.map((p) => Math.log10(p.frameP95));
  let x0 = Math.floor(Math.min(...xs)),
    x1 = Math.ceil(Math.max(...xs));
  let y0 = Math.floor(Math.min(...ys)),
    y1 = Math.ceil(Math.max(...ys));
  if (x1 === x0) x1++;
  if (y1 === y0) y1++;
  const sx = (v: number) => L + ((Math.log10(v) - x0) / (x1 - x0)) * (W - L - R);
  const sy = (v: number) => H - B - ((Math.log10(v) - y0) / (y1 - y0)) * (H - T - B);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${esc(title)}</text>`);
  for (let e = x0; e <= x1; e++) {
    const x = sx(10 ** e);
    out.push(`<line x1="${x}" y1="${T}" x2="${x}" y2="${H - B}" stroke="#ddd"/>`);
    out.push(`<text x="${x}" y="${H - B + 18}" text-anchor="middle">${(10 ** e).toLocaleString('en-US')}</text>`);
  }
  for (let e = y0; e <= y1; e++) {
    const y = sy(10 ** e);
    out.push(`<line x1="${L}" y1="${y}" x2="${W - R}" y2="${y}" stroke="#ddd"/>`);
    out.push(
      `<text x="${L - 8}" y="${y + 4}" text-anchor="end">${10 ** e >= 1 ? (10 ** e).toLocaleString('en-US') : (10 ** e).toString()} ms</text>`,
    );
  }
  out.push(
    `<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`,
  );
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 18}" text-anchor="middle">features drawn (log scale)</text>`);
  out.push(`<text transform="translate(18 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">frame time p95 (log scale)</text>`);
  let legendY = T + 10;
  for (const c of ['baseline', 'ceiling', 'mapdraft'] as Contender[]) {
    const series = pts.filter((p) => p.contender === c).sort((a, b) => a.featureCount - b.featureCount);
    if (!series.length) continue;
    const d = series.map((p, i) => `${i ? 'L' : 'M'}${sx(p.featureCount).toFixed(1)},${sy(p.frameP95).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${COLORS[c]}" stroke-width="2"/>`);
    for (const p of series) {
      out.push(
        `<circle cx="${sx(p.featureCount).toFixed(1)}" cy="${sy(p.frameP95).toFixed(1)}" r="4" fill="${COLORS[c]}"><title>${c}: ${p.featureCount} features, p95 ${p.frameP95.toFixed(1)} ms</title></circle>`,
      );
    }
    out.push(
      `<rect x="${W - R + 15}" y="${legendY - 9}" width="12" height="12" fill="${COLORS[c]}"/><text x="${W - R + 32}" y="${legendY + 1}">${c}</text>`,
    );
    legendY += 20;
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
