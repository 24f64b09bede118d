// SPEC §2 comparison: both geometries on the map, the original dashed and the suggestion solid, in
// one small main-thread vector layer (DESIGN "Editing on the main thread, small"). In a phone's
// bottom sheet they are fitted into the part of the map above the sheet (issue 19).
import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import { FIT_MAX_ZOOM, FIT_PADDING, type Geometry } from '../model/index.ts';
import { PALETTE } from '../ui/palette.ts';
import { toOl } from '../ui/ol_geometry.ts';
import { fitAboveSheet, useOpenSheet } from '../ui/use_keep_in_view.ts';

const dashed = new Stroke({ color: PALETTE.original, width: 3, lineDash: [8, 6] });
const solid = new Stroke({ color: PALETTE.suggestion, width: 3 });
export const ORIGINAL_STYLE = new Style({
  stroke: dashed,
  fill: new Fill({ color: PALETTE.originalFill }),
  image: new Circle({ radius: 9, stroke: dashed }),
});
export const SUGGESTION_STYLE = new Style({
  stroke: solid,
  fill: new Fill({ color: PALETTE.suggestionFill }),
  image: new Circle({ radius: 6, fill: new Fill({ color: PALETTE.suggestion }), stroke: solid }),
});

export function ComparisonOverlay({ map, before, after }: { map: OlMap | undefined; before: Geometry | null; after: Geometry | null }) {
  const source = useRef(new VectorSource());
  const sheet = useOpenSheet();
  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source: source.current, zIndex: 1001, properties: { name: 'comparison-overlay' } });
    map.addLayer(layer);
    return () => void map.removeLayer(layer);
  }, [map]);
  useEffect(() => {
    const src = source.current;
    src.clear();
    const add = (g: Geometry | null, style: Style, role: string) => {
      if (!g) return;
      const f = new Feature(toOl(g));
      f.setStyle(style);
      f.set('role', role);
      src.addFeature(f);
    };
    add(before, ORIGINAL_STYLE, 'original');
    add(after, SUGGESTION_STYLE, 'suggestion');
    // SPEC §4 fit: padding 40, max zoom 21 (kept lower so a point keeps its surroundings).
    if (map && src.getFeatures().length) {
      fitAboveSheet(map, src.getExtent()!, sheet?.current, { padding: FIT_PADDING, maxZoom: Math.min(FIT_MAX_ZOOM, 12) });
    }
    return () => src.clear();
  }, [map, before, after, sheet]);
  return null;
}
