// GeoPackage geometry blobs (OGC 12-128r18 §2.1.3) decoded to GeoJSON: header flags, envelope,
// either byte order, ISO and EWKB Z/M codes, the empty flag.
import { describe, expect, it } from 'vitest';
import { readGpkgGeometry } from '../../workers/import/gpkg_geometry.ts';

/** A blob: "GP", version 0, flags, srs_id, an envelope of `envelopeDoubles`, then the WKB bytes. */
function blob(wkb: number[], { littleHeader = true, envelope = 0, empty = false, srsId = 4326 } = {}): Uint8Array {
  const envelopeDoubles = [0, 4, 6, 6, 8][envelope];
  const out = new Uint8Array(8 + envelopeDoubles * 8 + wkb.length);
  out.set([0x47, 0x50, 0, (littleHeader ? 1 : 0) | (envelope << 1) | (empty ? 0x10 : 0)]);
  new DataView(out.buffer).setInt32(4, srsId, littleHeader);
  out.set(wkb, 8 + envelopeDoubles * 8);
  return out;
}

/** WKB writer for the tests: byte order, type code, then uint32 counts and float64 values in order. */
function wkb(little: boolean, type: number, ...items: (['n', number] | ['f', number])[]): number[] {
  const bytes: number[] = [little ? 1 : 0];
  const push = (size: number, write: (v: DataView) => void) => {
    const v = new DataView(new ArrayBuffer(size));
    write(v);
    bytes.push(...new Uint8Array(v.buffer));
  };
  push(4, (v) => v.setUint32(0, type, little));
  for (const [kind, value] of items) {
    if (kind === 'n') push(4, (v) => v.setUint32(0, value, little));
    else push(8, (v) => v.setFloat64(0, value, little));
  }
  return bytes;
}

const f = (x: number): ['f', number] => ['f', x];
const n = (x: number): ['n', number] => ['n', x];

describe('readGpkgGeometry', () => {
  it('reads a little-endian point after an xy envelope', () => {
    expect(readGpkgGeometry(blob(wkb(true, 1, f(7.5), f(46.9)), { envelope: 1 }))).toEqual({
      srsId: 4326,
      geometry: { type: 'Point', coordinates: [7.5, 46.9] },
    });
  });

  it('reads a big-endian header and WKB, and an ISO Z line (1002) keeping its heights', () => {
    const g = readGpkgGeometry(blob(wkb(false, 1002, n(2), f(1), f(2), f(3), f(4), f(5), f(6)), { littleHeader: false, srsId: 4979 }));
    expect(g).toEqual({
      srsId: 4979,
      geometry: {
        type: 'LineString',
        coordinates: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      },
    });
  });

  it('drops M (ISO 2001 and EWKB flag) and reads a MultiPolygon part by part', () => {
    expect(readGpkgGeometry(blob(wkb(true, 2001, f(1), f(2), f(99)))).geometry).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(readGpkgGeometry(blob(wkb(true, 0x40000001, f(1), f(2), f(99)))).geometry).toEqual({ type: 'Point', coordinates: [1, 2] });
    const ring = [n(4), f(0), f(0), f(1), f(0), f(1), f(1), f(0), f(0)];
    const polygon = wkb(true, 3, n(1), ...ring);
    const multi = [...wkb(true, 6, n(2)), ...polygon, ...polygon];
    expect(readGpkgGeometry(blob(multi)).geometry).toEqual({
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
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    });
  });

  it('gives no geometry for the empty flag and an empty (NaN) point, and refuses what is not a GeoPackage blob', () => {
    expect(readGpkgGeometry(blob([], { empty: true })).geometry).toBeNull();
    expect(readGpkgGeometry(blob(wkb(true, 1, f(Number.NaN), f(Number.NaN)))).geometry).toBeNull();
    expect(() => readGpkgGeometry(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toThrow(/not a GeoPackage geometry/);
    expect(() => readGpkgGeometry(blob(wkb(true, 7, n(0))))).toThrow(/not supported/);
  });
});
