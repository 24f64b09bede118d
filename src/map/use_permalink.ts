// Keeps the address's hash (permalink.ts) and the map in step (issue 19): a link with `#map=` opens
// at that view (and the first load does not fit the layers over it); every selection writes the hash
// again right after the frame that shows it, and moves once the hands are off the map, once per burst, in an idle
// moment of its own (replaceState: no history entry per pan; issue 17: not inside a pan's frames, `whenInputQuiet`:
// on the pinned core at 4× a move's write, its idle wait timed out, was a task of 83 ms amid the gesture, 73 of them
// replaceState's wait on the browser); a page hidden meanwhile writes at once; `&feature=` selects that feature
// once the layers are in, which opens its prompt; so does a link put into the open tab's address.
import { useEffect, useRef } from 'react';
import type OlMap from 'ol/Map.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import { useSelection } from '../state/selection_store.ts';
import { featuresDrawn, type MapState, useMapStore } from '../state/map_store.ts';
import { afterNextPaint } from '../ui/after_paint.ts';
import { whenInputQuiet } from '../config/idle.ts';
import { coalescedWrite, formatPermalink, isPermalinkHash, parsePermalink, type Permalink } from './permalink.ts';

/** The view the address asked for when the page opened: the first load then skips its fit (SPEC §4 fitToLayers). */
export const openedAtPermalink = (): boolean => parsePermalink(window.location.hash).position !== undefined;

function writeHash(map: OlMap) {
  const view = map.getView();
  if (!isPermalinkHash(window.location.hash)) return;
  const center = view.getCenter();
  const zoom = view.getZoom();
  if (!center || zoom === undefined) return;
  const [lon, lat] = toLonLat(center);
  const selected = useSelection.getState().selected;
  const link: Permalink = { position: { zoom, lon: lon!, lat: lat! }, feature: selected ?? undefined };
  const hash = formatPermalink(link);
  if (hash !== window.location.hash)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);
}

function showPosition(map: OlMap, position: Permalink['position']) {
  if (!position) return;
  map.getView().setCenter(fromLonLat([position.lon, position.lat]));
  map.getView().setZoom(position.zoom);
}

export function usePermalink(map: OlMap | undefined) {
  // The deep link's feature, read before the first move rewrites the address; selected once.
  const linked = useRef(parsePermalink(window.location.hash).feature);
  useEffect(() => {
    if (!map) return;
    showPosition(map, parsePermalink(window.location.hash).position);
    // The address as the map last read or wrote it. Any other is a link the user put there whose
    // hashchange is still on its way: the write waits for it, else it would replace the link before
    // the map had moved there (a link pasted as a prompt closed was lost so). Only the map screen
    // changes the hash while it is mounted.
    let seen = window.location.hash;
    const hash = coalescedWrite(() => {
      if (window.location.hash !== seen) return;
      writeHash(map);
      seen = window.location.hash;
    }, whenInputQuiet);
    const onMove = () => hash.request();
    map.on('moveend', onMove);
    // A phone leaves the app for another (and may end it there) without waiting for the quiet.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') hash.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    // A selection is written right after the frame that shows its prompt (replaceState costs a
    // tap's frame ms, issue 17), with any move still pending.
    let cancelWrite = () => {};
    const unsubscribeSelection = useSelection.subscribe((s, prev) => {
      if (s.selected === prev.selected) return;
      cancelWrite();
      cancelWrite = afterNextPaint(() => hash.flush());
    });
    const unsubscribe = () => {
      unsubscribeSelection();
      cancelWrite();
    };
    // A link pasted or typed into the open tab's address (our own replaceState fires no hashchange):
    // its view at once, its feature now or, before the layers are in, once they are.
    const onHashChange = () => {
      seen = window.location.hash;
      const { position, feature } = parsePermalink(window.location.hash);
      showPosition(map, position);
      if (!feature) return;
      if (!featuresDrawn(useMapStore.getState())) linked.current = feature;
      else useSelection.getState().select([feature]);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      map.un('moveend', onMove);
      document.removeEventListener('visibilitychange', onHidden);
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [map]);

  // The feature of a deep link is selected once its layer is drawn (its prompt reads it by gfid), and
  // one linked during a reload once that is drawn; watched outside React, so the features drawn
  // re-render no map (issue 17).
  useEffect(() => {
    if (!map) return;
    const selectLinked = (s: MapState) => {
      const feature = linked.current;
      if (!feature || !featuresDrawn(s)) return;
      linked.current = undefined;
      if (!useSelection.getState().selected) useSelection.getState().select([feature]);
    };
    selectLinked(useMapStore.getState());
    return useMapStore.subscribe(selectLinked);
  }, [map]);
}
