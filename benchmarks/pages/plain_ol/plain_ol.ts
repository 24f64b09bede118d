// BASELINE of scenario 14 (the app): a plain OpenLayers 10 app, built by Vite like the product and
// served by a static file server — each layer named in `?layers=` fetched as GeoJSON, read on the main
// thread into a Canvas VectorLayer, the view fitted to them (as the app fits, padding 40), and the
// User Timing mark `baseline:features-drawn` set at the first rendercomplete after that.
// For scenario 14's gestures and taps it does what a plain OL app does: a tap (`singleclick`, as the
// product listens to) is answered by `forEachFeatureAtPixel` (3 px, the product's tolerance) and
// shows the feature's name in a popup (an OL Overlay, closed by its button or Escape), and `#map=zoom/lat/lon`
// (the product's permalink) sets the view, so both apps can be put at the same view.
import OlMap from 'ol/Map.js';
import OlView from 'ol/View.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import Overlay from 'ol/Overlay.js';
import { fromLonLat } from 'ol/proj.js';
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
  addPopup(map);
  window.addEventListener('hashchange', () => {
    const [zoom, lat, lon] = (new URLSearchParams(location.hash.slice(1)).get('map') ?? '').split('/').map(Number);
    if (![zoom, lat, lon].every(Number.isFinite)) return;
    view.setCenter(fromLonLat([lon, lat]));
    view.setZoom(zoom);
  });
  await new Promise<void>((done) => map.once('rendercomplete', () => done()));
  performance.mark('baseline:features-drawn', { detail: sources.reduce((n, s) => n + s.getFeatures().length, 0) });
}

/** The usual OL popup: a tapped feature's name in an Overlay, closed by its button or Escape. */
function addPopup(map: OlMap): void {
  const element = document.createElement('div');
  element.id = 'popup';
  const name = document.createElement('strong');
  const closer = document.createElement('button');
  closer.id = 'popup-closer';
  closer.textContent = 'Close';
  element.append(name, closer);
  const popup = new Overlay({ element });
  map.addOverlay(popup);
  closer.addEventListener('click', () => popup.setPosition(undefined));
  document.addEventListener('keydown', (e) => e.key === 'Escape' && popup.setPosition(undefined));
  map.on('singleclick', (event) => {
    const found = map.forEachFeatureAtPixel(event.pixel, (f) => f, { hitTolerance: 3 });
    if (!found) return popup.setPosition(undefined);
    name.textContent = String(found.get('name') ?? found.getId());
    popup.setPosition(event.coordinate);
  });
}

void main();
