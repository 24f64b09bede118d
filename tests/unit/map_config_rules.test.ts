// Pure map rules: which layers load (SPEC §4 diff layers), WMTS grids, WMS legend URLs (SPEC §2) and
// the tile-load-error flag (SPEC §4).
import { describe, expect, it } from 'vitest';
import { layerSchema, type LayerInput } from '../../src/model/index.ts';
import { PENDING_STYLE, loadableLayers, renderLayerConfig } from '../../src/map/load_vector_layers.ts';
import { matrixIdsFor, webMercatorTileGrid } from '../../src/map/wmts.ts';
import { wmsLegendUrl } from '../../src/map/legend.ts';
import { useMapStore } from '../../src/state/map_store.ts';

const layer = (input: Partial<LayerInput> & { id: string }) =>
  layerSchema.parse({ name: input.id, type: 'Point', workspace: 'ws_a', ...input });

describe('loadableLayers (SPEC §4: diff layers only for logged-in users)', () => {
  const layers = [
    layer({ id: 'cities' }),
    layer({ id: 'cities_diff', workspace: 'ws_a_diff' }),
    layer({ id: 'noWs', workspace: undefined }),
    layer({ id: 'ortho', type: 'wms' }),
  ];
  it('leaves the diff layers out for a visitor', () => {
    expect(loadableLayers(layers).map((l) => l.id)).toEqual(['cities']);
    expect(loadableLayers(layers, false).map((l) => l.id)).toEqual(['cities']);
  });
  it('loads them for a logged-in user; still no WMS or workspace-less layers', () => {
    expect(loadableLayers(layers, true).map((l) => l.id)).toEqual(['cities', 'cities_diff']);
  });
});

describe('renderLayerConfig', () => {
  it('draws a layer in its own colours and its pending suggestions (diff layer) in the suggestion colours, above it', () => {
    const own = renderLayerConfig(layer({ id: 'cities', fillColor: '#112233', strokeColor: '#445566' }));
    expect(own).toMatchObject({ fillColor: '#112233', strokeColor: '#445566', isDiff: false });
    const pending = renderLayerConfig(layer({ id: 'cities_diff', workspace: 'ws_a_diff', fillColor: '#112233', strokeColor: '#445566' }));
    expect(pending).toMatchObject({ ...PENDING_STYLE, isDiff: true });
    expect(pending.fillColor).not.toBe(own.fillColor);
  });
});

describe('WMTS on EPSG:3857', () => {
  it('names the levels as the server does', () => {
    expect(matrixIdsFor('GoogleMapsCompatible', 2)).toEqual(['0', '1', '2']);
    expect(matrixIdsFor('EPSG:3857', 1)).toEqual(['EPSG:3857:0', 'EPSG:3857:1']);
  });
  it('builds the Google-compatible grid: one 256 px tile for the world at level 0', () => {
    const grid = webMercatorTileGrid('GoogleMapsCompatible', 19);
    expect(grid.getResolution(0)).toBeCloseTo(156543.03392804097, 6);
    expect(grid.getResolution(19) * 2 ** 19).toBeCloseTo(156543.03392804097, 6);
    expect(grid.getOrigin(0)[0]).toBeCloseTo(-20037508.342789244, 3);
    expect(grid.getTileSize(0)).toBe(256);
  });
});

describe('wmsLegendUrl (SPEC §2 a legend image per layer)', () => {
  it("asks the layer's WMS for GetLegendGraphic of its LAYERS", () => {
    const url = wmsLegendUrl(layer({ id: 'o', type: 'wms', source: { url: 'https://maps.example/wms', params: { LAYERS: 'ws:ortho' } } }));
    expect(url).toBe('https://maps.example/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&FORMAT=image%2Fpng&LAYER=ws%3Aortho');
    const withQuery = wmsLegendUrl(layer({ id: 'o', type: 'wms', source: { url: '/geoserver/wms?map=a', params: { LAYERS: 'ws:o' } } }));
    expect(withQuery).toMatch(/^\/geoserver\/wms\?map=a&SERVICE=WMS&REQUEST=GetLegendGraphic/);
  });
  it('has none without a url or for a vector layer', () => {
    expect(wmsLegendUrl(layer({ id: 'o', type: 'wms' }))).toBeUndefined();
    expect(wmsLegendUrl(layer({ id: 'c' }))).toBeUndefined();
  });
});

describe('layer status (SPEC §4 tile load error)', () => {
  it('flags a layer and keeps the flag after later tiles load, until reset', () => {
    const s = useMapStore.getState();
    s.flagLayer('osm', 'ok');
    s.flagLayer('osm', 'loadError');
    s.flagLayer('osm', 'ok');
    expect(useMapStore.getState().layerStatus.osm).toBe('loadError');
    s.resetLayerStatus('osm');
    expect(useMapStore.getState().layerStatus.osm).toBeUndefined();
  });
});
