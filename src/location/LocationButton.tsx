// SPEC §4 Location button, on the map below the zoom buttons: hidden → shows the position layer and
// animates to the first position at zoom 14; visible → hides it and clears the location. On launch it
// applies the settings (use_location_launch.ts). Test hooks: data-testid="location-button",
// data-state=<SPEC §4 geolocation state>, data-visible="true|false".
import { useEffect, useRef } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { LocationArrow24Filled, LocationArrow24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMapInstance } from '../map/map_instance.ts';
import { hideLocation, startWatching, stopWatching } from './location_service.ts';
import { useUserLocation } from './location_store.ts';
import { centerOnUser } from './location_view.ts';
import { PositionOverlay } from './PositionOverlay.tsx';
import { useLocationLaunch } from './use_location_launch.ts';
import { mapColumnButton } from '../map/map_button_column.ts';

const useStyles = makeStyles({
  button: mapColumnButton('location'),
});

export function LocationButton() {
  const { t } = useTranslation();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const geoState = useUserLocation((s) => s.geoState);
  const visible = useUserLocation((s) => s.visible);
  const zoomPending = useRef(false);

  // Resume a watch the store still asks for (a remount), and stop it when the map goes away.
  useEffect(() => {
    if (useUserLocation.getState().visible) void startWatching();
    return () => stopWatching();
  }, []);
  useLocationLaunch();

  useEffect(
    () =>
      useUserLocation.subscribe((s, prev) => {
        if (!s.visible) zoomPending.current = false;
        else if (zoomPending.current && s.position && s.position !== prev.position) {
          zoomPending.current = false;
          centerOnUser(useMapInstance.getState().map, s.position);
        }
      }),
    [],
  );

  const toggle = () => {
    if (useUserLocation.getState().visible) return hideLocation();
    zoomPending.current = true;
    void startWatching();
  };

  const label = visible ? t('location.hide') : t('location.show');
  return (
    <>
      <PositionOverlay map={map} />
      <Button
        className={styles.button}
        appearance={visible ? 'primary' : 'secondary'}
        icon={visible ? <LocationArrow24Filled /> : <LocationArrow24Regular />}
        aria-label={label}
        title={label}
        aria-pressed={visible}
        data-testid="location-button"
        data-state={geoState}
        data-visible={visible ? 'true' : 'false'}
        onClick={toggle}
      />
    </>
  );
}
