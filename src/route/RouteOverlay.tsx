// The route on the main map (SPEC §2 route description panel): one small OL vector layer with the
// route line and its two ends, above the feature canvas and below the position dot.
import { useEffect, useState } from 'react';
import Feature from 'ol/Feature.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import { useRoute } from './route_store.ts';
import { hideWhileEmpty } from '../map/hide_while_empty.ts';

const ROUTE_OVERLAY_Z = 450;
const LINE = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 8 }) }),
  new Style({ stroke: new Stroke({ color: '#6b2fbf', width: 5 }) }),
];
const end = (color: string) =>
  new Style({ image: new Circle({ radius: 7, fill: new Fill({ color }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }) });
const ORIGIN = end('#2e7d32');
const DESTINATION = end('#c62828');

export function RouteOverlay({ map }: { map: OlMap | undefined }) {
  // One source for the component's life, made once (an argument to useRef is made at every render).
  const [source] = useState(() => new VectorSource());
  const route = useRoute((s) => s.route);
  const origin = useRoute((s) => s.origin);
  const destination = useRoute((s) => s.destination);

  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source, zIndex: ROUTE_OVERLAY_Z, properties: { name: 'route-overlay' } });
    const stopHiding = hideWhileEmpty(layer);
    map.addLayer(layer);
    return () => {
      stopHiding();
      map.removeLayer(layer);
    };
  }, [map, source]);

  useEffect(() => {
    source.clear();
    if (route?.coordinates?.length) {
      const geom = new LineString(route.coordinates.map((c) => fromLonLat(c)));
      const line = new Feature(geom);
      line.setStyle(LINE);
      source.addFeature(line);
      // The whole route in view, above the route panel (which covers up to 55 % of the map's height).
      const height = map?.getSize()?.[1] ?? 0;
      map?.getView().fit(geom.getExtent(), { padding: [64, 24, Math.round(height * 0.55) + 16, 64], maxZoom: 16, duration: 0 });
    }
    for (const [at, style] of [
      [origin?.at, ORIGIN],
      [destination?.at, DESTINATION],
    ] as const) {
      if (!at) continue;
      const f = new Feature(new Point(fromLonLat(at)));
      f.setStyle(style);
      source.addFeature(f);
    }
  }, [map, source, route, origin, destination]);
  return null;
}
