// What waits on this device: the outbox badge, and the list of waiting, sending, refused
// and conflicting suggestions, each removable; a conflict opens the comparison with the current version.
import { useState } from 'react';
import { Badge, Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { OutboxItem, OutboxStatus } from '../model/index.ts';
import { useConfirm } from '../dialogs/confirm_store.ts';
import { discardOutboxItem, replayOutbox, resubmitOutboxItem, useOutbox } from './outbox.ts';
import { ConflictCompare } from './ConflictCompare.tsx';
import { useOnline } from '../pwa/connectivity.ts';
import { useFeatureUi } from '../ui/context.ts';

const useStyles = makeStyles({
  item: { listStyle: 'none', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: `${tokens.spacingVerticalS} 0` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  subject: { flex: 1, minWidth: '160px' },
  note: { margin: `${tokens.spacingVerticalXS} 0` },
  actions: { display: 'flex', gap: tokens.spacingHorizontalSNudge, justifyContent: 'flex-end', flexWrap: 'wrap' },
  summary: { marginBottom: tokens.spacingVerticalS },
  summaryTitle: { margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXS}` },
  summaryList: { margin: 0, paddingLeft: 0, listStyle: 'none' },
  summaryItem: {
    display: 'flex',
    gap: tokens.spacingHorizontalSNudge,
    alignItems: 'center',
    fontSize: tokens.fontSizeBase200,
    padding: '2px 0',
  },
  list: { margin: 0, padding: 0 },
});

const STATUS_COLOR: Record<OutboxStatus, 'informative' | 'brand' | 'danger' | 'warning'> = {
  waiting: 'informative',
  sending: 'brand',
  failed: 'danger',
  conflict: 'warning',
};

function subjectText(t: TFunction, item: OutboxItem): string {
  const { meta } = item;
  if (meta.subject === 'feature') return t(`outbox.feature.${meta.grpstatus ?? 'm'}`, { label: meta.label });
  const on = meta.gfid === null ? t('outbox.onNewFeature') : t('outbox.onFeature', { gfid: meta.gfid });
  return `${t(`outbox.kind.${meta.subject}`)}: ${meta.label} (${on})`;
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const { api } = useFeatureUi();
  const styles = useStyles();
  const confirm = useConfirm();
  const [comparing, setComparing] = useState(false);
  const discard = async () => {
    if (await confirm('delete', subjectText(t, item))) await discardOutboxItem(api, item.seq);
  };
  return (
    <li data-testid="outbox-item" data-status={item.status} data-seq={item.seq} data-body-size={item.bodySize} className={styles.item}>
      <div className={styles.head}>
        <Badge appearance="tint" color={STATUS_COLOR[item.status]} data-testid="outbox-status">
          {t(`outbox.status.${item.status}`)}
        </Badge>
        <span className={styles.subject}>{subjectText(t, item)}</span>
      </div>
      {item.status === 'failed' && (
        <p role="alert" className={styles.note} data-testid="outbox-error">
          {item.errorKey ? t(`errors.${item.errorKey}`, { defaultValue: item.error ?? '' }) : item.error}
        </p>
      )}
      {item.status === 'conflict' && <p className={styles.note}>{t('errors.STALE_BASE_VERSION')}</p>}
      <div className={styles.actions}>
        {item.status === 'conflict' && (
          <Button onClick={() => setComparing(!comparing)} data-testid="outbox-compare" aria-expanded={comparing}>
            {t('outbox.compare')}
          </Button>
        )}
        {item.status === 'failed' && (
          <Button onClick={() => void resubmitOutboxItem(api, item.seq)} data-testid="outbox-retry">
            {t('outbox.retry')}
          </Button>
        )}
        <Button onClick={() => void discard()} data-testid="outbox-discard">
          {t('outbox.discard')}
        </Button>
      </div>
      {comparing && item.status === 'conflict' && <ConflictCompare item={item} />}
    </li>
  );
}

/**
 * "My suggestions" lists what still waits on this device above what the server has, each with its
 * status: a suggestion made offline is the user's as soon as it is made.
 */
export function OutboxSummary() {
  const { t } = useTranslation();
  const styles = useStyles();
  const items = useOutbox((s) => s.items);
  if (!items.length) return null;
  return (
    <section data-testid="outbox-summary" className={styles.summary}>
      <h4 className={styles.summaryTitle}>
        {t('outbox.title')} ({items.length})
      </h4>
      <ul className={styles.summaryList}>
        {items.map((i) => (
          <li key={i.seq} data-status={i.status} className={styles.summaryItem}>
            <Badge size="small" appearance="tint" color={STATUS_COLOR[i.status]}>
              {t(`outbox.status.${i.status}`)}
            </Badge>
            {subjectText(t, i)}
          </li>
        ))}
      </ul>
      <Button size="small" onClick={() => useOutbox.setState({ open: true })} data-testid="outbox-summary-open">
        {t('pwa.showWaiting')}
      </Button>
    </section>
  );
}

export function OutboxButton() {
  const { t } = useTranslation();
  const count = useOutbox((s) => s.items.length);
  if (!count) return null;
  return (
    <Button
      size="small"
      onClick={() => useOutbox.setState({ open: true })}
      data-testid="outbox-open"
      icon={
        <Badge size="small" color="warning" data-testid="outbox-count">
          {count}
        </Badge>
      }
    >
      {t('outbox.title')}
    </Button>
  );
}

export function OutboxPanel() {
  const { t } = useTranslation();
  const open = useOutbox((s) => s.open);
  const items = useOutbox((s) => s.items);
  const online = useOnline();
  const { api } = useFeatureUi();
  const styles = useStyles();
  const close = () => useOutbox.setState({ open: false });
  return (
    <OverlayDrawer open={open} position="end" size="medium" modalType="non-modal" onOpenChange={(_, d) => !d.open && close()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" onClick={close} data-testid="outbox-close">
              {t('common.close')}
            </Button>
          }
        >
          {t('outbox.title')}
        </DrawerHeaderTitle>
        <span>{online ? t('outbox.onlineHint') : t('outbox.offlineHint')}</span>
      </DrawerHeader>
      <DrawerBody data-testid="outbox-panel">
        {items.length === 0 ? (
          <p>{t('outbox.empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="outbox-list">
            {items.map((i) => (
              <OutboxRow key={i.seq} item={i} />
            ))}
          </ul>
        )}
        {online && items.some((i) => i.status === 'waiting') && (
          <Button appearance="primary" onClick={() => void replayOutbox(api)} data-testid="outbox-send-now">
            {t('outbox.sendNow')}
          </Button>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
