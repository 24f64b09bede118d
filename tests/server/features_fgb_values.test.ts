// GET /api/features as FlatGeobuf: property values of unexpected JSON types, against both
// engines. The columns are typed by the layer's definitions (SPEC §3): a TEXT property sends jsonb's
// own text of whatever it holds, a NUMBER property only numbers.
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { newFeature, point, target } from './suggest_helpers.ts';

type Feat = { id?: number; geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> };

async function fgbFeatures(): Promise<Map<number, Feat>> {
  const res = await call(`/api/features?${target()}&f=fgb`);
  expect(res.headers.get('content-type')).toBe('application/flatgeobuf');
  const out = new Map<number, Feat>();
  for await (const f of deserialize(res.bytes)) out.set((f as Feat).properties.gfid as number, f as Feat);
  return out;
}

describe('GET /api/features as FlatGeobuf: property values', () => {
  it('sends TEXT values as jsonb text and NUMBER values only when numbers', async () => {
    // ws_sugg/sites: name TEXT, height NUMBER, status TEXT (tests/server/suggestions_setup.ts).
    const made = {
      number: await newFeature({ name: 1e-7, height: 1e21 }),
      object: await newFeature({ name: { b: 1, a: [true, null, 'é'] }, height: '12' }),
      boolean: await newFeature({ name: false, height: true }),
      unicode: await newFeature({ name: 'Ünïcødé 🗺️ 東京', height: null }, point(10.5, 50.25)),
    };
    const byGfid = await fgbFeatures();
    expect(byGfid.get(made.number)!.properties).toEqual({ gfid: made.number, version: 1, name: '0.0000001', height: 1e21 });
    expect(byGfid.get(made.object)!.properties).toEqual({ gfid: made.object, version: 1, name: '{"a": [true, null, "é"], "b": 1}' });
    expect(byGfid.get(made.boolean)!.properties).toEqual({ gfid: made.boolean, version: 1, name: 'false' });
    const unicode = byGfid.get(made.unicode)!;
    expect(unicode.properties).toEqual({ gfid: made.unicode, version: 1, name: 'Ünïcødé 🗺️ 東京' });
    // A Point, or a one-part MultiPoint once another test stored a MultiPoint in this layer (the file's
    // one header type, services/flatgeobuf.ts).
    expect([unicode.geometry.coordinates].flat(2)).toEqual(point(10.5, 50.25).coordinates);
  });
});
