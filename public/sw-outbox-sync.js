// Background Sync for the outbox (issue 11), imported by the workbox service worker (vite.config.ts
// importScripts). The outbox lives in the data worker's SQLite on OPFS, which a service worker cannot
// open (no synchronous access handles there), so the sync event asks the open app windows to replay.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'mapdraft-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'mapdraft-outbox-replay' });
    }),
  );
});
