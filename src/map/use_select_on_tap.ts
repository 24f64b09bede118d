// SPEC §4 Editing: the select interaction picks features from vector layers with a hit tolerance of
// 3 px. The tap is answered by the data worker's spatial index (DESIGN.md "Hit testing is spatial,
// not pixel-based"), so selecting among a million features never reads pixels back.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { HIT_TOLERANCE_PX, isDiffLayerId } from '../model/index.ts';
import { useSelection } from '../state/selection_store.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useReview } from '../review/review_store.ts';
import { useDraft } from '../edit/draft_store.ts';
import { getDataWorker } from './data_worker_client.ts';

export function useSelectOnTap(map: OlMap | undefined) {
  useEffect(() => {
    if (!map) return;
    let latest = 0;
    const onTap = async (event: MapBrowserEvent) => {
      // While a draft is open a tap places or moves its shape (SPEC §4 Editing) and opens nothing
      // else: a pending suggestion under a new point would open its comparison over the draft's form.
      if (useDraft.getState().draft) return;
      const resolution = map.getView().getResolution();
      if (resolution === undefined) return;
      const ticket = ++latest;
      const [x, y] = event.coordinate;
      const hits = await getDataWorker().hitTest({ x, y, resolution, tolerancePx: HIT_TOLERANCE_PX });
      if (ticket !== latest) return; // a newer tap answered first
      // A pending suggestion (diff layer) is not selected: SPEC §5 refuses its lookup by gfid. Tapped
      // by a signed-in user, it opens in the comparison (issue 19: the user's own in "My suggestions",
      // any in an admin's list); another user's hands the tap on to the originals under it.
      const selectable = hits
        .filter((h) => Number.isFinite(h.id) && !isDiffLayerId(h.layerId))
        .map((h) => ({ layerId: h.layerId, gfid: h.id }));
      const pending = hits.find((h) => Number.isFinite(h.id) && isDiffLayerId(h.layerId));
      if (pending && isLoggedIn(useAuthStore.getState())) {
        const admin = useAuthStore.getState().status === 'authorised' && useUiStore.getState().adminMode;
        useSelection.getState().clear();
        const tap = { diffGfid: pending.id, at: Date.now(), otherwise: selectable };
        useReview.getState().openCompare({ admin, page: 1, id: null, tap });
      } else if (selectable.length) useSelection.getState().select(selectable);
      else useSelection.getState().clear();
    };
    const listener = (event: MapBrowserEvent) => void onTap(event);
    map.on('singleclick', listener);
    return () => map.un('singleclick', listener);
  }, [map]);
}
