// Everything about features that sits on the map screen: the feature-properties prompt,
// the draft form and edit overlay, the edit toolbar, the comparison and the pending-changes drawer
// with its button. Mount once inside the map container (position: relative). Issue 17: none of them
// is on the first screen, so each is a lazy chunk mounted when it first has something to show.
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useAuthStore, isLoggedIn } from '../state/auth_store.ts';
import { guessTimeZone, learnHostTimeZone, useSettingsStore } from '../state/settings_store.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { FeatureUiContext, type FeatureUi } from '../ui/context.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useReviewerAccess } from '../review/use_queue.ts';
import { useReview } from '../review/review_store.ts';
import { useOutbox } from '../outbox/outbox.ts';
import { useOutboxSync } from '../outbox/use_outbox_sync.ts';
import { useDraft } from '../edit/draft_store.ts';
import { lazyNamed } from '../config/lazy.ts';
import { whenInputQuiet } from '../config/idle.ts';
import { FeaturePromptSurface } from './FeaturePromptSurface.tsx';
import { afterChunks } from './after_chunks.ts';
import { afterMark } from '../config/after_mark.ts';
import { FEATURES_DRAWN_MARK } from '../map/layer_session.ts';
import { prepareDateFormat } from '../ui/format_date.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import type OlMap from 'ol/Map.js';

const ReviewButtons = lazyNamed(() => import('./ReviewButtons.tsx'), 'ReviewButtons');
const EditToolbar = lazyNamed(() => import('../edit/EditToolbar.tsx'), 'EditToolbar');
const EditOverlay = lazyNamed<{ map: OlMap | undefined }>(() => import('../edit/EditOverlay.tsx'), 'EditOverlay');
const DraftPanel = lazyNamed(() => import('../edit/DraftPanel.tsx'), 'DraftPanel');
const ComparisonPrompt = lazyNamed<{ waiting?: ReactNode }>(() => import('../review/ComparisonPrompt.tsx'), 'ComparisonPrompt');
const PendingChanges = lazyNamed(() => import('../review/PendingChanges.tsx'), 'PendingChanges');
const OutboxPanel = lazyNamed(() => import('../outbox/OutboxPanel.tsx'), 'OutboxPanel');
const OutboxSummary = lazyNamed(() => import('../outbox/OutboxPanel.tsx'), 'OutboxSummary');

export interface FeatureLayerProps {
  appKey: string;
  /** The app configuration (merged shell config); layersConfig carries the property definitions. */
  config: AppConfig;
  /** Server base address; '' = same origin (SPEC §7 serverUrl). */
  apiBase?: string;
  /** Whether `config` is the app's own (the server's answer or its stored copy), not the shell's default. */
  appLoaded: boolean;
}

const discardDraft = () => useDraft.getState().discard();

/** Where the features are never drawn (no vector layer, a failed load), the dates are prepared anyway after this. */
const DATE_FORMAT_FALLBACK_MS = 120_000;

export function FeatureLayer({ appKey, config, apiBase = '', appLoaded }: FeatureLayerProps) {
  const status = useAuthStore((s) => s.status);
  const username = useAuthStore((s) => s.user?.username ?? null);
  const adminMode = useUiStore((s) => s.adminMode);
  const reviewer = useReviewerAccess({ apiBase, appKey, appName: config.appName }, username).data;
  // The two settings it shows, each alone: the settings' read re-renders the layer only if they changed.
  const timeZone = useSettingsStore((s) => s.settings.timeZone);
  const timeFormat = useSettingsStore((s) => s.settings.timeFormat);
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
      // Read when a date is shown, not on the first screen: guessing the zone costs (settings_store.ts).
      get timeZone() {
        return timeZone || config.timeZone || guessTimeZone();
      },
      timeFormat: timeFormat || config.timeFormat,
    }),
    [apiBase, appKey, config, status, reviewer, adminMode, timeZone, timeFormat],
  );
  // Issue 14: the zone and the formatter the dates need (the review queue's rows, a history) are made
  // in idle periods once the features are drawn (and the user's input quiet), not in the long task of
  // the first date's render. Issue 17: the data worker looks at the host's zone first, which loads
  // ICU's zone data off the main thread (a 100–150 ms task at 4× here, amid a pan begun then).
  const { i18n } = useTranslation();
  useEffect(
    () =>
      afterMark(FEATURES_DRAWN_MARK, DATE_FORMAT_FALLBACK_MS, () => {
        void learnHostTimeZone(() => getDataWorker().hostTimeZone({})).then(() =>
          prepareDateFormat(() => ui.timeZone, { locale: i18n.language, timeFormat: ui.timeFormat }, whenInputQuiet),
        );
      }),
    [ui, i18n.language],
  );
  useOutboxSync(ui.api, appLoaded);
  const drafting = useDraft((s) => s.draft !== null);
  const comparing = useReview((s) => s.compare !== null);
  const outboxOpen = useOutbox((s) => s.open);
  return (
    <FeatureUiContext.Provider value={ui}>
      <LazySurface open={drafting} onFailed={discardDraft}>
        <EditOverlay map={map} />
      </LazySurface>
      <LazySurface open={ui.loggedIn}>
        <ReviewButtons />
        <EditToolbar />
      </LazySurface>
      <FeaturePromptSurface when={afterChunks} />
      <LazySurface open={drafting} onFailed={discardDraft}>
        <DraftPanel />
      </LazySurface>
      <LazySurface open={comparing} onFailed={() => useReview.getState().openCompare(null)}>
        <ComparisonPrompt waiting={<OutboxSummary />} />
      </LazySurface>
      <LazySurface open={ui.admin}>
        <PendingChanges />
      </LazySurface>
      <LazySurface open={outboxOpen} onFailed={() => useOutbox.setState({ open: false })}>
        <OutboxPanel />
      </LazySurface>
    </FeatureUiContext.Provider>
  );
}
