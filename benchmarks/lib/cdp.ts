// CDP helpers: CPU throttling, memory metrics, and the per-run check of how the throttle treats workers.
import type { CDPSession, Page } from 'playwright-core';

export async function cdpFor(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}

export async function setThrottle(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Each request answered `ms` later than it would be (a mobile network's round trip), bandwidth unlimited. */
export async function setLatency(cdp: CDPSession, ms: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: ms, downloadThroughput: -1, uploadThroughput: -1 });
}

export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

export interface WorkerThrottleCheck {
  rate: number;
  mainMsUnthrottled: number;
  mainMsThrottled: number;
  workerMsUnthrottled: number;
  workerMsThrottled: number;
  /** throttled / unthrottled on the main thread (≈ rate when the throttle works). */
  mainSlowdown: number;
  /** throttled / unthrottled in a dedicated worker (≈ 1 when workers are not throttled). */
  workerSlowdown: number;
  workersThrottled: boolean;
}

/** A worker slowed by this share of the rate or more counts as throttled by CDP. */
export const WORKERS_THROTTLED_SHARE = 0.75;

type LoopPage = { __bench: { loopMain(n: number): number; loopWorker(n: number): Promise<number> } };

/** The same fixed loop on the main thread and in a dedicated worker, at rate 1 and at `rate`. */
export async function checkWorkerThrottle(page: Page, cdp: CDPSession, rate = 4, iterations = 1e7): Promise<WorkerThrottleCheck> {
  // Median of three of each, so one preemption on the shared core does not decide the verdict.
  const med3 = (xs: number[]) => xs.sort((a, b) => a - b)[1];
  const run = async () => {
    const main: number[] = [],
      worker: number[] = [];
    for (let i = 0; i < 3; i++) {
      main.push(await page.evaluate((n) => (window as unknown as LoopPage).__bench.loopMain(n), iterations));
      worker.push(await page.evaluate((n) => (window as unknown as LoopPage).__bench.loopWorker(n), iterations));
    }
    return { main: med3(main), worker: med3(worker) };
  };
  await setThrottle(cdp, 1);
  await run(); // warm-up (JIT)
  const base = await run();
  await setThrottle(cdp, rate);
  const slow = await run();
  await setThrottle(cdp, 1);
  const mainSlowdown = slow.main / base.main;
  const workerSlowdown = slow.worker / base.worker;
  return {
    rate,
    mainMsUnthrottled: base.main,
    mainMsThrottled: slow.main,
    workerMsUnthrottled: base.worker,
    workerMsThrottled: slow.worker,
    mainSlowdown,
    workerSlowdown,
    workersThrottled: workerSlowdown >= WORKERS_THROTTLED_SHARE * rate,
  };
}
