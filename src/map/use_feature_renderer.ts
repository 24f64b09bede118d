// Puts the render worker's canvas into the OL map (DESIGN.md: features draw in the render worker;
// the main-thread map keeps only base maps, interactions and the view) and keeps the worker's view
// in step with every frame the main map draws. The data worker hears of the zoom only when its band
// changes (workers/batch/zoom_levels.ts bandOfView), so it can re-send lines and polygons simplified for it.
import { useEffect, useState } from 'react';
import type OlMap from 'ol/Map.js';
import type { FrameState } from 'ol/Map.js';
import Layer from 'ol/layer/Layer.js';
import { transfer } from 'comlink';
import { getDataWorker } from './data_worker_client.ts';
import { bandOfView } from '../../workers/batch/zoom_levels.ts';
import { createRenderer, type MapRendererHandle } from './render_worker_client.ts';

/** Above every base map and tile layer band (src/map/base_layers.ts, src/map/wms_overlays.ts), below the edit overlays (1000+). */
const FEATURE_CANVAS_Z = 100;

function featureCanvas(): HTMLCanvasElement {
  // Made here, not in JSX: a canvas can be handed to a worker only once, and StrictMode mounts twice.
  const canvas = document.createElement('canvas');
  canvas.dataset.testid = 'feature-canvas';
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', pointerEvents: 'none' });
  return canvas;
}

/** The renderer of the map's vector features; undefined until the worker has started. */
export function useFeatureRenderer(map: OlMap | undefined): MapRendererHandle | undefined {
  const [renderer, setRenderer] = useState<MapRendererHandle>();
  useEffect(() => {
    if (!map) return;
    let handle: MapRendererHandle | undefined;
    let disposed = false;
    let band: number | undefined;
    const trackZoom = (zoom: number | undefined) => {
      if (zoom === undefined || !Number.isFinite(zoom) || bandOfView(zoom) === band) return;
      band = bandOfView(zoom);
      void getDataWorker().setZoom({ zoom });
    };
    const canvas = featureCanvas();
    // Wrapped: OL's canvas layers above would otherwise try to draw into the transferred canvas.
    const container = document.createElement('div');
    container.className = 'mapdraft-features';
    Object.assign(container.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
    container.append(canvas);

    // The main map's frame state is the truth; the worker draws the same view one message later.
    const follow = (fs: FrameState) => {
      if (!handle) return;
      const { center, resolution, rotation, zoom } = fs.viewState;
      trackZoom(zoom);
      void handle.setView({
        center: [center[0], center[1]],
        resolution,
        rotation,
        size: [fs.size[0], fs.size[1]],
        pixelRatio: fs.pixelRatio,
        viewHints: [fs.viewHints[0], fs.viewHints[1]],
      });
    };
    // The worker's canvas is one layer of the main map (OL's offscreen-canvas pattern): it takes its
    // place in the layer stack — above base maps and tile layers (SPEC §9), below the edit and
    // comparison overlays — and its render() hands the worker every frame's view.
    const proxy = new Layer({
      zIndex: FEATURE_CANVAS_Z,
      properties: { name: 'features' },
      render: (frameState) => {
        follow(frameState);
        return container; // a fallback's fresh canvas replaces the old one inside it
      },
    });
    map.addLayer(proxy);

    void (async () => {
      const size = map.getSize();
      // DESIGN.md: batches go data worker → render worker over their own channel, never through here.
      const channel = new MessageChannel();
      // The render worker starts while the data worker (busy opening its store on a cold start) takes
      // its end of the channel: nothing is posted on it before the first showLayer, which waits for both.
      const connected = getDataWorker().connectRenderer(transfer({ port: channel.port1 }, [channel.port1]));
      // Before any showLayer, so the first load is already simplified for this zoom.
      trackZoom(map.getView().getZoom());
      const [h] = await Promise.all([
        createRenderer(canvas, {
          size: size ? [size[0], size[1]] : undefined,
          pixelRatio: globalThis.devicePixelRatio || 1,
          batchPort: channel.port2,
        }),
        connected,
      ]);
      if (disposed) {
        await h.dispose();
        h.canvas.remove();
        return;
      }
      handle = h;
      setRenderer(h);
      map.render(); // one frame now, so the worker gets the current view
    })();

    return () => {
      disposed = true;
      map.removeLayer(proxy);
      setRenderer(undefined);
      const h = handle;
      if (h) void h.dispose().then(() => h.canvas.remove());
      else canvas.remove();
    };
  }, [map]);
  return renderer;
}
