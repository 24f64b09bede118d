import { describe, expect, inject, it } from 'vitest';
import { ADMIN, call, DEMO, expectError, newUser } from './helpers.ts';

// OGC API – Features under /api/ogc/{appKey}: what a GIS client (GDAL's OAPIF driver, QGIS) reads.
const ogc = (appKey: string, path = '') => `/api/ogc/${appKey}${path}`;
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

interface Link {
  href: string;
  rel: string;
  type?: string;
}
const linkOf = (links: Link[], rel: string, type?: string) => links.find((l) => l.rel === rel && (!type || l.type === type));
/** A link's path and query on the test server (links are absolute). */
const local = (href: string) => {
  const u = new URL(href);
  return u.pathname + u.search;
};

describe('landing page and conformance', () => {
  it('links the API definition, the conformance classes and the collections', async () => {
    const res = await call(ogc(DEMO));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    for (const rel of ['service-desc', 'conformance', 'data', 'self']) expect(linkOf(res.body.links, rel), rel).toBeDefined();
    const api = await call(local(linkOf(res.body.links, 'service-desc')!.href));
    expect(api.body.paths).toHaveProperty(['/api/ogc/{appKey}/collections/{collectionId}/items']);
  });

  it('declares Core, GeoJSON, HTML and CRS', async () => {
    const res = await call(ogc(DEMO, '/conformance'));
    expect(res.body.conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
      ]),
    );
  });

  it('answers HTML to a browser and to f=html', async () => {
    const browser = await call(ogc(DEMO), { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    expect(browser.body).toContain('<h1>Mapdraft features</h1>');
    const items = await call(ogc(DEMO, '/collections/cities/items?f=html&limit=2'));
    expect(items.headers.get('content-type')).toMatch(/^text\/html/);
    expect((items.body as string).match(/<tr>/g)).toHaveLength(3); // heading + 2 features
  });

  it('refuses an unknown app and an unknown format', async () => {
    expectError(await call(ogc('x'.repeat(32))), 404, 'NO_APP_REGISTERED');
    expectError(await call(ogc(DEMO, '/collections?f=xml')), 400, 'INVALID_VALUE');
  });
});

describe('collections', () => {
  it('lists each readable layer with title, extent, item type and CRS84, without suggestion layers', async () => {
    const res = await call(ogc(DEMO, '/collections'));
    expect(res.status).toBe(200);
    const ids = res.body.collections.map((c: { id: string }) => c.id);
    expect(ids).toEqual(['borders', 'cities', 'countries', 'roads']);
    const cities = res.body.collections.find((c: { id: string }) => c.id === 'cities');
    expect(cities).toMatchObject({ title: 'Cities', itemType: 'feature', crs: [CRS84], storageCrs: CRS84 });
    const [minx, miny, maxx, maxy] = cities.extent.spatial.bbox[0];
    expect(minx).toBeGreaterThanOrEqual(-180);
    expect(maxx).toBeLessThanOrEqual(180);
    expect(miny).toBeLessThan(maxy);
    expect(linkOf(cities.links, 'items', 'application/geo+json')).toBeDefined();
    expect(linkOf(cities.links, 'items', 'application/flatgeobuf')).toBeDefined();
  });

  it('answers one collection, and 404 for another name', async () => {
    const res = await call(ogc(DEMO, '/collections/countries'));
    expect(res.body).toMatchObject({ id: 'countries', itemType: 'feature' });
    expectError(await call(ogc(DEMO, '/collections/cities_diff')), 404, 'LAYER_NOT_FOUND');
  });
});

describe('items', () => {
  it('pages through every city with next and prev links and the same numberMatched', async () => {
    const all = await call(`/api/features?workspace=ws_demo&layer=cities`);
    const total = all.body.features.length;
    let path: string | undefined = ogc(DEMO, '/collections/cities/items?limit=700');
    const seen = new Set<number>();
    let pages = 0;
    while (path) {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/geo\+json/);
      expect(res.headers.get('content-crs')).toBe(`<${CRS84}>`);
      expect(res.body.numberMatched).toBe(total);
      expect(res.body.numberReturned).toBe(res.body.features.length);
      for (const f of res.body.features) seen.add(f.id);
      if (pages > 0) expect(local(linkOf(res.body.links, 'prev')!.href)).toContain(`offset=${(pages - 1) * 700}`);
      else expect(linkOf(res.body.links, 'prev')).toBeUndefined();
      const next = linkOf(res.body.links, 'next');
      // The next page starts after the last gfid sent (a keyset read), and keeps the offset for numbering.
      if (next) expect(next.href).toContain(`after=${res.body.features.at(-1).id}`);
      path = next ? local(next.href) : undefined;
      pages++;
    }
    expect(pages).toBe(Math.ceil(total / 700));
    expect(seen.size).toBe(total);
  });

  it('sends 100 by default and at most 10,000, and refuses a bad limit or offset', async () => {
    const first = await call(ogc(DEMO, '/collections/cities/items'));
    expect(first.body.numberReturned).toBe(100);
    const many = await call(ogc(DEMO, '/collections/cities/items?limit=50000'));
    expect(many.body.numberReturned).toBe(Math.min(many.body.numberMatched, 10_000));
    expectError(await call(ogc(DEMO, '/collections/cities/items?limit=0')), 400, 'INVALID_VALUE');
    expectError(await call(ogc(DEMO, '/collections/cities/items?offset=-1')), 400, 'INVALID_VALUE');
  });

  it('filters by bbox, including one across the antimeridian', async () => {
    const res = await call(ogc(DEMO, '/collections/cities/items?bbox=-10,35,30,60&limit=10000'));
    expect(res.body.numberReturned).toBeGreaterThan(0);
    for (const f of res.body.features) {
      const [x, y] = f.geometry.coordinates;
      expect(x >= -10 && x <= 30 && y >= 35 && y <= 60).toBe(true);
    }
    const across = await call(ogc(DEMO, '/collections/countries/items?bbox=170,-60,-170,80&limit=10000'));
    const names = across.body.features.map((f: { properties: { name: string } }) => f.properties.name);
    expect(names).toContain('Fiji');
    expect(names).not.toContain('France');
    expectError(await call(ogc(DEMO, '/collections/cities/items?bbox=1,2,3')), 400, 'INVALID_VALUE');
  });

  it('filters by a property and refuses an unknown parameter or another CRS', async () => {
    const res = await call(ogc(DEMO, '/collections/cities/items?country=FR&limit=10000'));
    expect(res.body.numberReturned).toBeGreaterThan(0);
    for (const f of res.body.features) expect(f.properties.country).toBe('FR');
    expect(linkOf(res.body.links, 'self')!.href).toContain('country=FR');
    expectError(await call(ogc(DEMO, '/collections/cities/items?colour=red')), 400, 'INVALID_VALUE');
    expectError(await call(ogc(DEMO, '/collections/cities/items?crs=EPSG:3857')), 400, 'INVALID_VALUE');
    const crs84 = await call(
      ogc(DEMO, `/collections/cities/items?limit=1&crs=${encodeURIComponent(CRS84)}&bbox-crs=${encodeURIComponent(CRS84)}`),
    );
    expect(crs84.status).toBe(200);
  });

  it('answers one feature by its gfid, and 404 for a feature of another collection', async () => {
    const page = await call(ogc(DEMO, '/collections/cities/items?limit=1'));
    const gfid = page.body.features[0].id;
    const one = await call(ogc(DEMO, `/collections/cities/items/${gfid}`));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ type: 'Feature', id: gfid, geometry: { type: 'Point' } });
    expect(linkOf(one.body.links, 'collection')).toBeDefined();
    expectError(await call(ogc(DEMO, `/collections/countries/items/${gfid}`)), 404, 'FEATURE_NOT_FOUND');
    expectError(await call(ogc(DEMO, '/collections/cities/items/abc')), 404, 'FEATURE_NOT_FOUND');
  });

  it('sends a page as FlatGeobuf with its count in the header', async () => {
    const res = await call(ogc(DEMO, '/collections/cities/items?f=fgb&limit=5&offset=10'));
    expect(res.headers.get('content-type')).toBe('application/flatgeobuf');
    const { deserialize } = await import('flatgeobuf/lib/mjs/geojson.js');
    const features = [];
    for await (const f of deserialize(new Blob([res.bytes as BlobPart]).stream())) features.push(f);
    const json = await call(ogc(DEMO, '/collections/cities/items?limit=5&offset=10'));
    expect(features.map((f) => f.properties?.gfid)).toEqual(json.body.features.map((f: { id: number }) => f.id));
    // The same page by keyset, as a next link asks for it.
    const after = json.body.features[0].id - 1;
    const keyset = await call(ogc(DEMO, `/collections/cities/items?f=fgb&limit=5&offset=10&after=${after}`));
    const again = [];
    for await (const f of deserialize(new Blob([keyset.bytes as BlobPart]).stream())) again.push(f);
    expect(again.map((f) => f.properties?.gfid)).toEqual(json.body.features.map((f: { id: number }) => f.id));
  });
});

describe('roles', () => {
  const { appKey, publicLayer, privateLayer, privateAppKey } = inject('ogc');

  it('shows a visitor the public workspace only, and an admin both', async () => {
    const visitor = await call(ogc(appKey, '/collections'));
    expect(visitor.body.collections.map((c: { id: string }) => c.id)).toEqual([publicLayer]);
    const admin = await call(ogc(appKey, '/collections'), { auth: ADMIN });
    expect(admin.body.collections.map((c: { id: string }) => c.id).sort()).toEqual([privateLayer, publicLayer].sort());
  });

  it('answers 401 to a visitor and 403 to a non-member for a private collection', async () => {
    expectError(await call(ogc(appKey, `/collections/${privateLayer}/items`)), 401, 'UNAUTHORIZED');
    expectError(await call(ogc(appKey, `/collections/${privateLayer}`), { auth: await newUser() }), 403, 'FORBIDDEN');
    expectError(await call(ogc(privateAppKey, '/collections')), 401, 'UNAUTHORIZED');
    expectError(await call(ogc(privateAppKey, '/collections/hidden/items')), 401, 'UNAUTHORIZED');
    expectError(await call(ogc(privateAppKey, '/collections/hidden/items'), { auth: await newUser() }), 403, 'FORBIDDEN');
    const admin = await call(ogc(privateAppKey, '/collections/hidden/items'), { auth: ADMIN });
    expect(admin.body.numberMatched).toBe(0);
    const secret = await call(ogc(appKey, `/collections/${privateLayer}/items`), { auth: ADMIN });
    expect(secret.body.features.map((f: { properties: { kind: string } }) => f.properties.kind)).toEqual(['x']);
  });
});
