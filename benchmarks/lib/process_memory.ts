// Resident memory of Chromium's renderer processes (they hold the page's heap AND its workers'
// heaps, which CDP Performance.getMetrics does not see), read from /proc.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export async function rendererRssBytes(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    let total = 0;
    for (const p of processInfo) {
      if (p.type !== 'renderer') continue;
      try {
        const m = readFileSync(`/proc/${p.id}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
        if (m) total += Number(m[1]) * 1024;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
