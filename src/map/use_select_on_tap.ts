// SPEC §4 Editing: the select interaction picks features from vector layers with a hit tolerance of
// 3 px. The tap is answered by the data worker's spatial index (DESIGN.md "Hit testing is spatial,
// not pixel-based"), so selecting among a million features never reads pixels back.
// Issue 17: a tap is answered on OpenLayers' `click`, at once. Its `singleclick` waits 250 ms for a
// possible second click first, a quarter of a second added to every tap. A double click (or double
// tap) zooms (OL's DoubleClickZoom) and is no tap: its second click is ignored, and whatever its
// first click opened is put back as it was before the pair, as if only the zoom had happened.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { HIT_TOLERANCE_PX, isDiffLayerId } from '../model/index.ts';
import { useSelection, type SelectedFeature } from '../state/selection_store.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useReview, type CompareTarget } from '../review/review_store.ts';
import { useDraft } from '../edit/draft_store.ts';
import type { Hit, HitQuery } from '../../workers/data/protocol.ts';
import { getDataWorker } from './data_worker_client.ts';
import { noteMapClick } from './last_map_click.ts';

export type HitTester = (query: HitQuery) => Promise<Hit[]>;

const workerHitTest: HitTester = (query) => getDataWorker().hitTest(query);

/** What a tap may change: the selected feature (its prompt) and the comparison of a pending suggestion. */
interface Opened {
  selected: SelectedFeature | null;
  hits: SelectedFeature[];
  compare: CompareTarget | null;
}

const opened = (): Opened => {
  const { selected, hits } = useSelection.getState();
  return { selected, hits, compare: useReview.getState().compare };
};

function reopen({ selected, hits, compare }: Opened): void {
  useSelection.setState({ selected, hits });
  useReview.getState().openCompare(compare);
}

/** Opens what the data worker found under a tap. */
function selectHits(hits: Hit[]): void {
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
}

/** Answers taps on `map` (see the top of this file); returns the function that stops listening. */
export function listenForSelectTaps(map: OlMap, hitTest: HitTester = workerHitTest): () => void {
  let latest = 0;
  /** Set by a dblclick: the click OpenLayers dispatched just before it was the pair's second. */
  let secondClick = false;
  /** What was open before the last tap, for a double click to put back. */
  let beforeTap: Opened | null = null;

  const tap = async (x: number, y: number, resolution: number) => {
    const ticket = ++latest;
    const hits = await hitTest({ x, y, resolution, tolerancePx: HIT_TOLERANCE_PX });
    if (ticket === latest) selectHits(hits); // else a newer tap (or a double click) came first
  };

  const onClick = (event: MapBrowserEvent) => {
    noteMapClick();
    const resolution = map.getView().getResolution();
    const [x, y] = event.coordinate;
    // OpenLayers dispatches a pair's second click and then, in the same task, the dblclick: a
    // microtask later it is known which click this was.
    queueMicrotask(() => {
      if (secondClick) {
        secondClick = false;
        return;
      }
      beforeTap = null;
      // While a draft is open a tap places or moves its shape (SPEC §4 Editing) and opens nothing
      // else: a pending suggestion under a new point would open its comparison over the draft's form.
      if (useDraft.getState().draft || resolution === undefined) return;
      beforeTap = opened();
      void tap(x, y, resolution);
    });
  };

  const onDoubleClick = () => {
    secondClick = true;
    latest++; // the first click's hit test, when it has not answered yet, opens nothing
    if (beforeTap) reopen(beforeTap);
    beforeTap = null;
  };

  map.on('click', onClick);
  map.on('dblclick', onDoubleClick);
  return () => {
    map.un('click', onClick);
    map.un('dblclick', onDoubleClick);
  };
}

export function useSelectOnTap(map: OlMap | undefined) {
  useEffect(() => (map ? listenForSelectTaps(map) : undefined), [map]);
}
