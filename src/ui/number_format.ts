// How a NUMBER property is shown (issue 19). Quantities (population, area, height) are grouped by
// the language's thousands separator ("12,345"); identifiers and codes (a GeoNames id, a postcode,
// a year) are shown exactly as stored ("2988507"), because grouping turns an id into a quantity and
// breaks copying it into another system. A property is an identifier when its name or label ends
// in the word id, code, no/nr/number, zip, postcode or year ("cityId", "geoname_id", "GeoNames id",
// "featureCode", "Year"): camelCase, snake_case, kebab-case and spaces all split words.
import type { PropertyDefinition } from '../model/index.ts';

const IDENTIFIER_WORDS = new Set(['id', 'ids', 'code', 'no', 'nr', 'number', 'zip', 'postcode', 'year']);

/** The last word of a property name or label: `cityId` → `id`, `GeoNames id` → `id`. */
function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return (words.at(-1) ?? '').toLowerCase();
}

export function isIdentifierNumber(def: Pick<PropertyDefinition, 'name' | 'label'>): boolean {
  return IDENTIFIER_WORDS.has(lastWord(def.name)) || (!!def.label && IDENTIFIER_WORDS.has(lastWord(def.label)));
}

/** The text of a NUMBER value: raw for identifiers, else grouped for `locale`; non-numbers as given. */
export function formatNumberValue(value: unknown, def: Pick<PropertyDefinition, 'name' | 'label'>, locale: string): string {
  if (value == null || value === '') return '';
  const n = Number(value);
  if (Number.isNaN(n) || typeof value === 'object') return typeof value === 'object' ? JSON.stringify(value) : String(value);
  return isIdentifierNumber(def) ? String(value) : n.toLocaleString(locale);
}
