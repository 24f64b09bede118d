// One app of the owner's overview (SPEC §2): status, created and activated dates, activation with its
// confirmation (§8) and "app key activated", the invoice download, the install guide and the settings.
import { useState } from 'react';
import { Badge, Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { OverviewApp } from '../api/auth.ts';
import { activateApp, fetchInvoice } from '../api/owner.ts';
import { requestConfirm } from '../dialogs/confirm_store.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';
import { saveBlob } from '../ui/save_blob.ts';
import { InstallGuide } from './InstallGuide.tsx';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

interface Props {
  app: OverviewApp;
  onChanged: () => void;
  onOpenMap: () => void;
  onSettings: () => void;
}

export function AppCard({ app, onChanged, onOpenMap, onSettings }: Props) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [guide, setGuide] = useState(false);
  const name = app.appName ?? app.appKey;
  const date = (iso?: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language.replace('_', '-')) : '—');
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  const activate = () =>
    run(async () => {
      if (!(await requestConfirm('activate', name))) return;
      await activateApp(app.appKey);
      notifySuccess('APP_KEY_ACTIVATED');
      onChanged();
    });
  const invoice = () => run(async () => saveBlob(await fetchInvoice(app.appKey), `invoice-${app.invoiceNumber ?? app.appKey}.pdf`));
  return (
    <Card data-testid="overview-app" data-app-key={app.appKey}>
      <CardHeader
        header={<Text weight="semibold">{name}</Text>}
        description={
          <Text size={200} style={{ wordBreak: 'break-all' }}>
            {app.appKey}
          </Text>
        }
        action={
          <Badge color={app.activated ? 'success' : 'warning'} data-testid="app-status" style={{ whiteSpace: 'nowrap' }}>
            {app.activated ? t('overview.activated') : t('overview.notActivated')}
          </Badge>
        }
      />
      <div className={styles.body}>
        <Text size={200}>{t('owner.created', { date: date(app.createdAt) })}</Text>
        <Text size={200}>{t('owner.activatedOn', { date: date(app.activatedAt) })}</Text>
        <div className={styles.actions}>
          <Button size="small" onClick={onOpenMap}>
            {t('owner.openMap')}
          </Button>
          <Button size="small" onClick={onSettings} data-testid="app-settings">
            {t('owner.settings')}
          </Button>
          {app.activated ? (
            <Button size="small" onClick={invoice} disabled={busy} data-testid="app-invoice">
              {t('owner.invoiceDownload')}
            </Button>
          ) : (
            <Button size="small" appearance="primary" onClick={activate} disabled={busy} data-testid="app-activate">
              {t('owner.activate')}
            </Button>
          )}
          <Button size="small" onClick={() => setGuide((g) => !g)} aria-expanded={guide} data-testid="app-install">
            {t('owner.install.title')}
          </Button>
        </div>
        {guide && <InstallGuide appKey={app.appKey} />}
      </div>
    </Card>
  );
}
