// BASELINE for the rendering scenarios: a plain OpenLayers 10 app — everything on the main thread,
// a Canvas VectorLayer per dataset over a VectorSource filled from GeoJSON (fetch + GeoJSON format),
// selection by map.forEachFeatureAtPixel into a small overlay layer.
import OlMap from 'ol/Map.js';
import OlView from 'ol/View.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type Feature from 'ol/Feature.js';
import type { FlatStyle } from 'ol/style/flat.js';
import { countPainted, nextFrame, type LayerSpec, type MapContender, type TapResult, type View } from './types.ts';

function styleFor(l: { geometryType: string; color: string }): FlatStyle {
  if (l.geometryType === 'Point')
    return { 'circle-radius': 4, 'circle-fill-color': l.color, 'circle-stroke-color': '#EA880C', 'circle-stroke-width': 1 };
  if (l.geometryType === 'LineString') return { 'stroke-color': l.color, 'stroke-width': 2 };
  return { 'fill-color': 'rgba(39,78,120,0.35)', 'stroke-color': l.color, 'stroke-width': 1 };
}

export class OlApp implements MapContender {
  private map!: OlMap;
  private view!: OlView;
  private target!: HTMLDivElement;
  private selection = new VectorSource();
  private recording = false;
  private intervals: number[] = [];
  private last = -1;

  async prepare(size: [number, number]): Promise<number> {
    const t0 = performance.now();
    this.target = document.createElement('div');
    Object.assign(this.target.style, { position: 'absolute', left: '0', top: '0', width: `${size[0]}px`, height: `${size[1]}px` });
    document.getElementById('map')!.append(this.target);
    return performance.now() - t0;
  }

  /** `json` supplies each layer's GeoJSON (scenario 4: from IndexedDB); by default it is fetched. */
  async load(layers: LayerSpec[], view: View, json?: (l: LayerSpec) => Promise<unknown>): Promise<void> {
    this.view = new OlView({ center: view.center, resolution: view.resolution });
    const olLayers = [];
    for (const l of layers) {
      const data = json ? await json(l) : await (await fetch(`/api/features?workspace=bench&layer=${l.name}`)).json();
      const features = new GeoJSON().readFeatures(data, { featureProjection: 'EPSG:3857' }) as Feature[];
      const source = new VectorSource({ features });
      olLayers.push(new VectorLayer({ source, style: styleFor(l) }));
    }
    olLayers.push(
      new VectorLayer({
        source: this.selection,
        style: {
          'circle-radius': 7,
          'circle-fill-color': '#ffd400',
          'circle-stroke-color': '#000',
          'circle-stroke-width': 2,
          'stroke-color': '#ffd400',
          'stroke-width': 4,
        },
      }),
    );
    this.map = new OlMap({ target: this.target, layers: olLayers, view: this.view, controls: [], interactions: [], pixelRatio: 1 });
    this.map.on('postrender', () => {
      if (!this.recording) return;
      const t = performance.now();
      if (this.last >= 0) this.intervals.push(t - this.last);
      this.last = t;
    });
    await new Promise<void>((r) => this.map.once('rendercomplete', () => r()));
  }

  setView(view: View): void {
    this.view.setCenter(view.center);
    this.view.setResolution(view.resolution);
  }

  startFrames(): void {
    this.intervals = [];
    this.last = -1;
    this.recording = true;
  }

  stopFrames() {
    this.recording = false;
    return { intervals: this.intervals, drawMs: [] as number[] };
  }

  async idle(): Promise<void> {
    this.map.render();
    await new Promise<void>((r) => this.map.once('rendercomplete', () => r()));
  }

  async tap(x: number, y: number): Promise<TapResult> {
    let found: Feature | undefined;
    this.map.forEachFeatureAtPixel(
      [x, y],
      (f) => {
        found = f as Feature;
        return true;
      },
      { hitTolerance: 3, layerFilter: (l) => (l as VectorLayer).getSource() !== this.selection },
    );
    this.selection.clear();
    if (found) this.selection.addFeature(found.clone());
    await new Promise<void>((r) => this.map.once('postrender', () => r()));
    await nextFrame();
    return { hit: !!found, paintedAt: performance.now() };
  }

  async paintedPixels(): Promise<number> {
    let n = 0;
    for (const c of this.target.querySelectorAll('canvas')) {
      const ctx = (c as HTMLCanvasElement).getContext('2d');
      if (ctx) n = Math.max(n, countPainted(ctx.getImageData(0, 0, c.width, c.height).data));
    }
    return n;
  }

  async bufferBytes(): Promise<number> {
    return 0; // Canvas 2D: no GPU buffers of its own
  }

  async dispose(): Promise<void> {
    this.map?.setTarget(undefined);
    this.map?.getLayers().forEach((l) => (l as VectorLayer).getSource()?.clear(true));
    this.map?.dispose();
    this.target?.remove();
  }
}
