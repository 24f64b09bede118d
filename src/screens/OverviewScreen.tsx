// SPEC §2 app overview (child route `overview`): the owner's apps from GET /api/apps/overview
// when logged in; a visitor is asked to log in. Loaded lazily (src/config/lazy.ts).
import { Badge, Button, Card, CardHeader, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchOverview } from '../api/auth.ts';
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
  grid: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' },
});

export function OverviewScreen({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const loggedIn = useAuthStore(isLoggedIn);
  const userId = useAuthStore((s) => s.user?.id);
  const apps = useQuery({ queryKey: ['overview', userId], queryFn: () => fetchOverview(), enabled: loggedIn });
  const nav = useLocationStore((s) => s.navigate);
  return (
    <main className={styles.page} data-testid="overview">
      <div className={styles.head}>
        <Title2 as="h1">{t('overview.title')}</Title2>
        <Button onClick={() => nav(routePath('map', appKey))}>{t('overview.backToMap')}</Button>
      </div>
      {!loggedIn && (
        <div className={styles.head}>
          <Text>{t('overview.loginRequired')}</Text>
          <Button appearance="primary" onClick={() => useUiStore.getState().openAuth('login')}>
            {t('auth.login')}
          </Button>
        </div>
      )}
      {loggedIn && apps.isPending && <Spinner label={t('common.loading')} />}
      {apps.isError && <Text>{t(`errors.${errorKeyOf(apps.error)}`)}</Text>}
      {apps.data && apps.data.length === 0 && <Text>{t('overview.empty')}</Text>}
      <div className={styles.grid}>
        {apps.data?.map((a) => (
          <Card key={a.appKey} onClick={() => nav(routePath('map', a.appKey))} data-testid="overview-app">
            <CardHeader
              header={<Text weight="semibold">{a.appName ?? a.appKey}</Text>}
              description={<Text size={200}>{a.appKey}</Text>}
              action={
                <Badge color={a.activated ? 'success' : 'warning'}>
                  {a.activated ? t('overview.activated') : t('overview.notActivated')}
                </Badge>
              }
            />
          </Card>
        ))}
      </div>
    </main>
  );
}
