// SPEC §1 observation suggestions: the model's check, shared by the form and the server.
import { describe, expect, it } from 'vitest';
import { OBSERVATION_COUNT_MAX, OBSERVATION_NOTE_MAX, validateObservation } from '../../src/model/index.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const ok = { speciesId: 4, observedAt: '2026-11-20T08:00:00Z', count: 3, note: 'by the weir' };
const errorOf = (o: object) => {
  const r = validateObservation(o, now);
  return r.ok ? 'OK' : r.error;
};

describe('validateObservation', () => {
  it('accepts a species, a past date, a whole count and a short note', () => {
    expect(errorOf(ok)).toBe('OK');
    expect(errorOf({ ...ok, note: null, count: OBSERVATION_COUNT_MAX })).toBe('OK');
    // A phone clock a few minutes ahead is forgiven; tomorrow is not.
    expect(errorOf({ ...ok, observedAt: '2026-11-23T12:05:00Z' })).toBe('OK');
    expect(errorOf({ ...ok, observedAt: '2026-11-24T12:00:00Z' })).toBe('OBSERVATION_DATE_INVALID');
  });

  it('names what is wrong', () => {
    expect(errorOf({ ...ok, speciesId: 0 })).toBe('FIELD_REQUIRED');
    expect(errorOf({ ...ok, speciesId: Number.NaN })).toBe('FIELD_REQUIRED');
    expect(errorOf({ ...ok, observedAt: '' })).toBe('OBSERVATION_DATE_INVALID');
    expect(errorOf({ ...ok, count: 0 })).toBe('OBSERVATION_COUNT_INVALID');
    expect(errorOf({ ...ok, count: 1.5 })).toBe('OBSERVATION_COUNT_INVALID');
    expect(errorOf({ ...ok, count: OBSERVATION_COUNT_MAX + 1 })).toBe('OBSERVATION_COUNT_INVALID');
    expect(errorOf({ ...ok, note: 'x'.repeat(OBSERVATION_NOTE_MAX + 1) })).toBe('VALUE_TOO_LONG');
  });
});
