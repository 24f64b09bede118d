// SPEC §4 track recording, the line layer: the recorded track and its start on one small vector
// layer of the main map, just below the position layer. A kept position appends one coordinate to
// the line in place (no rebuild of the track per update), so a long recording costs each update
// the same.
import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import { POSITION_OVERLAY_Z } from '../location/PositionOverlay.tsx';
import { useTrack, type TrackState } from './track_store.ts';

const TRACK_COLOR = '#d81b60';
const LINE_STYLE = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: TRACK_COLOR, width: 3.5 }) }),
];
const START_STYLE = new Style({
  image: new Circle({ radius: 6, fill: new Fill({ color: '#ffffff' }), stroke: new Stroke({ color: TRACK_COLOR, width: 3 }) }),
});

export function TrackOverlay({ map }: { map: OlMap | undefined }) {
  const source = useRef(new VectorSource());
  const line = useRef(new Feature<LineString>({ geometry: new LineString([]), role: 'track' }));
  const start = useRef(new Feature<Point>({ role: 'track-start' }));

  useEffect(() => {
    if (!map) return;
    line.current.setStyle(LINE_STYLE);
    start.current.setStyle(START_STYLE);
    const layer = new VectorLayer({
      source: source.current,
      zIndex: POSITION_OVERLAY_Z - 1,
      updateWhileAnimating: true,
      updateWhileInteracting: true,
      properties: { name: 'track-overlay' },
    });
    map.addLayer(layer);
    return () => void map.removeLayer(layer);
  }, [map]);

  useEffect(() => {
    const src = source.current;
    const geometry = line.current.getGeometry()!;
    // How much of which points array the line already holds: a new array (a restore) is drawn whole.
    let drawnOf: TrackState['points'] | null = null;
    let drawn = 0;
    const show = (s: TrackState) => {
      if (s.status === 'idle' || s.points.length === 0) {
        src.clear();
        geometry.setCoordinates([]);
        drawnOf = null;
        return;
      }
      const at = (i: number) => fromLonLat([s.points[i]!.lon, s.points[i]!.lat]);
      if (s.points !== drawnOf || s.points.length < drawn) {
        geometry.setCoordinates(s.points.map((_, i) => at(i)));
        start.current.setGeometry(new Point(at(0)));
      } else for (let i = drawn; i < s.points.length; i++) geometry.appendCoordinate(at(i));
      drawnOf = s.points;
      drawn = s.points.length;
      if (!src.hasFeature(line.current)) src.addFeatures([line.current, start.current]);
    };
    show(useTrack.getState());
    const off = useTrack.subscribe((s, prev) => {
      if (s.count !== prev.count || s.status !== prev.status || s.points !== prev.points) show(s);
    });
    return () => {
      off();
      src.clear();
    };
  }, []);
  return null;
}
