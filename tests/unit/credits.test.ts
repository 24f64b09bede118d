import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../src/i18n/index.ts';
import { attributionHtml, baseLayerAttributions } from '../../src/map/credits.ts';
import { baseLayerSchema } from '../../src/model/index.ts';

// The credits the data licences ask for, as the map's attribution control shows them.
beforeAll(async () => {
  await initI18n('de_DE');
});

const base = (over: Record<string, unknown>) =>
  baseLayerSchema.parse({ id: 'b', name: 'B', type: 'xyz', url: 'https://example.org/{z}/{x}/{y}.png', ...over });

describe('map attribution', () => {
  it('links OpenStreetMap tiles to the OSM copyright page, in the current language', () => {
    const osm = baseLayerAttributions(
      base({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' }),
    )!;
    expect(osm()).toEqual([
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> Mitwirkende',
    ]);
  });

  it('credits GeoNames with its CC BY 4.0 licence and Natural Earth with its site', () => {
    expect(attributionHtml('geonames')).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
    expect(attributionHtml('geonames')).toContain('>GeoNames</a>');
    expect(attributionHtml('naturalEarth')).toContain('href="https://www.naturalearthdata.com/"');
  });

  it('shows another configured attribution as text, never as markup', () => {
    expect(baseLayerAttributions(base({ attribution: '<img src=x onerror=alert(1)> Acme' }))!()).toEqual([
      '&lt;img src=x onerror=alert(1)&gt; Acme',
    ]);
    expect(baseLayerAttributions(base({}))).toBeUndefined();
  });
});
