// Entry point: begin the start-up's requests (start_early.ts), start translations, mount React, register the service worker once the features are
// drawn (SPEC §1 offline, update mechanism; issue 17). The app key and route are read by the shell from the address.
import './zod_without_eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { DEMO_APP_KEY, ERRORS } from './model/index.ts';
import { resolveAppKey } from './api/app_key.ts';
import { rememberedLanguage } from './state/settings_store.ts';
import { initI18n } from './i18n/index.ts';
import { registerServiceWorkerOnceDrawn } from './pwa/register_sw.ts';
import { App } from './App.tsx';
import { parseRoute } from './state/route.ts';
import { startEarly } from './start_early.ts';

async function start() {
  const appKey = resolveAppKey(window.location, DEMO_APP_KEY);
  // networkMode 'always': react-query would pause every query and mutation while the browser says
  // offline, but offline is when the local store answers and the outbox keeps suggestions (DESIGN
  // "Offline first"); each call decides for itself what no connection means.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, networkMode: 'always' }, mutations: { networkMode: 'always' } },
  });
  // Issue 17: the configuration and the layers are asked for now, while React renders the shell.
  // What fails is the shell's to say: its queries are these, and they report their errors.
  startEarly(queryClient, appKey, parseRoute(window.location.pathname)).catch(() => undefined);
  // SPEC §1: English until the stored settings or the app config name another language (Shell); the
  // language last used for this app on this device from the first render (settings_store.ts).
  await initI18n(rememberedLanguage(appKey));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // Only the built app has a service worker; the dev server would cache stale modules. It is
  // registered once the features are drawn, so its precache does not compete with the first open.
  if (import.meta.env.PROD) registerServiceWorkerOnceDrawn();
}

start().catch((err: unknown) => {
  // SPEC §8: startup failures are logged as 'critical error occurred'.
  console.error(ERRORS.CRITICAL_ERROR, err);
});
