// SPEC §4 Location button on app launch: the geolocationFeaturesVisible setting shows the position
// layer; startZoomUserCentered centres on the user at zoom 14 once the layers have loaded (and been
// fitted), when a position came within the short timeout (SPEC §9, 7 s); else the layers' extent stays.
import { useEffect, useRef } from 'react';
import { useMapInstance } from '../map/map_instance.ts';
import { featuresDrawn, useMapStore } from '../state/map_store.ts';
import { useSettingsStore } from '../state/settings_store.ts';
import { locateOnce, startWatching } from './location_service.ts';
import { centerOnUser } from './location_view.ts';
import { whenState } from '../state/when_state.ts';

const drawn = () => new Promise<void>((resolve) => whenState(useMapStore, featuresDrawn, resolve));

/** Waits for the settings outside React: their read re-renders no location control (issue 17). */
export function useLocationLaunch(): void {
  const done = useRef(false);
  useEffect(
    () =>
      whenState(
        useSettingsStore,
        (s) => s.loaded,
        () => {
          if (done.current) return;
          done.current = true;
          const { geolocationFeaturesVisible, startZoomUserCentered } = useSettingsStore.getState().settings;
          if (geolocationFeaturesVisible) void startWatching();
          if (startZoomUserCentered)
            void Promise.all([locateOnce(), drawn()]).then(([position]) => {
              if (position) centerOnUser(useMapInstance.getState().map, position);
            });
        },
      ),
    [],
  );
}
