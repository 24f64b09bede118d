// A GeoPackage (OGC 12-128r18) read with the wa-sqlite we already ship (wasm/sqlite.ts, on a memory
// file): the first feature table of gpkg_contents, its geometry column from gpkg_geometry_columns,
// every other column as a property. A table in another spatial reference system than WGS 84 is
// reprojected from its gpkg_spatial_ref_sys WKT with proj4 (crs.ts), or refused by its name.
import { openSqliteBytes, type SqlValue } from '../../wasm/sqlite.ts';
import { reprojectGeometry, transformToWgs84, type ToWgs84 } from './crs.ts';
import { readGpkgGeometry } from './gpkg_geometry.ts';
import { ImportError, type ImportedFeature } from './imported_feature.ts';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function parseGpkg(bytes: Uint8Array): Promise<ImportedFeature[]> {
  let db: Awaited<ReturnType<typeof openSqliteBytes>>;
  try {
    db = await openSqliteBytes(bytes);
  } catch (err) {
    throw new ImportError('IMPORT_FILE_UNREADABLE', err instanceof Error ? err.message.slice(0, 120) : undefined);
  }
  try {
    const tables = await db
      .all(
        `SELECT c.table_name, g.column_name, g.srs_id, s.organization, s.organization_coordsys_id, s.srs_name, s.definition
         FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
         LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id
         WHERE c.data_type = 'features' ORDER BY c.table_name`,
      )
      .catch(() => {
        throw new ImportError('IMPORT_FILE_UNREADABLE', 'no gpkg_contents');
      });
    if (!tables.length) throw new ImportError('IMPORT_NO_FEATURES');
    const [table, geomColumn, srsId, org, orgId, srsName, definition] = tables[0] as [
      string,
      string,
      number,
      string | null,
      number | null,
      string | null,
      string | null,
    ];
    let to: ToWgs84 | undefined;
    if (srsId !== 4326) {
      const name = org && orgId !== null ? `${org}:${orgId}` : (srsName ?? `srs_id ${srsId}`);
      to = transformToWgs84(name.toUpperCase() === 'OGC:84' ? 'CRS84' : name, definition ?? undefined);
    }
    const columns = (await db.all(`PRAGMA table_info(${quoteIdent(table)})`)).map((r) => ({ name: String(r[1]), pk: Number(r[5]) > 0 }));
    // The integer primary key is the GeoPackage's feature id, not an attribute of the data.
    const properties = columns.filter((c) => c.name !== geomColumn && !c.pk).map((c) => c.name);
    const select = [geomColumn, ...properties].map(quoteIdent).join(', ');
    const features: ImportedFeature[] = [];
    for (const row of await db.all(`SELECT ${select} FROM ${quoteIdent(table)}`)) {
      const blob = row[0];
      const read = blob instanceof Uint8Array && blob.length ? readGpkgGeometry(blob).geometry : null;
      const geometry = read && to ? reprojectGeometry(read, to) : read;
      const props: Record<string, unknown> = {};
      properties.forEach((name, i) => {
        props[name] = plainValue(row[i + 1]);
      });
      features.push({ geometry, properties: props });
    }
    return features;
  } finally {
    await db.close();
  }
}

function plainValue(v: SqlValue): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Uint8Array) return null; // a blob attribute has no property type to become
  return v;
}
