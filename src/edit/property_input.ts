// Form text → property value for each SPEC §3 type, with the SPEC §5 generic messages (numeric
// value required, valid email) from the model's catalogue.
import { emailSchema, type ErrorKey, type PropertyDefinition } from '../model/index.ts';

export type ParsedValue = { ok: true; value: unknown } | { ok: false; error: ErrorKey };

/** The value as the form shows it. */
export function toInput(def: PropertyDefinition, value: unknown): string | boolean {
  if (def.type === 'BOOLEAN') return value === true || value === 'true';
  if (value == null) return '';
  if (def.type === 'TAGS' && Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function parseInput(def: PropertyDefinition, raw: string | boolean): ParsedValue {
  if (typeof raw === 'boolean') return { ok: true, value: raw };
  const s = raw.trim();
  if (s === '') return { ok: true, value: null };
  switch (def.type) {
    case 'NUMBER': {
      const n = Number(s.replace(',', '.'));
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: 'NUMERIC_REQUIRED' };
    }
    case 'EMAIL':
      return emailSchema.safeParse(s).success ? { ok: true, value: s } : { ok: false, error: 'INVALID_EMAIL' };
    case 'URL':
    case 'IMAGE':
    case 'PDF':
      return /^(https?:\/\/|\/)/i.test(s) ? { ok: true, value: s } : { ok: false, error: 'INVALID_URL' };
    case 'TAGS':
      return {
        ok: true,
        value: s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      };
    case 'OBJECT':
    case 'GEOMETRY':
      try {
        return { ok: true, value: JSON.parse(s) };
      } catch {
        return { ok: false, error: 'INVALID_VALUE' };
      }
    default:
      return { ok: true, value: raw };
  }
}
