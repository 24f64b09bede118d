import { describe, expect, it } from 'vitest';
import { baseLayerFromLocal, baseLayerSchema } from '../../src/model/index.ts';

// SPEC §3 Local layer → a baseLayersConfig entry (WMS, WMTS, XYZ).
describe('baseLayerFromLocal', () => {
  const local = { name: 'Orthophoto 2024', class: 'tile' as const, url: ' https://maps.example.org/wms ', visible: true };

  it('makes a WMS base map asking for the server layer', () => {
    const layer = baseLayerFromLocal({ ...local, serviceType: 'WMS', serverLayerName: 'ortho:2024' }, []);
    expect(layer).toMatchObject({
      id: 'orthophoto_2024',
      type: 'wms',
      url: 'https://maps.example.org/wms',
      params: { LAYERS: 'ortho:2024' },
    });
    expect(baseLayerSchema.safeParse(layer).success).toBe(true);
  });

  it('makes WMTS and XYZ entries, with a free id', () => {
    const wmts = baseLayerFromLocal({ ...local, serviceType: 'WMTS', serverLayerName: 'ortho' }, ['orthophoto_2024']);
    expect(wmts).toMatchObject({ id: 'orthophoto_2024_2', type: 'wmts', layer: 'ortho', matrixSet: 'EPSG:3857' });
    const xyz = baseLayerFromLocal({ ...local, class: 'vector', serviceType: 'XYZ', url: 'https://t/{z}/{x}/{y}.png' }, []);
    expect(xyz).toMatchObject({ type: 'xyz', basemap: false, url: 'https://t/{z}/{x}/{y}.png' });
    expect(baseLayerSchema.safeParse(xyz).success).toBe(true);
  });
});
