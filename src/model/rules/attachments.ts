// SPEC §5: link needs a resource link and a short description; comment and bibliography item
// must not be empty; attachments need a gfid.
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
