// SPEC §4 track recording: the track's line layer (track_layer.ts) on the main map while a track
// records or waits to be kept; hidden once it is cleared.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import { useTrack, type TrackState } from './track_store.ts';
import { TrackLayer } from './track_layer.ts';

export function TrackOverlay({ map }: { map: OlMap | undefined }) {
  useEffect(() => {
    if (!map) return;
    // Made with the first track shown, not with the map: most opens record none (issue 17).
    let layer: TrackLayer | undefined;
    const show = (s: TrackState) => {
      const points = s.status === 'idle' ? null : s.points;
      if (points?.length || layer) (layer ??= new TrackLayer(map)).show(points);
    };
    show(useTrack.getState());
    const off = useTrack.subscribe((s, prev) => {
      if (s.count !== prev.count || s.status !== prev.status || s.points !== prev.points) show(s);
    });
    return () => {
      off();
      layer?.dispose();
    };
  }, [map]);
  return null;
}
