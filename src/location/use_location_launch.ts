// SPEC §4 Location button on app launch: the geolocationFeaturesVisible setting shows the position
// layer; startZoomUserCentered centres on the user at zoom 14 once the layers have loaded (and been
// fitted), when a position came within the short timeout (SPEC §9, 7 s); else the layers' extent stays.
import { useEffect, useRef } from 'react';
import { useMapInstance } from '../map/map_instance.ts';
import { useMapStore } from '../state/map_store.ts';
import { useSettingsStore } from '../state/settings_store.ts';
import { locateOnce, startWatching } from './location_service.ts';
import { centerOnUser } from './location_view.ts';

function layersLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (useMapStore.getState().featuresLoaded !== null) return resolve();
    const off = useMapStore.subscribe((s) => {
      if (s.featuresLoaded === null) return;
      off();
      resolve();
    });
  });
}

/** Calls `then` once the stored settings are read (now if they are); returns the way to stop waiting. */
function whenSettingsLoaded(then: () => void): () => void {
  if (useSettingsStore.getState().loaded) {
    then();
    return () => undefined;
  }
  const off = useSettingsStore.subscribe((s) => {
    if (!s.loaded) return;
    off();
    then();
  });
  return off;
}

/** Waits for the settings outside React: their read re-renders no location control (issue 17). */
export function useLocationLaunch(): void {
  const done = useRef(false);
  useEffect(
    () =>
      whenSettingsLoaded(() => {
        if (done.current) return;
        done.current = true;
        const { geolocationFeaturesVisible, startZoomUserCentered } = useSettingsStore.getState().settings;
        if (geolocationFeaturesVisible) void startWatching();
        if (startZoomUserCentered)
          void Promise.all([locateOnce(), layersLoaded()]).then(([position]) => {
            if (position) centerOnUser(useMapInstance.getState().map, position);
          });
      }),
    [],
  );
}
