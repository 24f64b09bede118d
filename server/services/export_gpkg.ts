// A layer's features as a GeoPackage 1.2 file (issue 15 part 6, https://www.geopackage.org/spec120/):
// written with wa-sqlite, the SQLite the browser already runs (wasm/sqlite_db.ts), into a database
// that lives in memory and is handed out as its bytes. One feature table named after the layer, fid =
// gfid, the geometry as GeoPackage binary (GP header with envelope + the WKB PostGIS writes), columns
// typed from the layer's property definitions as GDAL types them. No R-tree: readers build their own.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openMemoryDatabase, type SqlValue } from '../../wasm/sqlite_db.ts';
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import type { FeatureFilter } from './feature_query.ts';
import { GeometryType } from './fgb_writer.ts';
import { geometryPlan, type NumberKind, numberKinds, propertyDefs, tableRows, valueText } from './layer_table.ts';

const require = createRequire(import.meta.url);
let wasmBinary: Promise<Buffer> | undefined;

/** A fresh wa-sqlite module (synchronous build) per file; the .wasm is read from disk once. */
export async function nodeSqliteModule(): Promise<unknown> {
  wasmBinary ??= readFile(require.resolve('@journeyapps/wa-sqlite/dist/wa-sqlite.wasm'));
  const { default: factory } = await import('@journeyapps/wa-sqlite/dist/wa-sqlite.mjs');
  return factory({ wasmBinary: await wasmBinary });
}

/** "GPKG" as SQLite's application_id, and 1.2.0 as its user_version (GeoPackage §1.1.1.1.1). */
const APPLICATION_ID = 0x47504b47;
const USER_VERSION = 10200;
const WGS84 = 4326;

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,' +
  'AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]';

/** The mandatory tables (GeoPackage §1.1.2, §1.1.3, §2.1.5) and their three required SRS rows. */
const SCHEMA = `
  PRAGMA application_id = ${APPLICATION_ID};
  PRAGMA user_version = ${USER_VERSION};
  CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
    organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
  CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
    description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
    CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
  CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
    srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name), CONSTRAINT uk_gc_table_name UNIQUE (table_name),
    CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
    CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
  INSERT INTO gpkg_spatial_ref_sys VALUES
    ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
    ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
    ('WGS 84 geodetic', ${WGS84}, 'EPSG', ${WGS84}, '${WGS84_WKT}', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
`;

const GEOMETRY_TYPE_NAMES: Partial<Record<GeometryType, string>> = {
  [GeometryType.Point]: 'POINT',
  [GeometryType.MultiPoint]: 'MULTIPOINT',
  [GeometryType.MultiLineString]: 'MULTILINESTRING',
  [GeometryType.MultiPolygon]: 'MULTIPOLYGON',
};

/** GDAL reads MEDIUMINT as Integer and INTEGER as Integer64 (as it writes them), REAL as Real. */
const NUMBER_TYPES: Record<NumberKind, string> = { int32: 'MEDIUMINT', int64: 'INTEGER', real: 'REAL' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Column {
  name: string;
  sqlType: string;
  value(v: unknown): SqlValue;
}

/** A property definition's column: its SQLite type and how a JSON value becomes one (a value of another type: NULL). */
function column(name: string, type: unknown, kind: NumberKind | undefined): Column {
  if (type === 'NUMBER') {
    const whole = kind !== 'real';
    return {
      name,
      sqlType: NUMBER_TYPES[kind ?? 'real'],
      value: (v) => (typeof v === 'number' && (!whole || Number.isInteger(v)) ? v : null),
    };
  }
  if (type === 'BOOLEAN') return { name, sqlType: 'BOOLEAN', value: (v) => (typeof v === 'boolean' ? Number(v) : null) };
  // DATE values are YYYY-MM-DD (SPEC §3, the editor's and the import's rule): anything else is no GeoPackage date.
  if (type === 'DATE') return { name, sqlType: 'DATE', value: (v) => (typeof v === 'string' && DATE.test(v) ? v : null) };
  return { name, sqlType: 'TEXT', value: (v) => (v === null || v === undefined ? null : valueText(v)) };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * GeoPackage binary (§2.1.3): "GP", version 0, flags (little-endian, envelope [minx, maxx, miny,
 * maxy]), the SRS id, the envelope, then the WKB.
 */
function gpkgGeometry(wkb: Uint8Array, envelope: readonly number[]): Uint8Array {
  const out = new Uint8Array(8 + 32 + wkb.length);
  const view = new DataView(out.buffer);
  out.set([0x47, 0x50, 0, 0b0000_0011]);
  view.setInt32(4, WGS84, true);
  envelope.forEach((v, i) => view.setFloat64(8 + i * 8, v, true));
  out.set(wkb, 40);
  return out;
}

/** ISO WKB type code (after the byte order byte): + 1000 Z, + 2000 M, + 3000 ZM. */
function wkbDimensions(wkb: Uint8Array): { z: boolean; m: boolean } {
  const code = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength).getUint32(1, true);
  const dims = Math.floor(code / 1000);
  return { z: dims === 1 || dims === 3, m: dims === 2 || dims === 3 };
}

/** The features of `filter` as a GeoPackage file. */
export async function geoPackage(db: Db, layer: LayerRow, filter: FeatureFilter): Promise<Uint8Array> {
  const plan = await geometryPlan(db, layer);
  const defs = propertyDefs(layer);
  const kinds = await numberKinds(db, layer, defs);
  // SQLite names are case-insensitive: a second "Name" beside "name", or a property called fid or geom, is left out.
  const taken = new Set(['fid', 'geom', 'version']);
  const columns = [column('version', 'NUMBER', 'int32')];
  for (const def of defs) {
    if (taken.has(def.name.toLowerCase())) continue;
    taken.add(def.name.toLowerCase());
    columns.push(column(def.name, def.type, kinds.get(def.name)));
  }
  const table = quoted(layer.id);
  const file = await openMemoryDatabase(await nodeSqliteModule());
  try {
    const { db: out } = file;
    await out.exec(SCHEMA);
    await out.exec(
      `CREATE TABLE ${table} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom ${GEOMETRY_TYPE_NAMES[plan.type] ?? 'GEOMETRY'}, ${columns
        .map((c) => `${quoted(c.name)} ${c.sqlType}`)
        .join(', ')})`,
    );
    const insert = `INSERT INTO ${table} (fid, geom, ${columns.map((c) => quoted(c.name)).join(', ')}) VALUES (?, ?, ${columns.map(() => '?').join(', ')})`;
    let bounds: [number, number, number, number] | undefined;
    const dims = { z: false, m: false };
    await out.transaction(async () => {
      for await (const page of tableRows(db, layer, filter, plan)) {
        for (const row of page) {
          const [minx, maxx, miny, maxy] = row.envelope!;
          bounds = bounds
            ? [Math.min(bounds[0], minx), Math.min(bounds[1], miny), Math.max(bounds[2], maxx), Math.max(bounds[3], maxy)]
            : [minx, miny, maxx, maxy];
          const d = wkbDimensions(row.wkb!);
          dims.z ||= d.z;
          dims.m ||= d.m;
          const values: Record<string, unknown> = { ...row.properties, version: row.version };
          await out.run(insert, [row.gfid, gpkgGeometry(row.wkb!, row.envelope!), ...columns.map((c) => c.value(values[c.name]))]);
        }
      }
      await out.run(
        `INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id) VALUES (?, 'features', ?, ?, ?, ?, ?, ?)`,
        [layer.id, layer.name || layer.id, ...(bounds ?? [null, null, null, null]), WGS84],
      );
      // 2: "optional" (§2.1.5.1.2), so a file whose features have no z reads as 2D.
      await out.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, ?, ?, ?)`, [
        layer.id,
        GEOMETRY_TYPE_NAMES[plan.type] ?? 'GEOMETRY',
        WGS84,
        dims.z ? 2 : 0,
        dims.m ? 2 : 0,
      ]);
    });
    return file.bytes();
  } finally {
    await file.db.close();
  }
}
