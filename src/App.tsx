// Providers only: translations (i18next), server state (react-query); the shell adds the Fluent
// theme computed from the app configuration (src/screens/Shell.tsx).
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from './i18n/index.ts';
import { Shell } from './screens/Shell.tsx';

export interface AppProps {
  queryClient: QueryClient;
}

export function App({ queryClient }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
