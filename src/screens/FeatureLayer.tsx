// Everything about features that sits on the map screen: the feature-properties prompt,
// the draft form and edit overlay, the edit toolbar, the comparison and the pending-changes drawer
// with its button. Mount once inside the map container (position: relative).
import { useMemo } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useAuthStore, isLoggedIn } from '../state/auth_store.ts';
import { effectiveTimeZone, useSettingsStore } from '../state/settings_store.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { FeatureUiContext, type FeatureUi } from '../ui/context.ts';
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
});

function ReviewButtons() {
  const { t } = useTranslation();
  const styles = useStyles();
  const status = useAuthStore((s) => s.status);
  const qc = useQueryClient();
  if (!isLoggedIn({ status })) return null;
  const admin = status === 'authorised';
  // Others suggest while this page is open: every opening starts from the server's current list.
  const fresh = () => void qc.invalidateQueries({ queryKey: ['changes'] });
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
  const settings = useSettingsStore((s) => s.settings);
  const map = useMapInstance((s) => s.map);
  const ui = useMemo<FeatureUi>(
    () => ({
      api: { apiBase, appKey, appName: config.appName },
      config,
      // SPEC §6: the admin role is user type 'admin' (authStore's 'authorised').
      admin: status === 'authorised',
      loggedIn: isLoggedIn({ status }),
      timeZone: settings.timeZone || config.timeZone || effectiveTimeZone(settings),
      timeFormat: settings.timeFormat || config.timeFormat,
    }),
    [apiBase, appKey, config, status, settings],
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
