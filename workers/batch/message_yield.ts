// Gives the event loop a turn between two slices of a long job in a worker (simplifying a band, indexing
// a search, building a layer's geometry), so queued messages run in between. A port message, not
// setTimeout(0): nested timeouts are clamped to 4 ms, a third of an 8 ms slice.

/** A yield function with its own channel, made on first use and reused by every later call. */
export function messageYield(): () => Promise<void> {
  let channel: MessageChannel | undefined;
  const waiting: (() => void)[] = [];
  return () =>
    new Promise<void>((resolve) => {
      if (!channel) {
        channel = new MessageChannel();
        channel.port1.onmessage = () => waiting.shift()?.();
        // Node (unit tests): an open port would keep the process alive once the job is done.
        (channel.port1 as { unref?: () => void }).unref?.();
      }
      waiting.push(resolve);
      channel.port2.postMessage(0);
    });
}
