// Importing features from files (SPEC §1 "import", issue 15 part 5): which CSV columns hold the
// coordinates, how a file's values become the layer's property types, and what a new layer's
// properties are. Pure, so the import worker, the dialog and the server agree.
import type { PropertyType } from '../entities/property_definition.ts';
import type { ErrorKey } from '../errors.ts';

/** Features per upload chunk, and the chunk's JSON size ceiling (under the server's 4 MB JSON limit). */
export const IMPORT_CHUNK_FEATURES = 1000;
export const IMPORT_CHUNK_BYTES = 2 * 1024 * 1024;
/** Features shown in the import preview. */
export const IMPORT_PREVIEW_FEATURES = 5;

// Lower-cased, with spaces, dashes and dots removed before comparing ("Long.", "x_coord" …).
const LON_NAMES = ['lon', 'lng', 'long', 'longitude', 'x', 'xcoord', 'xcoordinate', 'longitud', 'laenge', 'länge', 'lambda'];
const LAT_NAMES = ['lat', 'latitude', 'y', 'ycoord', 'ycoordinate', 'latitud', 'breite', 'phi'];

const normalise = (column: string) =>
  column
    .trim()
    .toLowerCase()
    .replace(/[\s.\-_]/g, '');

/** The first column of each pair whose header is a usual name for longitude / latitude. */
export function detectLonLatColumns(columns: readonly string[]): { lon?: string; lat?: string } {
  const pick = (names: string[]) => {
    for (const name of names) {
      const found = columns.find((c) => normalise(c) === normalise(name));
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return { lon: pick(LON_NAMES), lat: pick(LAT_NAMES) };
}

export type CoercedValue = { ok: true; value: unknown } | { ok: false; error: ErrorKey };

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'oui', 'vrai', 'si', 'sí', 'ja', 'wahr']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'non', 'faux', 'nein', 'falsch']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** "12", "1.5", "1,5" (a decimal comma alone), " -3e2 "; not "", "12 m" or "1,234.5". */
function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  let s = v.trim();
  if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

function toBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : undefined;
  const s = String(v).trim().toLowerCase();
  return TRUE_WORDS.has(s) ? true : FALSE_WORDS.has(s) ? false : undefined;
}

/** An ISO 8601 date or date-time that names a real day (the form's DATE value); else undefined. */
function toDate(v: unknown): string | undefined {
  if (typeof v !== 'string' || !ISO_DATE.test(v.trim())) return undefined;
  const s = v.trim();
  const day = s.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return undefined;
  return s;
}

/**
 * One file value as the layer's property type wants it. A blank value is no value (`null`, skipped).
 * NUMBER, BOOLEAN and DATE refuse what they cannot read; TAGS split on `;` or `,`; OBJECT takes an
 * object or its JSON; every other type is text.
 */
export function coerceImportValue(value: unknown, type: PropertyType): CoercedValue {
  if (isBlank(value)) return { ok: true, value: null };
  switch (type) {
    case 'NUMBER': {
      const n = toNumber(value);
      return n === undefined ? { ok: false, error: 'IMPORT_VALUE_NOT_NUMBER' } : { ok: true, value: n };
    }
    case 'BOOLEAN': {
      const b = toBoolean(value);
      return b === undefined ? { ok: false, error: 'IMPORT_VALUE_NOT_BOOLEAN' } : { ok: true, value: b };
    }
    case 'DATE': {
      const d = toDate(value);
      return d === undefined ? { ok: false, error: 'IMPORT_VALUE_NOT_DATE' } : { ok: true, value: d };
    }
    case 'TAGS': {
      const list = Array.isArray(value) ? value.map(String) : String(value).split(/[;,]/);
      return { ok: true, value: list.map((t) => t.trim()).filter(Boolean) };
    }
    case 'OBJECT': {
      if (typeof value === 'object') return { ok: true, value };
      try {
        const parsed: unknown = JSON.parse(String(value));
        if (parsed && typeof parsed === 'object') return { ok: true, value: parsed };
      } catch {
        // not JSON: refused below
      }
      return { ok: false, error: 'IMPORT_VALUE_NOT_OBJECT' };
    }
    default:
      return { ok: true, value: typeof value === 'object' ? JSON.stringify(value) : String(value) };
  }
}

/**
 * The property type a new layer gets for a column, from its non-blank sample values: NUMBER when
 * every one is a number, BOOLEAN when every one is true/false, DATE when every one is an ISO date,
 * else TEXT. A column with no values is TEXT. ("1"/"0" columns stay NUMBER.)
 */
export function inferPropertyType(samples: readonly unknown[]): PropertyType {
  const values = samples.filter((v) => !isBlank(v));
  if (!values.length) return 'TEXT';
  if (values.every((v) => toNumber(v) !== undefined)) return 'NUMBER';
  if (values.every((v) => typeof v === 'boolean' || (typeof v === 'string' && toBoolean(v) !== undefined))) return 'BOOLEAN';
  if (values.every((v) => toDate(v) !== undefined)) return 'DATE';
  return 'TEXT';
}

/** File column → layer property name, or null to skip the column. */
export type PropertyMapping = Record<string, string | null>;

export interface PropertyError {
  /** The file's column and the layer property it went to. */
  column: string;
  property: string;
  error: ErrorKey;
}

/**
 * One feature's file properties as the layer's properties: each mapped column coerced to its
 * property's type (unknown types as text); a value that does not fit is left out and reported.
 */
export function mapImportProperties(
  source: Record<string, unknown>,
  mapping: PropertyMapping,
  types: Readonly<Record<string, PropertyType>>,
): { properties: Record<string, unknown>; errors: PropertyError[] } {
  const properties: Record<string, unknown> = {};
  const errors: PropertyError[] = [];
  for (const [column, property] of Object.entries(mapping)) {
    if (!property || !(column in source)) continue;
    const coerced = coerceImportValue(source[column], types[property] ?? 'TEXT');
    if (!coerced.ok) errors.push({ column, property, error: coerced.error });
    else if (coerced.value !== null) properties[property] = coerced.value;
  }
  return { properties, errors };
}

/**
 * A layer property name for a file column: letters, digits and `_` (the column's own name where it
 * already is one), never empty; the layer key rules of SPEC §5 apply to layers, not properties.
 */
export function propertyNameForColumn(column: string): string {
  const name = column
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63);
  return name || 'column';
}

/** The default mapping: every column to a property of its own name, a column named like a layer's property to that one. */
export function defaultPropertyMapping(columns: readonly string[], layerProperties?: readonly string[]): PropertyMapping {
  const mapping: PropertyMapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    let property: string | null;
    if (layerProperties) {
      property = layerProperties.find((p) => p.toLowerCase() === column.toLowerCase()) ?? null;
    } else {
      const base = propertyNameForColumn(column);
      property = base;
      for (let i = 2; taken.has(property.toLowerCase()); i++) property = `${base}_${i}`;
    }
    if (property) taken.add(property.toLowerCase());
    mapping[column] = property;
  }
  return mapping;
}
