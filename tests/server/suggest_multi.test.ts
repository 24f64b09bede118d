// Multi geometries in suggestions (issue 15): stored as they are in their family's layer, refused in
// another; a GeoJSON body may come as application/geo+json (RFC 7946 §12).
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError, USER } from './helpers.ts';
import { accept, member, payload, suggest } from './suggest_helpers.ts';

describe('Multi geometries in suggestions', () => {
  it('stores a MultiPoint suggested for a Point layer as a MultiPoint once accepted', async () => {
    const multi = {
      type: 'MultiPoint',
      coordinates: [
        [10, 50],
        [10.5, 50.5],
      ],
    };
    const made = await suggest('POST', payload({ name: 'two sites', height: 3 }, multi));
    expect(made.status).toBe(201);
    const done = await accept(made.body.id);
    expect(done.status).toBe(200);
    const stored = await call(`/api/features/${done.body.gfid}`);
    expect(stored.body.geometry).toEqual(multi);
  });

  it('keeps a MultiLineString suggested for a line layer, and refuses a MultiPolygon there', async () => {
    const lines = {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 2],
        ],
      ],
    };
    const made = await suggest('POST', payload({ name: 'two lines' }, lines), { auth: USER }, 'workspace=ws_demo&layer=borders');
    expect(made.status).toBe(201);
    expect(made.body.after.geometry).toEqual(lines);
    const polygon = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    };
    expectError(
      await suggest('POST', payload({ name: 'area' }, polygon), { auth: USER }, 'workspace=ws_demo&layer=borders'),
      400,
      'GEOMETRY_TYPE_MISMATCH',
      ERRORS.GEOMETRY_TYPE_MISMATCH,
    );
  });

  it('accepts the payload as application/geo+json', async () => {
    const res = await call('/api/features/changes?workspace=ws_sugg&layer=sites', {
      method: 'POST',
      ...member,
      raw: { type: 'application/geo+json', data: JSON.stringify(payload({ name: 'geo+json', height: 1 })) },
    });
    expect(res.status).toBe(201);
    expect(res.body.after.properties.name).toBe('geo+json');
  });
});
