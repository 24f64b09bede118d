// Reads the WKB that PostGIS `ST_AsBinary(geom, 'NDR')` writes into the flat arrays a FlatGeobuf
// Geometry table holds (server/services/fgb_writer.ts): interleaved xy, z apart, `ends` for rings and
// lines, `parts` for the polygons of a MultiPolygon. WKB's geometry type codes 1–7 are FlatGeobuf's
// GeometryType values, so the type passes through unchanged.
//
// ISO WKB only (ST_AsBinary never writes EWKB flags): type + 1000 is Z, + 2000 M, + 3000 ZM. M is
// read over and dropped, as GeoJSON (the other format of the list) has no M either.
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';

export interface FlatGeometry {
  type: GeometryType;
  /** x, y of each vertex. */
  xy: Float64Array;
  /** One z per vertex, when the WKB has Z. */
  z?: Float64Array;
  /** Vertex count at the end of each ring / line; absent for a single ring or line (as flatgeobuf's own writer), always there for a MultiLineString. */
  ends?: Uint32Array;
  /** MultiPolygon only: one Polygon each; xy is then empty. */
  parts?: FlatGeometry[];
}

/** One geometry; throws on anything but little-endian XY, XYZ, XYM or XYZM points, lines, polygons and their Multi forms. */
export function readWkb(bytes: Uint8Array): FlatGeometry {
  const r = new WkbReader(bytes);
  const g = r.geometry();
  if (r.pos !== bytes.length) throw new Error('WKB: trailing bytes after the geometry');
  return g;
}

class WkbReader {
  pos = 0;
  private readonly view: DataView;
  // Every vertex of the geometry lands in one array, sized by the byte count (a vertex takes at least
  // 16 bytes); a geometry's xy (and a part's) is a view of it, so nothing is allocated per ring.
  private readonly xy: Float64Array;
  private z: Float64Array | undefined;
  private n = 0; // vertices read
  private hasZ = false;
  private hasM = false;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.xy = new Float64Array(2 * Math.floor(bytes.length / 16));
  }

  geometry(): FlatGeometry {
    const type = this.header();
    const from = this.n;
    let ends: number[] | undefined;
    switch (type) {
      case GeometryType.Point:
        this.vertices(1);
        // POINT EMPTY is NaN coordinates in WKB and no coordinate at all in GeoJSON.
        if (Number.isNaN(this.xy[2 * from]) && Number.isNaN(this.xy[2 * from + 1])) this.n = from;
        break;
      case GeometryType.LineString:
        this.vertices(this.u32());
        break;
      case GeometryType.Polygon:
        ends = [];
        for (let rings = this.u32(); rings > 0; rings--) {
          this.vertices(this.u32());
          ends.push(this.n - from);
        }
        break;
      case GeometryType.MultiPoint:
        for (let count = this.u32(); count > 0; count--) {
          if (this.header() !== GeometryType.Point) throw new Error('WKB: unexpected member in a multi geometry');
          this.vertices(1);
        }
        break;
      case GeometryType.MultiLineString:
        ends = [];
        for (let count = this.u32(); count > 0; count--) {
          if (this.header() !== GeometryType.LineString) throw new Error('WKB: unexpected member in a multi geometry');
          this.vertices(this.u32());
          ends.push(this.n - from);
        }
        break;
      case GeometryType.MultiPolygon: {
        const parts: FlatGeometry[] = [];
        for (let count = this.u32(); count > 0; count--) {
          const part = this.geometry();
          if (part.type !== GeometryType.Polygon) throw new Error('WKB: unexpected member in a multi geometry');
          parts.push(part);
        }
        return { type, xy: this.xy.subarray(0, 0), parts };
      }
      default:
        throw new Error(`WKB: unsupported geometry type ${type}`);
    }
    const g: FlatGeometry = { type, xy: this.slice(this.xy, 2 * from, 2 * this.n) };
    if (this.z) g.z = this.slice(this.z, from, this.n);
    // GDAL wants `ends` on every MultiLineString, one line or more ("MultiLineString ends data").
    if (ends && (ends.length > 1 || type === GeometryType.MultiLineString)) g.ends = Uint32Array.from(ends);
    return g;
  }

  /** A view of a[from, to), or a itself when that is all of it (most geometries: one allocation less). */
  private slice(a: Float64Array, from: number, to: number): Float64Array {
    return from === 0 && to === a.length ? a : a.subarray(from, to);
  }

  private u32(): number {
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** Byte order and type code of the next (member) geometry; returns the base type. */
  private header(): number {
    if (this.bytes[this.pos] !== 1) throw new Error('WKB: only little-endian (NDR) input is read');
    this.pos += 1;
    const code = this.u32();
    const dims = Math.floor(code / 1000);
    if (dims > 3) throw new Error(`WKB: unsupported geometry type ${code}`);
    this.hasZ = dims === 1 || dims === 3;
    this.hasM = dims >= 2;
    if (this.hasZ) this.z ??= new Float64Array(this.xy.length / 2);
    return code % 1000;
  }

  private vertices(count: number): void {
    const { view, xy, z, hasZ, hasM } = this;
    let p = this.pos;
    for (let end = this.n + count; this.n < end; this.n++) {
      xy[2 * this.n] = view.getFloat64(p, true);
      xy[2 * this.n + 1] = view.getFloat64(p + 8, true);
      p += 16;
      if (hasZ) {
        z![this.n] = view.getFloat64(p, true);
        p += 8;
      }
      if (hasM) p += 8;
    }
    this.pos = p;
  }
}
