// SPEC §2: any path other than `/:appkey?` and its child `overview` is the not-found page.
import { Button, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocationStore } from '../state/location_store.ts';
import { routePath } from '../state/route.ts';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
});

export function NotFoundScreen({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <main className={styles.page} data-testid="not-found">
      <Title2 as="h1">{t('notFound.title')}</Title2>
      <Text>{t('notFound.text')}</Text>
      <Button appearance="primary" onClick={() => useLocationStore.getState().navigate(routePath('map', appKey))}>
        {t('notFound.back')}
      </Button>
    </main>
  );
}
