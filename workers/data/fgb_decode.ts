// Decodes a FlatGeobuf stream (GET /api/features?f=fgb) straight into a FeatureBatch:
// coordinates go from each feature's flatbuffer into growable typed arrays, with no GeoJSON object
// built on the way. The result is what packFeatureCollection (feature_batch.ts) makes of the same
// features as GeoJSON: same drops (SPEC §5 point rule, empty parts, other geometry families), same
// antimeridian unwrapping (antimeridian.ts), same arrays. Pure; runs in the worker and in node.
//
// Low-level flatgeobuf modules are imported by path: the package entry also loads its OpenLayers
// adapter, which a worker has no use for.
import * as flatbuffers from 'flatbuffers';
import type { Position } from 'geojson';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { Feature } from 'flatgeobuf/lib/mjs/flat-geobuf/feature.js';
import { Geometry } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry.js';
import { GeometryType as Fgb } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { fromByteBuffer, type HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { calcTreeSize } from 'flatgeobuf/lib/mjs/packedrtree.js';
import { categoryIconIndex, featureSearchText, type GeometryType } from '../../src/model/index.ts';
import { poleCorners, unwrapOffsets } from '../batch/antimeridian.ts';
import type { PackOptions } from './pack_geojson.ts';
import type { LoadProgress } from './protocol.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { f64, Growable, u32, u8 } from '../batch/growable.ts';

export interface FgbDecodeOptions extends PackOptions {
  /** Column holding the feature id (the server writes `gfid`); NaN when absent, as in pack. */
  idProperty?: string;
  onProgress?: LoadProgress;
  /** Least time between two progress calls (the last one always comes). */
  progressIntervalMs?: number;
}

const MAGIC = [0x66, 0x67, 0x62]; // "fgb"; byte 3 is the major version
const HEADER_START = 8;

function baseType(t: Fgb): GeometryType | undefined {
  if (t === Fgb.Point || t === Fgb.MultiPoint) return 'Point';
  if (t === Fgb.LineString || t === Fgb.MultiLineString) return 'LineString';
  if (t === Fgb.Polygon || t === Fgb.MultiPolygon) return 'Polygon';
  return undefined;
}

const text = new TextDecoder();
type Reader = (v: DataView, o: number) => unknown;
/** Fixed-size column types: byte size and reader (Long as a Number, as flatgeobuf's parseProperties). */
const FIXED: Partial<Record<ColumnType, [number, Reader]>> = {
  [ColumnType.Bool]: [1, (v, o) => v.getUint8(o) !== 0],
  [ColumnType.Byte]: [1, (v, o) => v.getInt8(o)],
  [ColumnType.UByte]: [1, (v, o) => v.getUint8(o)],
  [ColumnType.Short]: [2, (v, o) => v.getInt16(o, true)],
  [ColumnType.UShort]: [2, (v, o) => v.getUint16(o, true)],
  [ColumnType.Int]: [4, (v, o) => v.getInt32(o, true)],
  [ColumnType.UInt]: [4, (v, o) => v.getUint32(o, true)],
  [ColumnType.Float]: [4, (v, o) => v.getFloat32(o, true)],
  [ColumnType.Double]: [8, (v, o) => v.getFloat64(o, true)],
  [ColumnType.Long]: [8, (v, o) => v.getInt32(o + 4, true) * 4294967296 + v.getUint32(o, true)],
  [ColumnType.ULong]: [8, (v, o) => v.getUint32(o + 4, true) * 4294967296 + v.getUint32(o, true)],
};

const SHORT_TEXT = 32;

function readValue(type: ColumnType, v: DataView, o: number): unknown {
  const fixed = FIXED[type];
  if (fixed) return fixed[1](v, o);
  const length = v.getUint32(o, true);
  if (type === ColumnType.Binary) return new Uint8Array(v.buffer, v.byteOffset + o + 4, length);
  const value = decodeText(v, o + 4, length);
  return type === ColumnType.Json ? JSON.parse(value) : value;
}

/** Char codes of a short text, one array reused for every value (no array or view per value). */
const shortCodes: number[] = [];

/**
 * Short ASCII (most names and codes) without TextDecoder, whose call costs more than such a string,
 * and without a view of its bytes: at 135k cities a view per value was much of the decoding's garbage.
 */
function decodeText(v: DataView, o: number, length: number): string {
  if (length <= SHORT_TEXT) {
    shortCodes.length = length;
    let ascii = true;
    for (let i = 0; i < length && ascii; i++) ascii = (shortCodes[i] = v.getUint8(o + i)) < 0x80;
    if (ascii) return String.fromCharCode.apply(null, shortCodes);
  }
  return text.decode(new Uint8Array(v.buffer, v.byteOffset + o, length));
}

/** Incremental decoder: `push` chunks as they arrive, `finish` for the batch. */
export class FgbBatchDecoder {
  private buf = new Uint8Array(1 << 16); // own buffer, so offset 0 is 8-byte aligned
  private view = new DataView(this.buf.buffer);
  private bb = new flatbuffers.ByteBuffer(this.buf);
  private scratch = new Uint8Array(0);
  private len = 0; // bytes held in buf
  private pos = 0; // parse position in buf
  private skip = 0; // index bytes still to pass over
  private header: HeaderMeta | undefined;
  private headerType = Fgb.Unknown;
  private type: GeometryType | undefined;
  private idCol = -1;
  private labelCol = -1;
  private categoryCol = -1;
  /** Per column of the file: its place among the search properties (-1: not searched). */
  private searchAt = new Int16Array(0);
  /** Per column: whether any use reads it (id, label, category or search), else it is stepped over. */
  private read = new Uint8Array(0);
  private readonly searchValues: unknown[] = [];
  /** The current feature's id, label and category values (readProps), kept in fields: no array per feature. */
  private id: unknown;
  private label: unknown;
  private category: unknown;
  /** Category value → icon index (`iconIndex`). */
  private readonly iconOf = new Map<string, number>();
  /** Whether any column is read at all (else a feature's properties are not even located). */
  private readsProps = false;
  private scratchView = new DataView(this.scratch.buffer);
  /** The view of the buffer the current feature lies in (`view` or `scratchView`; both start at byte 0). */
  private featureView = this.view;
  private readonly feature = new Feature();
  private readonly geom = new Geometry();
  private readonly part = new Geometry();
  private loaded = 0;
  private bytes = 0;
  private lastProgress = 0;
  private readonly ids = new Growable(f64(1024), f64);
  private readonly coords = new Growable(f64(2048), f64);
  private readonly partEnds = new Growable(u32(1024), u32);
  private readonly featureEnds = new Growable(u32(1024), u32);
  private readonly polygonEnds = new Growable(u32(256), u32);
  private readonly labels: string[] | undefined;
  private readonly searchTexts: string[] | undefined;
  private readonly categories: Growable<Uint8Array> | undefined;

  constructor(private readonly opts: FgbDecodeOptions) {
    this.type = opts.geometryType;
    this.labels = opts.labelProperty ? [] : undefined;
    this.searchTexts = opts.searchProperties ? [] : undefined;
    this.categories = opts.categoryProperty ? new Growable(u8(1024), u8) : undefined;
  }

  /** Total features announced by the header (0 there means unknown: a streamed file). */
  get total(): number | undefined {
    return this.header && this.header.featuresCount > 0 ? this.header.featuresCount : undefined;
  }

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.pos > 0) {
      this.buf.copyWithin(0, this.pos, this.len);
      this.len -= this.pos;
      this.pos = 0;
    }
    if (this.len + chunk.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + chunk.length));
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
      this.view = new DataView(next.buffer);
      this.bb = new flatbuffers.ByteBuffer(next);
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
    this.parse();
    const now = Date.now();
    if (this.opts.onProgress && now - this.lastProgress >= (this.opts.progressIntervalMs ?? 50)) {
      this.lastProgress = now;
      this.opts.onProgress(this.loaded, this.total, this.bytes);
    }
  }

  finish(): FeatureBatch {
    if (!this.header) throw new Error('Not a FlatGeobuf file (incomplete header)');
    if (this.skip > 0 || this.pos < this.len) throw new Error('FlatGeobuf stream ended inside a feature');
    this.opts.onProgress?.(this.loaded, this.total ?? this.loaded, this.bytes);
    const geometryType = this.type ?? baseType(this.headerType) ?? 'Point';
    const batch: FeatureBatch = {
      layerId: this.opts.layerId,
      geometryType,
      count: this.featureEnds.len,
      ids: this.ids.done(),
      coords: this.coords.done(),
      partEnds: this.partEnds.done(),
      featureEnds: this.featureEnds.done(),
    };
    if (geometryType === 'Polygon') batch.polygonEnds = this.polygonEnds.done();
    if (this.labels) batch.labels = this.labels;
    if (this.categories) batch.categories = this.categories.done();
    if (this.searchTexts) batch.searchTexts = this.searchTexts;
    return batch;
  }

  private parse(): void {
    if (!this.header && !this.readHeader()) return;
    if (this.skip > 0) {
      const n = Math.min(this.skip, this.len - this.pos);
      this.pos += n;
      this.skip -= n;
      if (this.skip > 0) return;
    }
    while (this.len - this.pos >= 4) {
      const size = this.view.getUint32(this.pos, true);
      if (this.len - this.pos < 4 + size) return;
      let bb = this.bb;
      let at = this.pos;
      this.featureView = this.view;
      if (at % 8 !== 0) {
        // Float64Array views need 8-byte alignment; features are aligned to their own start.
        if (this.scratch.length < 4 + size) {
          this.scratch = new Uint8Array(Math.max(4 + size, this.scratch.length * 2));
          this.scratchView = new DataView(this.scratch.buffer);
        }
        this.scratch.set(this.buf.subarray(at, at + 4 + size));
        bb = new flatbuffers.ByteBuffer(this.scratch);
        this.featureView = this.scratchView;
        at = 0;
      }
      bb.setPosition(at);
      this.addFeature(Feature.getSizePrefixedRootAsFeature(bb, this.feature));
      this.pos += 4 + size;
    }
  }

  private readHeader(): boolean {
    const avail = this.len - this.pos;
    if (avail < 3) return false;
    for (let i = 0; i < 3; i++) if (this.buf[this.pos + i] !== MAGIC[i]) throw new Error('Not a FlatGeobuf file');
    if (avail < HEADER_START + 4) return false;
    const size = this.view.getUint32(this.pos + HEADER_START, true);
    if (avail < HEADER_START + 4 + size) return false;
    const header = fromByteBuffer(new flatbuffers.ByteBuffer(this.buf.slice(this.pos + HEADER_START, this.pos + HEADER_START + 4 + size)));
    this.header = header;
    this.headerType = header.geometryType;
    this.type ??= baseType(header.geometryType);
    const cols = header.columns ?? [];
    this.idCol = cols.findIndex((c) => c.name === (this.opts.idProperty ?? 'gfid'));
    this.labelCol = this.opts.labelProperty ? cols.findIndex((c) => c.name === this.opts.labelProperty) : -1;
    this.categoryCol = this.opts.categoryProperty ? cols.findIndex((c) => c.name === this.opts.categoryProperty) : -1;
    this.searchAt = new Int16Array(cols.length).fill(-1);
    const searched = this.opts.searchProperties ?? [];
    this.searchValues.length = searched.length;
    // A name searched twice keeps its first place, as the values are joined in that order.
    for (let i = searched.length - 1; i >= 0; i--) {
      const c = cols.findIndex((col) => col.name === searched[i]);
      if (c >= 0) this.searchAt[c] = i;
    }
    this.read = new Uint8Array(cols.length);
    for (let c = 0; c < cols.length; c++)
      this.read[c] = Number(c === this.idCol || c === this.labelCol || c === this.categoryCol || this.searchAt[c] >= 0);
    this.readsProps = this.read.includes(1);
    this.pos += HEADER_START + 4 + size;
    if (header.indexNodeSize > 0 && header.featuresCount > 0) this.skip = calcTreeSize(header.featuresCount, header.indexNodeSize);
    return true;
  }

  private addFeature(f: Feature): void {
    this.loaded++;
    const g = f.geometry(this.geom);
    if (!g) return;
    const t: Fgb = this.headerType !== Fgb.Unknown ? this.headerType : g.type();
    const base = baseType(t);
    if (!base) return;
    this.type ??= base; // as pack: the first feature decides when the layer did not say
    if (base !== this.type) return; // a layer holds one geometry type (SPEC §3)
    const partsBefore = this.partEnds.len;
    if (t === Fgb.MultiPolygon) {
      for (let i = 0; i < g.partsLength(); i++) this.addPolygon(g.parts(i, this.part)!);
    } else if (t === Fgb.Polygon) this.addPolygon(g);
    else if (t === Fgb.Point || t === Fgb.MultiPoint) this.addPoints(g);
    else this.addLines(g, t);
    if (this.partEnds.len === partsBefore) return; // nothing drawable left: drop the feature
    this.readProps(f);
    const { id, label } = this;
    // As pack's featureId: a number, or a non-empty numeric string; anything else is NaN.
    const n = typeof id === 'number' ? id : typeof id === 'string' && id !== '' ? Number(id) : NaN;
    this.ids.push(Number.isFinite(n) ? n : NaN);
    this.featureEnds.push(this.partEnds.len);
    this.labels?.push(label == null ? '' : String(label));
    this.categories?.push(this.iconIndex(this.category));
    this.searchTexts?.push(featureSearchText(this.searchValues));
  }

  private addLines(g: Geometry, t: Fgb): void {
    const xy = g.xyArray();
    if (!xy) return;
    const ends = t === Fgb.MultiLineString ? g.endsArray() : null;
    const n = ends?.length || 1;
    for (let p = 0, start = 0; p < n; p++) {
      const end = ends && ends.length ? ends[p] : xy.length / 2;
      if (end - start >= 2) this.pushPart(xy, start, end, false);
      start = end;
    }
  }

  /** Each valid vertex a part of its own, read from the buffer (no Float64Array view per feature). */
  private addPoints(g: Geometry): void {
    const bb = g.bb!;
    const field = bb.__offset(g.bb_pos, 6);
    if (!field) return;
    const start = bb.__vector(g.bb_pos + field);
    const values = bb.__vector_len(g.bb_pos + field);
    const v = this.featureView;
    const valid = this.opts.isValidPoint;
    for (let i = 0; i + 1 < values; i += 2) {
      const x = v.getFloat64(start + 8 * i, true),
        y = v.getFloat64(start + 8 * i + 8, true);
      if (!Number.isFinite(x) || !Number.isFinite(y) || (valid && !valid(x, y))) continue; // SPEC §5
      this.coords.push(x);
      this.coords.push(y);
      this.partEnds.push(this.coords.len / 2);
    }
  }

  private addPolygon(g: Geometry): void {
    const xy = g.xyArray() ?? new Float64Array(0);
    const ends = g.endsArray();
    const before = this.partEnds.len;
    const rings = ends?.length || 1;
    // A polygon whose shell is empty is dropped with its holes (as pack does).
    if (!this.pushPart(xy, 0, ends?.length ? ends[0] : xy.length / 2, true)) return;
    for (let r = 1; r < rings; r++) this.pushPart(xy, ends![r - 1], ends![r], true);
    if (this.partEnds.len > before) this.polygonEnds.push(this.partEnds.len);
  }

  /** Vertices [from, to) as one part; false when none is finite. */
  private pushPart(xy: Float64Array, from: number, to: number, closed: boolean): boolean {
    let off: Float64Array | null = null;
    let cap: ReturnType<typeof poleCorners> = null;
    if (to - from > 1) {
      let jump = false;
      for (let i = from + 1; i < to && !jump; i++) jump = Math.abs(xy[2 * i] - xy[2 * i - 2]) > 180;
      // Only lines that cross the antimeridian pay for positions: the shared rule wants them.
      if (jump) {
        const ring: Position[] = [];
        for (let i = from; i < to; i++) ring.push([xy[2 * i], xy[2 * i + 1]]);
        off = unwrapOffsets(ring, closed);
        cap = poleCorners(ring, closed);
      }
    }
    let kept = 0;
    for (let i = from; i < to; i++) {
      if (i - from === cap?.at) {
        for (const [x, y] of cap.corners) {
          this.coords.push(x);
          this.coords.push(y);
        }
        kept += cap.corners.length;
      }
      const x = xy[2 * i],
        y = xy[2 * i + 1];
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      this.coords.push(off ? x + off[i - from] : x);
      this.coords.push(y);
      kept++;
    }
    if (kept === 0) return false;
    this.partEnds.push(this.coords.len / 2);
    return true;
  }

  /**
   * The id, label, category and search columns only (into `id`, `label`, `category`, `searchValues`),
   * each decoded once whatever uses it (a city's name is its label and its first search value);
   * the others are stepped over, not decoded.
   */
  private readProps(f: Feature): void {
    this.id = this.label = this.category = undefined;
    this.searchValues.fill(undefined);
    if (!this.readsProps) return;
    // The properties vector located in the buffer the feature lies in (flatgeobuf's
    // `propertiesArray` makes a view of it per feature: much of the decoding's garbage at 135k cities),
    // read through the view of that buffer.
    const bb = f.bb!;
    const field = bb.__offset(f.bb_pos, 6);
    if (!field) return;
    const start = bb.__vector(f.bb_pos + field);
    const end = start + bb.__vector_len(f.bb_pos + field);
    const v = this.featureView;
    const cols = this.header!.columns ?? [];
    for (let o = start; o + 2 <= end; ) {
      const c = v.getUint16(o, true);
      o += 2;
      const type = cols[c].type;
      if (this.read[c]) {
        const value = readValue(type, v, o);
        if (c === this.idCol) this.id = value;
        if (c === this.labelCol) this.label = value;
        if (c === this.categoryCol) this.category = value;
        const at = this.searchAt[c];
        if (at >= 0) this.searchValues[at] = value;
      }
      o += FIXED[type]?.[0] ?? 4 + v.getUint32(o, true);
    }
  }

  /** SPEC §9 icon of a category value; a layer has few distinct values, each normalised once. */
  private iconIndex(value: unknown): number {
    if (typeof value !== 'string') return categoryIconIndex(value);
    let icon = this.iconOf.get(value);
    if (icon === undefined) this.iconOf.set(value, (icon = categoryIconIndex(value)));
    return icon;
  }
}

/** Decodes a whole FlatGeobuf stream; the stream is cancelled when decoding fails. */
export async function decodeFlatGeobufStream(stream: ReadableStream<Uint8Array>, opts: FgbDecodeOptions): Promise<FeatureBatch> {
  const decoder = new FgbBatchDecoder(opts);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.push(value);
    }
  } catch (err) {
    await reader.cancel(err).catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
  return decoder.finish();
}

/** The same for bytes already in memory (tests, cached files). */
export function decodeFlatGeobuf(bytes: Uint8Array, opts: FgbDecodeOptions): FeatureBatch {
  const decoder = new FgbBatchDecoder(opts);
  decoder.push(bytes);
  return decoder.finish();
}
