// SPEC §2 app overview (child route `overview`): the owner's apps from GET /api/apps/overview with
// their status, dates, activation, invoice, install guide and settings; the create-app prompt. A
// visitor is asked to log in. Loaded lazily (src/config/lazy.ts).
import { useState } from 'react';
import { Button, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchOverview } from '../api/auth.ts';
import { AppCard } from '../owner/AppCard.tsx';
import { AppSettingsDialog } from '../owner/AppSettingsDialog.tsx';
import { CreateAppDialog } from '../owner/CreateAppDialog.tsx';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useLocationStore } from '../state/location_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { routePath } from '../state/route.ts';
import { errorKeyOf } from '../state/notifications.ts';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grid: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))' },
});

export function OverviewScreen({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const loggedIn = useAuthStore(isLoggedIn);
  const userId = useAuthStore((s) => s.user?.id);
  const queries = useQueryClient();
  const apps = useQuery({ queryKey: ['overview', userId], queryFn: () => fetchOverview(), enabled: loggedIn });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['overview'] });
  const nav = useLocationStore((s) => s.navigate);
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  return (
    <main className={styles.page} data-testid="overview">
      <div className={styles.head}>
        <Title2 as="h1">{t('overview.title')}</Title2>
        <Button onClick={() => nav(routePath('map', appKey))}>{t('overview.backToMap')}</Button>
        {loggedIn && (
          <Button appearance="primary" onClick={() => setCreating(true)} data-testid="create-app">
            {t('owner.create.title')}
          </Button>
        )}
      </div>
      {!loggedIn && (
        <div className={styles.head}>
          <Text>{t('overview.loginRequired')}</Text>
          <Button appearance="primary" onClick={() => useUiStore.getState().openAuth('login')} data-testid="overview-login">
            {t('auth.login')}
          </Button>
        </div>
      )}
      {loggedIn && apps.isPending && <Spinner label={t('common.loading')} />}
      {apps.isError && <Text>{t(`errors.${errorKeyOf(apps.error)}`)}</Text>}
      {apps.data && apps.data.length === 0 && <Text>{t('overview.empty')}</Text>}
      <div className={styles.grid}>
        {apps.data?.map((a) => (
          <AppCard
            key={a.appKey}
            app={a}
            onChanged={refresh}
            onOpenMap={() => nav(routePath('map', a.appKey))}
            onSettings={() => setSettingsOf(a.appKey)}
          />
        ))}
      </div>
      <CreateAppDialog open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      {settingsOf && <AppSettingsDialog appKey={settingsOf} onClose={() => setSettingsOf(null)} onSaved={refresh} />}
    </main>
  );
}
