// A GeoPackage geometry blob (OGC 12-128r18 §2.1.3) as GeoJSON: the "GP" header (version, flags,
// srs_id, optional envelope) then standard WKB. WKB is read in either byte order, ISO (+1000 Z,
// +2000 M, +3000 ZM) and EWKB flags alike; Z is kept, M dropped (GeoJSON has none). Pure, so it is
// unit-tested in node.
import type { Geometry, Position } from '../../src/model/index.ts';

/** Envelope sizes in bytes by the flags' envelope indicator (0 none, 1 xy, 2 xyz, 3 xym, 4 xyzm). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

export interface GpkgGeometry {
  srsId: number;
  /** null for an empty geometry (the header's empty flag, or an empty WKB). */
  geometry: Geometry | null;
}

export function readGpkgGeometry(blob: Uint8Array): GpkgGeometry {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry');
  const flags = blob[3];
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const srsId = view.getInt32(4, (flags & 1) === 1);
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 7];
  if (envelope === undefined) throw new Error('bad GeoPackage envelope indicator');
  if (flags & 0x10) return { srsId, geometry: null };
  const reader = new WkbReader(new DataView(blob.buffer, blob.byteOffset + 8 + envelope, blob.byteLength - 8 - envelope));
  return { srsId, geometry: reader.geometry() };
}

const TYPES = ['', 'Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon'] as const;

class WkbReader {
  private pos = 0;
  private little = true;
  private dims = 2;
  private hasZ = false;

  constructor(private readonly view: DataView) {}

  private u32(): number {
    const v = this.view.getUint32(this.pos, this.little);
    this.pos += 4;
    return v;
  }

  private f64(): number {
    const v = this.view.getFloat64(this.pos, this.little);
    this.pos += 8;
    return v;
  }

  private position(): Position {
    const p: Position = [this.f64(), this.f64()];
    if (this.hasZ) p.push(this.f64());
    for (let d = this.hasZ ? 3 : 2; d < this.dims; d++) this.f64();
    return p;
  }

  private positions(): Position[] {
    const n = this.u32();
    const out: Position[] = [];
    for (let i = 0; i < n; i++) out.push(this.position());
    return out;
  }

  /** One geometry; its header sets the byte order and dimensions of what follows. */
  geometry(): Geometry | null {
    this.little = this.view.getUint8(this.pos) === 1;
    this.pos += 1;
    let code = this.u32();
    let z = (code & 0x80000000) !== 0;
    let m = (code & 0x40000000) !== 0;
    if (code & 0x20000000) this.pos += 4; // EWKB SRID
    code &= 0x0fffffff;
    const iso = Math.floor(code / 1000);
    if (iso === 1 || iso === 3) z = true;
    if (iso === 2 || iso === 3) m = true;
    const type = TYPES[code % 1000];
    if (!type) throw new Error(`WKB geometry type ${code} is not supported`);
    this.hasZ = z;
    this.dims = 2 + (z ? 1 : 0) + (m ? 1 : 0);
    switch (type) {
      case 'Point': {
        const p = this.position();
        return Number.isNaN(p[0]) ? null : { type, coordinates: p };
      }
      case 'LineString':
        return { type, coordinates: this.positions() };
      case 'Polygon': {
        const rings = this.u32();
        const coordinates: Position[][] = [];
        for (let i = 0; i < rings; i++) coordinates.push(this.positions());
        return coordinates.length ? { type, coordinates } : null;
      }
      default: {
        const n = this.u32();
        const parts: Geometry[] = [];
        for (let i = 0; i < n; i++) {
          const part = this.geometry();
          if (part) parts.push(part);
        }
        if (!parts.length) return null;
        return { type, coordinates: parts.map((p) => p.coordinates) } as Geometry;
      }
    }
  }
}
