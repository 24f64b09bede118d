// SPEC §4 stopping a track: before the track is cleared the user may keep it, as a GPX file and,
// signed in with an editable line layer, as a suggested new line feature. Closing clears it (the
// line layer hides). A reload while this is open offers it again (the track stays in the local store).
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDistance, trackLength, trackToGpx, type AppConfig, type TrackPoint } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { notify } from '../state/notifications.ts';
import { clearRecording } from './track_recorder.ts';
import { editableLayersOf, startNewFeatureDraft } from '../edit/new_feature_draft.ts';
import { useTrack } from './track_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';

/** `track-2026-11-23T09-00.gpx`: sortable, and valid on every file system. */
export function gpxFileName(startedAt: number): string {
  return `track-${new Date(startedAt).toISOString().slice(0, 16).replace(':', '-')}.gpx`;
}

function download(points: readonly TrackPoint[], name: string): void {
  const url = URL.createObjectURL(new Blob([trackToGpx(points, name)], { type: 'application/gpx+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = gpxFileName(points[0]?.time ?? Date.now());
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function TrackKeepDialog({ api, config }: { api: ApiCtx; config: AppConfig }) {
  const { t } = useTranslation();
  const status = useTrack((s) => s.status);
  useReturnFocus(status === 'stopped');
  const points = useTrack((s) => s.points);
  const count = useTrack((s) => s.count);
  const authStatus = useAuthStore((s) => s.status);
  const layers = editableLayersOf(config.layersConfig, 'LineString');
  const [layerId, setLayerId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const layer = layers.find((l) => l.id === layerId) ?? layers[0];
  const canSuggest = isLoggedIn({ status: authStatus }) && !!layer && count >= 2;

  const suggest = async () => {
    if (!layer) return;
    setBusy(true);
    try {
      // Altitude and time stay in the GPX: a line feature's geometry is 2D (SPEC §3 data in EPSG:4326).
      const geometry = { type: 'LineString' as const, coordinates: points.map((p) => [p.lon, p.lat]) };
      if (await startNewFeatureDraft(api, layer, geometry, authStatus === 'authorised')) await clearRecording();
    } catch {
      notify({ intent: 'error', textKey: 'errors.INTERNAL_SERVER_ERROR' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={status === 'stopped'} modalType="alert">
      <DialogSurface data-testid="track-keep-dialog">
        <DialogBody>
          <DialogTitle>{t('track.keepTitle')}</DialogTitle>
          <DialogContent>
            <p data-testid="track-summary">{t('track.summary', { count, distance: formatDistance(trackLength(points)) })}</p>
            {canSuggest && layers.length > 1 && (
              <Field label={t('track.layer')}>
                <Select value={layer.id} onChange={(_, d) => setLayerId(d.value)} data-testid="track-layer">
                  {layers.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </DialogContent>
          <DialogActions fluid>
            <Button
              appearance="primary"
              disabled={count === 0}
              onClick={() => download(points, t('track.gpxName'))}
              data-testid="track-download"
            >
              {t('track.download')}
            </Button>
            {canSuggest && (
              <Button disabled={busy} onClick={() => void suggest()} data-testid="track-suggest">
                {t('track.suggest', { layer: layer.name })}
              </Button>
            )}
            <Button disabled={busy} onClick={() => void clearRecording()} data-testid="track-discard">
              {t('track.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
