// DESIGN "Editing on the main thread, small": the main-thread OL map gets ONE vector layer holding
// only the feature being edited, with Draw (SPEC §4 new template point or shape) or Modify (moving
// a point or vertices; each change recorded by moveGeometry). Everything else draws in the worker.
import { useEffect, useRef } from 'react';
import Feature from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import Draw from 'ol/interaction/Draw.js';
import Modify from 'ol/interaction/Modify.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import { TEMPLATE_STROKE_WIDTH } from '../model/index.ts';
import { PALETTE } from '../ui/palette.ts';
import { useDraft } from './draft_store.ts';
import { createFeature } from './actions/create_feature.ts';
import { moveGeometry } from './actions/move_geometry.ts';
import { fromOl, toOl } from '../ui/ol_geometry.ts';

/** SPEC §9: new layer templates draw with stroke width 4. */
export const TEMPLATE_STYLE = new Style({
  stroke: new Stroke({ color: PALETTE.template, width: TEMPLATE_STROKE_WIDTH }),
  fill: new Fill({ color: PALETTE.templateFill }),
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: PALETTE.templatePoint }),
    stroke: new Stroke({ color: PALETTE.template, width: TEMPLATE_STROKE_WIDTH }),
  }),
});

export function EditOverlay({ map }: { map: OlMap | undefined }) {
  const source = useRef(new VectorSource());
  const geometry = useDraft((s) => s.draft?.geometry ?? null);
  const mode = useDraft((s) => s.mode);
  const drawType = useDraft((s) => s.drawType);

  useEffect(() => {
    if (!map) return;
    const layer = new VectorLayer({ source: source.current, style: TEMPLATE_STYLE, zIndex: 1000, properties: { name: 'edit-overlay' } });
    map.addLayer(layer);
    return () => void map.removeLayer(layer);
  }, [map]);

  useEffect(() => {
    source.current.clear();
    if (geometry) source.current.addFeature(new Feature(toOl(geometry)));
  }, [geometry]);

  useEffect(() => {
    if (!map || mode === 'idle') return;
    const { apply, setMode } = useDraft.getState();
    if (mode === 'draw' && drawType) {
      const draw = new Draw({ source: source.current, type: drawType, style: TEMPLATE_STYLE });
      draw.on('drawend', (e) => {
        const g = e.feature.getGeometry();
        if (g) apply(createFeature, { geometry: fromOl(g) });
        // The new shape stays adjustable while its form is open (issue 19: drag the point, move a vertex).
        setMode('modify');
      });
      map.addInteraction(draw);
      useDraft.setState({ drawing: true });
      return () => {
        map.removeInteraction(draw);
        useDraft.setState({ drawing: false });
      };
    }
    const modify = new Modify({ source: source.current, style: TEMPLATE_STYLE });
    modify.on('modifyend', (e) => {
      const g = e.features.item(0)?.getGeometry();
      if (g) apply(moveGeometry, { geometry: fromOl(g) });
    });
    map.addInteraction(modify);
    return () => void map.removeInteraction(modify);
  }, [map, mode, drawType]);

  return null;
}
