// SPEC §3 WMS overlay layers (type "wms", source url + params.LAYERS) drawn on the map in the tile band
// of SPEC §9, and SPEC §4's load-error flag shown in the layer list when the service fails.
import { afterEach, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type TileLayer from 'ol/layer/Tile.js';
import { appConfigSchema, layerSchema, type LayerInput } from '../../src/model/index.ts';
import { createWmsOverlay } from '../../src/map/wms_overlays.ts';
import { createConfiguredBaseLayer, createLandLayer } from '../../src/map/base_layers.ts';
import { baseLayerSchema } from '../../src/model/index.ts';
import { LayerList } from '../../src/screens/LayerList.tsx';
import { useMapStore } from '../../src/state/map_store.ts';
import { findByTestId, render, unmount } from './shell_harness.tsx';

const wms = (input: Partial<LayerInput> & { id: string }) =>
  layerSchema.parse({
    name: input.id,
    type: 'wms',
    source: { url: `${location.origin}/icons/icon-256.png`, params: { LAYERS: 'ws_geo:ortho' } },
    ...input,
  });

let cleanup: (() => void) | undefined;
afterEach(async () => {
  await unmount();
  cleanup?.();
  cleanup = undefined;
  useMapStore.getState().resetLayerStatus();
});

/** A 256 px map showing the layers; returns the element it draws into. */
function mapWith(...layers: Parameters<typeof OlMap.prototype.addLayer>[0][]): HTMLElement {
  const host = document.createElement('div');
  Object.assign(host.style, { width: '256px', height: '256px' });
  document.body.append(host);
  const map = new OlMap({ target: host, layers, view: new View({ center: [0, 0], zoom: 3 }) });
  cleanup = () => {
    map.setTarget(undefined);
    host.remove();
  };
  return host;
}

const getMapRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.searchParams.get('REQUEST') === 'GetMap');

describe('WMS overlay layers', () => {
  it('asks the service for its LAYERS and draws the tiles', async () => {
    performance.clearResourceTimings();
    const overlay = createWmsOverlay(wms({ id: 'ortho', opacity: 0.8 }))!;
    const host = mapWith(overlay);
    await expect.poll(() => useMapStore.getState().layerStatus.ortho, { timeout: 15_000 }).toBe('ok');
    const [first] = getMapRequests();
    expect(first?.searchParams.get('LAYERS')).toBe('ws_geo:ortho');
    expect(first?.searchParams.get('SERVICE')).toBe('WMS');
    // The tile image is painted into the map's canvas: some pixel is no longer transparent.
    await expect
      .poll(
        () => {
          const canvas = host.querySelector('canvas');
          if (!canvas) return 0;
          const px = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < px.length; i += 4) if ((px[i] ?? 0) > 0) painted++;
          return painted;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(1000);
  });

  it('sits above every base map and below the vector features (SPEC §9)', () => {
    const land = createLandLayer();
    const base = createConfiguredBaseLayer(
      baseLayerSchema.parse({ id: 'osm', name: 'OSM', type: 'xyz', url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
      3,
    )!;
    const low = createWmsOverlay(wms({ id: 'low', zIndex: 0 }))!;
    const high = createWmsOverlay(wms({ id: 'high', zIndex: 9 }))!;
    const z = (l: { getZIndex(): number | undefined }) => l.getZIndex()!;
    expect(z(land)).toBeLessThan(z(base));
    expect(z(base)).toBeLessThan(z(low));
    expect(z(low)).toBeLessThan(z(high));
    expect(z(high)).toBeLessThan(100); // the render worker's feature canvas
  });

  it("keeps the layer's visibility, opacity and zoom range", () => {
    const overlay = createWmsOverlay(wms({ id: 'o', visible: false, opacity: 0.4, minZoom: 6, maxZoom: 12 }))!;
    expect(overlay.getVisible()).toBe(false);
    expect(overlay.getOpacity()).toBe(0.4);
    expect(overlay.getMinZoom()).toBeLessThan(6);
    expect(overlay.getMinZoom()).toBeGreaterThan(5.99);
    expect(overlay.getMaxZoom()).toBe(12);
  });

  it('makes no map layer for vector layers or a WMS layer without a url', () => {
    expect(createWmsOverlay(layerSchema.parse({ id: 'c', name: 'C', type: 'Point', workspace: 'ws' }))).toBeUndefined();
    expect(createWmsOverlay(layerSchema.parse({ id: 'w', name: 'W', type: 'wms' }))).toBeUndefined();
  });

  it('flags a failing service in the layer list', async () => {
    const layer = wms({ id: 'dead', name: 'Dead service', source: { url: 'http://127.0.0.1:9/wms', params: { LAYERS: 'a:b' } } });
    mapWith(createWmsOverlay(layer)!);
    await expect.poll(() => useMapStore.getState().layerStatus.dead, { timeout: 15_000 }).toBe('loadError');
    await render(<LayerList config={appConfigSchema.parse({ appName: 'WMS', layersConfig: [layer] })} />);
    const row = await findByTestId('layer-dead');
    expect(row.textContent).toContain('Tiles could not be loaded');
    expect(row.textContent).toContain('Map service');
  });
});

describe('a base map that starts hidden (issue 17)', () => {
  it('asks for nothing until it is shown, then draws its tiles', async () => {
    performance.clearResourceTimings();
    const base = createConfiguredBaseLayer(
      baseLayerSchema.parse({
        id: 'later',
        name: 'Later',
        type: 'xyz',
        url: `${location.origin}/icons/icon-256.png?z={z}&x={x}&y={y}`,
        visible: false,
      }),
      0,
    )!;
    const host = mapWith(base);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tileRequests = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('icon-256.png?z='));
    expect(tileRequests()).toHaveLength(0);
    expect(useMapStore.getState().layerStatus.later).toBeUndefined();
    // Not even made: no tile grid, no URL templates in the open.
    expect((base as TileLayer).getSource()).toBeNull();

    base.setVisible(true);
    await expect.poll(() => useMapStore.getState().layerStatus.later, { timeout: 15_000 }).toBe('ok');
    expect(tileRequests().length).toBeGreaterThan(0);
    await expect.poll(() => host.querySelector('canvas') !== null, { timeout: 15_000 }).toBe(true);
  });
});
