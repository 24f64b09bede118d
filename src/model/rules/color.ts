// SPEC §5: colour type must be primaryColor, secondaryColor or accentColor.
import { COLOR_TYPES, type ColorType } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

export function isColorType(value: unknown): value is ColorType {
  return typeof value === 'string' && (COLOR_TYPES as readonly string[]).includes(value);
}

export function validateColorType(value: unknown): RuleResult {
  return isColorType(value) ? OK : fail('COLOR_TYPE_NOT_REFERENCED');
}
