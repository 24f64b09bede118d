// SPEC §4 track recording from the map: a 44 px button below the Location button starts and stops
// a recording; the track's line layer and the keep-or-discard dialog come with it. Test hooks:
// data-testid="track-button", data-status="idle|recording|stopped", data-points=<kept points>.
import { useEffect } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Record24Regular, RecordStop24Filled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { restoreRecording, startRecording, stopRecording } from './track_recorder.ts';
import { useTrack } from './track_store.ts';
import { lazyNamed } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { TrackOverlay } from './TrackOverlay.tsx';
import { mapColumnButton } from '../map/map_button_column.ts';

// Issue 17: shown when a recording stops, not on the first screen.
const TrackKeepDialog = lazyNamed<{ api: ApiCtx; config: AppConfig }>(() => import('./TrackKeepDialog.tsx'), 'TrackKeepDialog');

const useStyles = makeStyles({
  button: mapColumnButton('track'),
  recording: { backgroundColor: tokens.colorPaletteRedBackground3, ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 } },
});

export function TrackButton({ api, config }: { api: ApiCtx; config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const status = useTrack((s) => s.status);
  const count = useTrack((s) => s.count);
  useEffect(() => void restoreRecording(), []);

  const recording = status === 'recording';
  const label = recording ? t('track.stop') : t('track.start');
  return (
    <>
      <TrackOverlay map={map} />
      <Button
        className={`${styles.button} ${recording ? styles.recording : ''}`}
        appearance={recording ? 'primary' : 'secondary'}
        icon={recording ? <RecordStop24Filled /> : <Record24Regular />}
        aria-label={label}
        title={label}
        aria-pressed={recording}
        data-testid="track-button"
        data-status={status}
        data-points={count}
        disabled={status === 'stopped'}
        onClick={() => void (recording ? stopRecording() : startRecording())}
      />
      {/* Not closable on failure: the stopped track stays until kept or discarded (a reload offers it again). */}
      <LazySurface open={status === 'stopped'}>
        <TrackKeepDialog api={api} config={config} />
      </LazySurface>
    </>
  );
}
