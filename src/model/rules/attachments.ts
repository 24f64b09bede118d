// SPEC §5: link needs a resource link and a short description; comment and bibliography item
// must not be empty; attachments need a gfid.
import { OBSERVATION_COUNT_MAX, OBSERVATION_NOTE_MAX } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

export function validateLink(link: { link?: string | null; description?: string | null }): RuleResult {
  return blank(link.link) || blank(link.description) ? fail('LINK_REQUIRED') : OK;
}

export function validateComment(comment: string | null | undefined): RuleResult {
  return blank(comment) ? fail('COMMENT_EMPTY') : OK;
}

export function validateBibliographyItem(item: string | null | undefined): RuleResult {
  return blank(item) ? fail('BIBLIOGRAPHY_EMPTY') : OK;
}

export function validateTagName(name: string | null | undefined): RuleResult {
  return blank(name) ? fail('FIELD_REQUIRED') : OK;
}

/** SPEC §5: without a gfid, attachment calls do nothing (the feature is not saved yet). */
export function hasGfid(feature: { gfid?: string | number | null } | null | undefined): boolean {
  const g = feature?.gfid;
  return g !== undefined && g !== null && g !== '';
}

/** An observation a user suggests (SPEC §1): a species of the feature's layer, when, how many, a note. */
export interface ObservationInput {
  speciesId: number;
  /** ISO 8601. */
  observedAt: string;
  count: number;
  note?: string | null;
}

const OBSERVATION_CLOCK_SKEW_MS = 10 * 60 * 1000;

/**
 * SPEC §5-style checks of a suggested observation: the date must parse and not lie in the future
 * (a phone's clock a few minutes ahead is forgiven), the count is a whole number from 1, the note short.
 */
export function validateObservation(o: Partial<ObservationInput>, now: number = Date.now()): RuleResult {
  if (!Number.isInteger(o.speciesId) || (o.speciesId ?? 0) <= 0) return fail('FIELD_REQUIRED');
  const at = typeof o.observedAt === 'string' ? Date.parse(o.observedAt) : Number.NaN;
  if (!Number.isFinite(at) || at > now + OBSERVATION_CLOCK_SKEW_MS) return fail('OBSERVATION_DATE_INVALID');
  if (!Number.isInteger(o.count) || (o.count ?? 0) < 1 || (o.count ?? 0) > OBSERVATION_COUNT_MAX) return fail('OBSERVATION_COUNT_INVALID');
  if ((o.note ?? '').length > OBSERVATION_NOTE_MAX) return fail('VALUE_TOO_LONG');
  return OK;
}
