// A module worker that fails (its script did not load, or threw as it ran) never answers a call: each
// worker's client races its calls against this, so a failure falls back or reports instead of hanging.

/**
 * Rejects once `worker` reports an error. Handled here as well, so a worker nobody waits on yet (one
 * started early, issue 17) fails without an unhandled rejection.
 */
export function workerFailed(worker: Worker, fallbackMessage: string): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(e.message || fallbackMessage)), { once: true });
  });
  failed.catch(() => undefined);
  return failed;
}
