// One result shape for every validator, so callers (server handlers, client forms) treat them alike.
import { ERRORS, type ErrorKey } from '../errors.ts';

export type RuleResult = { ok: true } | { ok: false; error: ErrorKey; message: string };

export const OK: RuleResult = Object.freeze({ ok: true });

/** A failure carries the catalogue text unless a rule needs to add details (e.g. image limits). */
export function fail(error: ErrorKey, message: string = ERRORS[error]): RuleResult {
  return { ok: false, error, message };
}

/** The first failing result, or OK: rules are checked in the order given. */
export function firstFailure(...results: RuleResult[]): RuleResult {
  return results.find((r) => !r.ok) ?? OK;
}
