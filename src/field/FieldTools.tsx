// The field tools on the map (SPEC §4): track recording, the long-press context menu with its
// field items, the geolocation options prompt, "New point here" at the user's position (SPEC §3
// activeAddNewPoiAtLocation) and the outdoor-mode switch. Mounted once in the map container.
import { useEffect, useMemo } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { MyLocationRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import { editableLayersOf } from '../edit/new_feature_draft.ts';
import { useDraft } from '../edit/draft_store.ts';
import { MapContextMenu, type MapMenuBase } from '../map/MapContextMenu.tsx';
import { registerMapMenuItem } from '../map/map_menu.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { TrackButton } from '../track/TrackButton.tsx';
import { FIELD_MENU_ITEMS } from './field_menu_items.tsx';
import { useFieldTools } from './field_store.ts';
import { lazyNamed } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { newPointAtLocation } from './new_point_here.ts';
import { OutdoorButton } from './OutdoorButton.tsx';
import { mapColumnButton } from '../map/map_button_column.ts';

// Issue 17: a dialog, not on the first screen.
const LocationOptionsPrompt = lazyNamed(() => import('./LocationOptionsPrompt.tsx'), 'LocationOptionsPrompt');

const useStyles = makeStyles({
  newPoint: mapColumnButton('newPoint'),
});

function NewPointHereButton({ base }: { base: MapMenuBase }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const drafting = useDraft((s) => s.draft !== null);
  const layer = base.loggedIn ? editableLayersOf(base.config.layersConfig, 'Point')[0] : undefined;
  if (!base.config.activeAddNewPoiAtLocation || !layer) return null;
  return (
    <Button
      className={styles.newPoint}
      icon={<MyLocationRegular />}
      aria-label={t('mapMenu.newPointAtLocation')}
      title={t('mapMenu.newPointAtLocation')}
      disabled={drafting}
      data-testid="new-point-here"
      onClick={() => void newPointAtLocation(base.api, layer, base.admin)}
    />
  );
}

export function FieldTools({ api, config }: { api: ApiCtx; config: AppConfig }) {
  const map = useMapInstance((s) => s.map);
  const status = useAuthStore((s) => s.status);
  const optionsOpen = useFieldTools((s) => s.optionsOpen);
  const base = useMemo<MapMenuBase>(
    () => ({ api, config, loggedIn: isLoggedIn({ status }), admin: status === 'authorised' }),
    [api, config, status],
  );
  useEffect(() => {
    const removals = FIELD_MENU_ITEMS.map(registerMapMenuItem);
    return () => {
      for (const remove of removals) remove();
    };
  }, []);
  return (
    <>
      <TrackButton api={api} config={config} />
      <NewPointHereButton base={base} />
      <OutdoorButton />
      <MapContextMenu map={map} base={base} />
      <LazySurface open={optionsOpen} onFailed={() => useFieldTools.setState({ optionsOpen: false })}>
        <LocationOptionsPrompt />
      </LazySurface>
    </>
  );
}
