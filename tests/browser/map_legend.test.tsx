// SPEC §2 legend images drawn from the layer style, the Legend list, and SPEC §4's tile-load-error flag
// raised by a real OL tile source whose server does not answer.
import { afterEach, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { CATEGORY_ICON_STYLES, CATEGORY_ICONS, layerSchema, type LayerInput } from '../../src/model/index.ts';
import { categoryLegendDataUrl, legendCategories, vectorLegendDataUrl } from '../../src/map/legend.ts';
import { Legend } from '../../src/map/Legend.tsx';
import { createConfiguredBaseLayer } from '../../src/map/base_layers.ts';
import { useMapStore } from '../../src/state/map_store.ts';
import { baseLayerSchema } from '../../src/model/index.ts';
import { render, unmount } from './shell_harness.tsx';

afterEach(unmount);

const layer = (input: Partial<LayerInput> & { id: string }) =>
  layerSchema.parse({ name: input.id, type: 'Point', workspace: 'w', ...input });

async function pixels(url: string, size = 20): Promise<Uint8ClampedArray> {
  const img = new Image();
  img.src = url;
  await img.decode();
  const ctx = new OffscreenCanvas(size, size).getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, size, size).data;
}
const at = (px: Uint8ClampedArray, x: number, y: number) => Array.from(px.slice(4 * (y * 20 + x), 4 * (y * 20 + x) + 3));

describe('legend images', () => {
  it('draws a polygon with its fill inside and its stroke at the edge', async () => {
    const url = vectorLegendDataUrl({ geometryType: 'Polygon', fillColor: '#ff0000', strokeColor: '#0000ff', strokeWidth: 2 });
    expect(url.startsWith('data:image/png')).toBe(true);
    const px = await pixels(url);
    expect(at(px, 10, 10)).toEqual([255, 0, 0]);
    expect(at(px, 10, 2)).toEqual([0, 0, 255]);
  });
  it('draws a point as a circle: filled centre, empty corners', async () => {
    const px = await pixels(vectorLegendDataUrl({ geometryType: 'Point', fillColor: '#00ff00', strokeColor: '#000000', strokeWidth: 1 }));
    expect(at(px, 10, 10)).toEqual([0, 255, 0]);
    expect(px[3]).toBe(0); // top-left corner transparent
  });

  it('lists the visible layers with their legend, not hidden or diff layers', async () => {
    await render(
      <Legend
        layers={[
          layer({ id: 'cities', name: 'Cities' }),
          layer({ id: 'countries', name: 'Countries', type: 'Polygon' }),
          layer({ id: 'hidden', visible: false }),
          layer({ id: 'nolegend', legend: false }),
          layer({ id: 'cities_diff' }),
          layer({ id: 'ortho', name: 'Ortho', type: 'wms', source: { url: 'http://127.0.0.1:9/wms', params: { LAYERS: 'a:b' } } }),
        ]}
      />,
    );
    const rows = [...document.querySelectorAll('[data-testid="legend"] li')];
    expect(rows.map((r) => r.getAttribute('data-layer-id'))).toEqual(['cities', 'countries', 'ortho']);
    expect(rows[0].querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(rows[0].querySelector('img')!.getAttribute('alt')).toBe('Legend of Cities');
    expect(rows[2].querySelector('img')!.getAttribute('src')).toContain('REQUEST=GetLegendGraphic');
  });
});

describe('category legend (SPEC §9)', () => {
  it('explains the categories a point layer lists, or all 18, and nothing for a layer without a category property', () => {
    expect(legendCategories(layer({ id: 'poi', categoryProperty: 'kind', categories: ['Hospitals', 'bakery', 'car_parks'] }))).toEqual([
      'car parks',
      'hospitals',
    ]);
    expect(legendCategories(layer({ id: 'poi', categoryProperty: 'kind' }))).toEqual([...CATEGORY_ICONS]);
    // Categories that are none of the 18 (the demo's GeoNames codes): no icon entries.
    expect(legendCategories(layer({ id: 'cities', categoryProperty: 'featureCode', categories: ['PPLC', 'PPLA'] }))).toEqual([]);
    expect(legendCategories(layer({ id: 'poi' }))).toEqual([]);
    expect(legendCategories(layer({ id: 'zones', type: 'Polygon', categoryProperty: 'kind' }))).toEqual([]);
  });

  it('draws the icon the map draws: a disc of the category colour', async () => {
    const px = await pixels(categoryLegendDataUrl('hospitals'));
    const red = [1, 3, 5].map((i) => Number.parseInt(CATEGORY_ICON_STYLES.hospitals.color.slice(i, i + 2), 16));
    // Between the white mark and the white ring, and transparent in the corner.
    expect(at(px, 4, 10)).toEqual(red);
    expect(px[3]).toBe(0);
  });

  it('lists an entry with its icon and translated name under the layer for each category', async () => {
    await render(
      <Legend
        layers={[layer({ id: 'poi', name: 'Places', categoryProperty: 'kind', categories: ['cafes', 'parks'] }), layer({ id: 'plain' })]}
      />,
    );
    const entries = [...document.querySelectorAll('[data-layer-id="poi"] [data-category]')];
    expect(entries.map((e) => [e.getAttribute('data-category'), e.textContent])).toEqual([
      ['cafes', 'Cafés'],
      ['parks', 'Parks'],
    ]);
    expect(entries[0].querySelector('img')!.getAttribute('src')).toBe(categoryLegendDataUrl('cafes'));
    expect(document.querySelector('[data-layer-id="poi"] ul')!.getAttribute('aria-label')).toBe('Categories of Places');
    expect(document.querySelectorAll('[data-layer-id="plain"] [data-category]')).toHaveLength(0);
  });
});

describe('tile load error (SPEC §4)', () => {
  it('flags a base map whose tiles fail', async () => {
    const host = document.createElement('div');
    Object.assign(host.style, { width: '256px', height: '256px' });
    document.body.append(host);
    const cfg = baseLayerSchema.parse({
      id: 'dead',
      name: 'Dead',
      type: 'wmts',
      url: 'http://127.0.0.1:9/wmts',
      layer: 'x',
      matrixSet: 'EPSG:3857',
      visible: true,
    });
    const map = new OlMap({ target: host, layers: [createConfiguredBaseLayer(cfg, 0)!], view: new View({ center: [0, 0], zoom: 2 }) });
    try {
      await expect.poll(() => useMapStore.getState().layerStatus.dead, { timeout: 15_000 }).toBe('loadError');
    } finally {
      map.setTarget(undefined);
      host.remove();
    }
  });
});
