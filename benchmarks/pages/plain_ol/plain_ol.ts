// BASELINE of scenario 14 (the app): a plain OpenLayers 10 app, built by Vite like the product and
// served by a static file server — each layer named in `?layers=` fetched as GeoJSON, read on the main
// thread into a Canvas VectorLayer, the view fitted to them (as the app fits, padding 40), and the
// User Timing mark `baseline:features-drawn` set at the first rendercomplete after that.
import OlMap from 'ol/Map.js';
import OlView from 'ol/View.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { createEmpty, extend, isEmpty } from 'ol/extent.js';
import type { FlatStyle } from 'ol/style/flat.js';

const STYLES: Record<string, FlatStyle> = {
  Point: { 'circle-radius': 4, 'circle-fill-color': '#274E78', 'circle-stroke-color': '#EA880C', 'circle-stroke-width': 1 },
  LineString: { 'stroke-color': '#EA880C', 'stroke-width': 2 },
  Polygon: { 'fill-color': 'rgba(39,78,120,0.35)', 'stroke-color': '#274E78', 'stroke-width': 1 },
};

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const layers = (params.get('layers') ?? '').split(',').filter(Boolean);
  const view = new OlView({ center: [0, 0], zoom: 2 });
  const map = new OlMap({ target: 'map', view, controls: [] });
  const sources = await Promise.all(
    layers.map(async (name) => {
      const json = await (await fetch(`./data/${name}.geojson`)).json();
      const source = new VectorSource({ features: new GeoJSON().readFeatures(json, { featureProjection: 'EPSG:3857' }) });
      const type = source.getFeatures()[0]?.getGeometry()?.getType().replace('Multi', '') ?? 'Point';
      map.addLayer(new VectorLayer({ source, style: STYLES[type] ?? STYLES.Point }));
      return source;
    }),
  );
  const extent = createEmpty();
  for (const s of sources) {
    const e = s.getExtent();
    if (e) extend(extent, e);
  }
  if (!isEmpty(extent)) view.fit(extent, { padding: [40, 40, 40, 40], maxZoom: 21 });
  await new Promise<void>((done) => map.once('rendercomplete', () => done()));
  performance.mark('baseline:features-drawn', { detail: sources.reduce((n, s) => n + s.getFeatures().length, 0) });
}

void main();
