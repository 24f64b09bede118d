import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PARTS, DEFAULT_MAX_VERTICES, ERRORS } from '../../src/model/index.ts';
import { expectError } from './helpers.ts';
import { S, accept, admin, payload, point, suggest, target } from './suggest_helpers.ts';

// Issue 16: the layer's and its properties' flags hold on suggestions, and a suggested geometry is
// bounded and valid.

const guarded = target(S.guardedLayer);
const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
const line = (n: number) => ({
  type: 'LineString',
  coordinates: Array.from({ length: n }, (_, i) => [(i % 3600) / 100, (i % 1700) / 100]),
});

async function guardedFeature(properties: Record<string, unknown> = {}) {
  const made = await suggest('POST', payload({ name: 'hut', ...properties }), admin, guarded);
  expect(made.status).toBe(201);
  return (await accept(made.body.id)).body.gfid as number;
}

describe('layer and property flags', () => {
  it('refuses a delete suggestion on a layer that is not deletable, for a member and an admin', async () => {
    const gfid = await guardedFeature();
    for (const who of [undefined, admin]) {
      expectError(await suggest('DELETE', payload({ gfid }), who, guarded), 403, 'LAYER_NOT_DELETABLE', ERRORS.LAYER_NOT_DELETABLE);
    }
  });

  it('refuses a change to a property that is not editable, and accepts the echo of its value', async () => {
    const gfid = await guardedFeature();
    const changed = await suggest('PUT', payload({ gfid, name: 'hut', ref: 'R-9' }), undefined, guarded);
    expectError(changed, 403, 'PROPERTY_NOT_EDITABLE', `${ERRORS.PROPERTY_NOT_EDITABLE} (Reference)`);
    const created = await suggest('POST', payload({ name: 'new', ref: 'R-1' }), undefined, guarded);
    expectError(created, 403, 'PROPERTY_NOT_EDITABLE');
    // The whole feature sent back with only the name changed is fine; an empty ref on a new one too.
    expect((await suggest('PUT', payload({ gfid, name: 'hut 2', ref: null }), undefined, guarded)).status).toBe(201);
    expect((await suggest('POST', payload({ name: 'new', ref: '' }), undefined, guarded)).status).toBe(201);
  });

  it('refuses a property the layer does not declare', async () => {
    const res = await suggest('POST', payload({ name: 'x', injected: '<b>x</b>' }));
    expectError(res, 400, 'PROPERTY_NOT_DECLARED', `${ERRORS.PROPERTY_NOT_DECLARED} (injected)`);
  });
});

describe('geometry limits and validity', () => {
  it(`refuses more than ${DEFAULT_MAX_VERTICES} vertices and more than ${DEFAULT_MAX_PARTS} parts`, async () => {
    const tracks = target(S.lineLayer);
    expectError(
      await suggest('POST', payload({ name: 'long' }, line(DEFAULT_MAX_VERTICES + 1)), undefined, tracks),
      400,
      'GEOMETRY_TOO_LARGE',
    );
    expect((await suggest('POST', payload({ name: 'fine' }, line(1000)), undefined, tracks)).status).toBe(201);
    const square = (x: number) => [
      [x, 0],
      [x + 0.001, 0],
      [x + 0.001, 0.001],
      [x, 0],
    ];
    const holes = { type: 'Polygon', coordinates: Array.from({ length: DEFAULT_MAX_PARTS + 1 }, (_, i) => square(i * 0.01)) };
    expectError(await suggest('POST', payload({ name: 'holes' }, holes), undefined, target(S.polygonLayer)), 400, 'GEOMETRY_TOO_LARGE');
  });

  it('refuses coordinates outside WGS 84', async () => {
    for (const coordinates of [
      [1000, -1000],
      [1e308, 1],
      [10, 91],
    ]) {
      expectError(await suggest('POST', payload({ name: 'far' }, point(coordinates[0], coordinates[1]))), 400, 'GEOMETRY_TOO_LARGE');
    }
  });

  it('refuses invalid polygons with the reason: bow-tie, unclosed ring, hole outside the shell', async () => {
    const parcels = target(S.polygonLayer);
    const bowTie = polygon([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    const res = await suggest('POST', payload({ name: 'bow' }, bowTie), undefined, parcels);
    expectError(res, 400, 'GEOMETRY_NOT_VALID');
    expect(res.body.message).toMatch(/^The geometry is not valid\. \(Self-intersection/);
    const unclosed = polygon([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    expectError(await suggest('POST', payload({ name: 'open' }, unclosed), undefined, parcels), 400, 'GEOMETRY_NOT_VALID');
    const holeOutside = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 5],
        ],
      ],
    };
    const outside = await suggest('POST', payload({ name: 'hole' }, holeOutside), undefined, parcels);
    expectError(outside, 400, 'GEOMETRY_NOT_VALID');
    expect(outside.body.message).toMatch(/Hole lies outside shell/);
    const fine = polygon([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect((await suggest('POST', payload({ name: 'ok' }, fine), undefined, parcels)).status).toBe(201);
  });
});
