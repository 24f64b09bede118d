// The service worker's static routes (issue 17, warm open), imported by the workbox service worker
// (vite.config.ts importScripts). The built files under /assets/ are named by their content hash and
// precached under their own address, so the browser answers them from the precache itself, without
// running this worker's fetch handler for each of the ≈ 30 module scripts an open loads. A file the
// precache lacks is fetched from the network, as the handler would. Browsers without static routing
// (InstallEvent.addRoutes) keep the fetch handler for everything.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([
        {
          condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) },
          // workbox-precaching's cache; its keys for hashed files are their plain addresses.
          source: { cacheName: `workbox-precache-v2-${self.registration.scope}` },
        },
      ])
      // A refused rule leaves every request to the fetch handler: the install still succeeds.
      .catch((error) => console.warn('service worker static routes not set', error)),
  );
});
