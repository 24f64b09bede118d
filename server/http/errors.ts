import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorBody, type ErrorKey, type RuleResult } from '../../src/model/index.ts';

/**
 * A refusal with a catalogue key (SPEC §8); the error handler turns it into the wire body. `extra`
 * rides along in that body for a refusal the client can act on (e.g. the current feature of a
 * STALE_BASE_VERSION); keep it small.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message: string = ERRORS[key],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Throws a 400 carrying a model rule's key and message (SPEC §5 validators in src/model/rules). */
export function assertRule(result: RuleResult): void {
  if (!result.ok) throw new HttpError(400, result.error, result.message);
}

export const badRequest = (key: ErrorKey) => new HttpError(400, key);
export const unauthorized = (key: ErrorKey = 'UNAUTHORIZED') => new HttpError(401, key);
export const forbidden = (key: ErrorKey = 'FORBIDDEN') => new HttpError(403, key);
export const notFound = (key: ErrorKey) => new HttpError(404, key);
export const conflict = (key: ErrorKey) => new HttpError(409, key);

const KEY_BY_TEXT = new Map<string, ErrorKey>((Object.entries(ERRORS) as [ErrorKey, string][]).map(([key, text]) => [text, key]));

interface IssueLike {
  message?: string;
  keyword?: string;
  params?: { input?: unknown; received?: unknown };
}

/** The first zod issue's SPEC text when the schema used one, else the generic §5 messages. */
function keyForIssue(issue: IssueLike | undefined): ErrorKey {
  const known = issue?.message ? KEY_BY_TEXT.get(issue.message) : undefined;
  if (known) return known;
  if (issue?.keyword === 'invalid_type' && issue.params?.input === undefined) return 'FIELD_REQUIRED';
  return 'INVALID_VALUE';
}

/** CONTRACT "Errors": bad input → 400 with the SPEC text, never 500; the unexpected → 500 §8 text. */
export function errorHandler(err: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  // Refused before its whole body came (an upload's caller checked first, a body over its limit):
  // the connection closes after the answer instead of reading the rest (issue 16).
  if (!request.raw.complete) reply.header('connection', 'close');
  if (err instanceof HttpError) {
    return reply.code(err.statusCode).send({ ...err.extra, statusCode: err.statusCode, error: err.key, message: err.message });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.code(400).send(errorBody(keyForIssue(err.validation[0] as IssueLike), 400));
  }
  // SQLSTATE from PGlite and pg alike: a lost race on a unique key is a conflict, a value the
  // database cannot take (class 22, data exception) is bad input — neither is a server fault.
  const sqlState = (err as { code?: unknown }).code;
  if (sqlState === '23505') return reply.code(409).send(errorBody('CONFLICT', 409));
  // 54000 program_limit_exceeded: a value too large for an index row (issue 16).
  if (sqlState === '54000') return reply.code(400).send(errorBody('VALUE_TOO_LONG', 400));
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) return reply.code(400).send(errorBody('INVALID_VALUE', 400));
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 413) return reply.code(413).send(errorBody('FILE_TOO_LARGE', 413));
  if (status >= 400 && status < 500) return reply.code(status).send(errorBody('INVALID_VALUE', status));
  request.log.error({ err }, 'unexpected error');
  return reply.code(500).send(errorBody('INTERNAL_SERVER_ERROR', 500));
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', 404));
}
