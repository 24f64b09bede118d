// Tickets of batches that arrived on the data worker's port. The main thread never sees those batches
// (DESIGN.md), so it waits for their tickets to know a layer is in before it fits the view.
const DEFAULT_TIMEOUT_MS = 30_000;

export class TicketBox {
  private readonly seen = new Set<string>();
  private readonly waiting = new Map<string, Array<(ok: boolean) => void>>();

  add(ticket: string): void {
    this.seen.add(ticket);
    for (const resolve of this.waiting.get(ticket) ?? []) resolve(true);
    this.waiting.delete(ticket);
  }

  /** Resolves true when the ticket has arrived (now or later), false after `timeoutMs`. Consumes it. */
  wait(ticket: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<boolean> {
    if (this.seen.delete(ticket)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const list = this.waiting.get(ticket)?.filter((r) => r !== done) ?? [];
        if (list.length) this.waiting.set(ticket, list);
        else this.waiting.delete(ticket);
        resolve(false);
      }, timeoutMs);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.seen.delete(ticket);
        resolve(ok);
      };
      this.waiting.set(ticket, [...(this.waiting.get(ticket) ?? []), done]);
    });
  }

  clear(): void {
    for (const list of this.waiting.values()) for (const resolve of list) resolve(false);
    this.waiting.clear();
    this.seen.clear();
  }
}
