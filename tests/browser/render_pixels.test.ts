// The render worker's polygons look as OpenLayers draws the same vectors. band_pixels.test.ts compares
// the renderer with itself (banded against full detail), which cannot see a shape both get wrong: the
// twenty-sixth session found Natural Earth's Antarctica drawn with a dark wedge from the Antarctic
// Peninsula to the map's edge at every zoom (a ring around the pole, triangulated across its own closing
// edge). Here the app's countries layer, decoded both ways the app receives features (the server's
// FlatGeobuf through the data worker, and GeoJSON packed as an import or a stored layer is), is drawn by
// each backend and compared with OpenLayers' Canvas drawing of world-atlas' countries at the same view.
// The same comparison found the renderer drawing one world only: east of 180° the land showed Alaska and
// the Americas, the layers nothing (world_copies.ts).
import { describe, expect, inject, it } from 'vitest';
import { wrap } from 'comlink';
import { Fill, Stroke, Style } from 'ol/style.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import countries110m from 'world-atlas/countries-110m.json';
import { createRenderer } from '../../src/map/render_worker_client.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { resolutionForZoom } from '../../workers/batch/zoom_levels.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { DataWorkerApi } from '../../workers/data/protocol.ts';
import type { RenderBackendKind, RenderLayerConfig } from '../../workers/render/protocol.ts';
import { POLYGON_FILL_ALPHA } from '../../workers/render/layer_style.ts';
import { interiorDifference, keepCanvasesInSoftware, mapPicture, naturalEarthVectors } from './map_pixels.ts';

keepCanvasesInSoftware();

const apiBase = inject('apiBase');
const SIZE: [number, number] = [400, 300];
const COUNTRIES: RenderLayerConfig = { id: 'countries', geometryType: 'Polygon', fillColor: '#2e7d32', strokeColor: '#1b5e20' };

function naturalEarthCountries(): FeatureCollection {
  const topo = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  return feature(topo, topo.objects.countries) as FeatureCollection;
}

/** The reference: OpenLayers' vector layer in the renderer's style (layer_style.ts: translucent fill, outline half the width). */
function countriesAsVectors() {
  return naturalEarthVectors(
    naturalEarthCountries(),
    new Style({
      fill: new Fill({ color: [46, 125, 50, POLYGON_FILL_ALPHA] }),
      stroke: new Stroke({ color: COUNTRIES.strokeColor!, width: 1 }),
    }),
  );
}

/** The demo app's countries as the map receives them from the server: FlatGeobuf, decoded by the data worker. */
async function countriesFromServer(): Promise<FeatureBatch> {
  const worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await wrap<DataWorkerApi>(worker).loadLayer({
      apiBase,
      appKey: DEMO_APP_KEY,
      workspace: 'ws_demo',
      layer: 'countries',
      geometryType: 'Polygon',
    });
  } finally {
    worker.terminate();
  }
}

function countriesFromGeoJson(): FeatureBatch {
  return packFeatureCollection(naturalEarthCountries(), { layerId: 'countries', geometryType: 'Polygon' });
}

async function renderedPixels(batch: FeatureBatch, backend: RenderBackendKind, center: [number, number], zoom: number) {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `width:${SIZE[0]}px;height:${SIZE[1]}px`;
  document.body.append(canvas);
  const r = await createRenderer(canvas, { pixelRatio: 1, size: SIZE, backend });
  try {
    expect(r.backend).toBe(backend);
    await r.setLayers([COUNTRIES]);
    await r.setView({ center, resolution: resolutionForZoom(zoom) });
    await r.setBatch(batch);
    return (await r.snapshot()).pixels;
  } finally {
    await r.dispose();
    r.canvas.remove();
    canvas.remove();
  }
}

const at = (lon: number, lat: number): [number, number] => [lonToX(lon), latToY(lat)];

// Views that stay north of −84.7°: there OpenLayers' own drawing of the raw Antarctica ring leaves the
// cap unfilled (its closing edge runs across the map at that latitude), where the renderer fills it.
const VIEWS: [string, [number, number], number][] = [
  ['the world', at(0, 0), 1],
  ['Europe', at(10, 50), 4],
  ['the Antarctic Peninsula', at(-62, -75), 3],
  ['Antarctica below Australia', at(120, -66), 3],
  // East of 180° OpenLayers draws the next copy of the world (Alaska beside Chukotka); so does the renderer.
  ['Chukotka across the antimeridian', at(179, 66), 4],
  ['the Pacific, both copies of the world', at(180, 10), 1],
];

describe("the render worker's polygons look as OpenLayers draws them", () => {
  const sources: [string, () => Promise<FeatureBatch> | FeatureBatch][] = [
    ['FlatGeobuf from the server', countriesFromServer],
    ['GeoJSON', countriesFromGeoJson],
  ];
  for (const [source, load] of sources) {
    for (const backend of ['webgl', 'canvas2d'] as const) {
      it.each(VIEWS)(`Natural Earth countries, ${source}, ${backend}: %s`, async (_, center, zoom) => {
        const reference = await mapPicture(countriesAsVectors(), { center, resolution: resolutionForZoom(zoom) }, SIZE);
        const drawn = await renderedPixels(await load(), backend, center, zoom);
        let painted = 0;
        for (let i = 3; i < reference.length; i += 4) if (reference[i] > 0) painted++;
        expect(painted / (SIZE[0] * SIZE[1])).toBeGreaterThan(0.05); // the view does show countries
        // Measured 0 in every view; the Antarctica wedge was 3.9 % of the Peninsula's view, Alaska missing 3.7 %.
        expect(interiorDifference(drawn, reference, ...SIZE)).toBeLessThan(0.001);
      });
    }
  }
});
