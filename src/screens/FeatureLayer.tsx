// Everything about features that sits on the map screen: the feature-properties prompt,
// the draft form and edit overlay, the edit toolbar, the comparison and the pending-changes drawer
// with its button. Mount once inside the map container (position: relative).
import { useMemo } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useAuthStore, isLoggedIn } from '../state/auth_store.ts';
import { effectiveTimeZone, useSettingsStore } from '../state/settings_store.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { FeatureUiContext, useFeatureUi, type FeatureUi } from '../ui/context.ts';
import { useUiStore } from '../state/ui_store.ts';
import { usePendingCount, useReviewerAccess } from '../review/use_queue.ts';
import { FeaturePrompt } from '../features/FeaturePrompt.tsx';
import { DraftPanel } from '../edit/DraftPanel.tsx';
import { EditOverlay } from '../edit/EditOverlay.tsx';
import { EditToolbar } from '../edit/EditToolbar.tsx';
import { ComparisonPrompt } from '../review/ComparisonPrompt.tsx';
import { PendingChanges } from '../review/PendingChanges.tsx';
import { useReview } from '../review/review_store.ts';
import { OutboxButton, OutboxPanel, OutboxSummary } from '../outbox/OutboxPanel.tsx';
import { useOutboxSync } from '../outbox/use_outbox_sync.ts';

export interface FeatureLayerProps {
  appKey: string;
  /** The app configuration (merged shell config); layersConfig carries the property definitions. */
  config: AppConfig;
  /** Server base address; '' = same origin (SPEC §7 serverUrl). */
  apiBase?: string;
}

const useStyles = makeStyles({
  reviewButtons: {
    position: 'absolute',
    // Below the search field (src/search/SearchBar.tsx), which holds the top of the map.
    top: '56px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 15,
    display: 'flex',
    gap: tokens.spacingHorizontalSNudge,
  },
  badge: { marginLeft: tokens.spacingHorizontalXS },
});

function ReviewButtons() {
  const { t } = useTranslation();
  const styles = useStyles();
  const ui = useFeatureUi();
  const qc = useQueryClient();
  const admin = ui.admin;
  const pending = usePendingCount(ui.api, admin);
  if (!ui.loggedIn) return null;
  // Others suggest while this page is open: every opening starts from the server's current list.
  const fresh = () => void qc.invalidateQueries({ predicate: (q) => ['changes', 'queue'].includes(String(q.queryKey[0])) });
  return (
    <div className={styles.reviewButtons}>
      {admin && (
        <Button
          size="small"
          appearance="primary"
          onClick={() => {
            fresh();
            useReview.getState().setPendingOpen(true);
          }}
          data-testid="pending-open"
        >
          {t('review.pendingTitle')}
          {/* SPEC §2 admin mode: the number of items waiting for review. */}
          <CounterBadge
            className={styles.badge}
            count={pending.data ?? 0}
            showZero
            overflowCount={9999}
            size="small"
            color="danger"
            aria-label={t('review.pendingTotal', { count: pending.data ?? 0 })}
            data-testid="pending-badge"
          />
        </Button>
      )}
      <Button
        size="small"
        onClick={() => {
          fresh();
          useReview.getState().openCompare({ admin, page: 1, id: null });
        }}
        data-testid="compare-open"
      >
        {admin ? t('review.compareTitle') : t('review.mySuggestions')}
      </Button>
      <OutboxButton />
    </div>
  );
}

export function FeatureLayer({ appKey, config, apiBase = '' }: FeatureLayerProps) {
  const status = useAuthStore((s) => s.status);
  const username = useAuthStore((s) => s.user?.username ?? null);
  const adminMode = useUiStore((s) => s.adminMode);
  const reviewer = useReviewerAccess({ apiBase, appKey, appName: config.appName }, username).data;
  const settings = useSettingsStore((s) => s.settings);
  const map = useMapInstance((s) => s.map);
  const ui = useMemo<FeatureUi>(
    () => ({
      api: { apiBase, appKey, appName: config.appName },
      config,
      // SPEC §6: the app's reviewers (its owner, its admins) as the server says, else (offline, or
      // before it answers) the user type 'admin' (authStore's 'authorised'); SPEC §2: their tools
      // show in admin mode only (mode=admin on, any other mode off).
      admin: (reviewer ?? status === 'authorised') && isLoggedIn({ status }) && adminMode,
      loggedIn: isLoggedIn({ status }),
      timeZone: settings.timeZone || config.timeZone || effectiveTimeZone(settings),
      timeFormat: settings.timeFormat || config.timeFormat,
    }),
    [apiBase, appKey, config, status, reviewer, adminMode, settings],
  );
  useOutboxSync(ui.api);
  return (
    <FeatureUiContext.Provider value={ui}>
      <EditOverlay map={map} />
      <ReviewButtons />
      <EditToolbar />
      <FeaturePrompt />
      <DraftPanel />
      <ComparisonPrompt waiting={<OutboxSummary />} />
      {ui.admin && <PendingChanges />}
      <OutboxPanel />
    </FeatureUiContext.Provider>
  );
}
