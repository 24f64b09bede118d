// Providers only: theme (Fluent), server state (react-query), translations (i18next).
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from './i18n/index.ts';
import { MapScreen } from './screens/MapScreen.tsx';

export interface AppProps {
  appKey: string;
  queryClient: QueryClient;
}

export function App({ appKey, queryClient }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
          <MapScreen appKey={appKey} />
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
