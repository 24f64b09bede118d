// Entry point: read the app key from the address (SPEC §2), start translations, mount React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { DEMO_APP_KEY } from './model/index.ts';
import { resolveAppKey } from './api/appKey.ts';
import { initI18n } from './i18n/index.ts';
import { App } from './App.tsx';

async function start() {
  // No key in the address: show the demo app, so `/` is never an empty page.
  const appKey = resolveAppKey(window.location, DEMO_APP_KEY);
  // SPEC §1: English until the app config names its defaultLanguage (applied in MapScreen).
  await initI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App appKey={appKey} queryClient={queryClient} />
    </StrictMode>,
  );
}

start().catch((err: unknown) => {
  // SPEC §8: startup failures are logged as 'critical error occurred'.
  console.error('critical error occurred', err);
});
