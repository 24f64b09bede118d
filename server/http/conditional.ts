import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Conditional and partial GETs (RFC 9110 §13, §14): an ETag the client sends back in If-None-Match
// gets a 304 with no body, and `Range: bytes=…` a 206 of those bytes. Tags are weak (W/): the same
// entity may go out gzip-compressed or not.

/** A weak tag over the given parts (a layer's data version and what else makes the variant). */
export function weakEtag(...parts: (string | number | undefined)[]): string {
  const hash = createHash('sha1')
    .update(parts.map((p) => String(p ?? '')).join('\u0000'))
    .digest('base64url')
    .slice(0, 22);
  return `W/"${hash}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

/**
 * Sets ETag and `Cache-Control: no-cache` (store, but revalidate each time: the data changes with
 * every accepted suggestion); when the client already has this version, sets 304 and says so — the
 * caller then sends no body.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!matchesIfNoneMatch(request, etag)) return false;
  reply.code(304);
  return true;
}

/** notModified for a handler: true when the 304 went out and the handler must stop. */
export function revalidated(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  if (!notModified(request, reply, etag)) return false;
  reply.send();
  return true;
}

/**
 * A route's onSend hook: the ETag is a hash of the body itself (small JSON answers such as the app
 * configuration, which depend on the app row, its layers and the caller), with 304 to a client that
 * has it. The body is built anyway; what is saved is the transfer and the client's parse.
 */
export async function etagFromBody(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  return notModified(request, reply, weakEtag(payload)) ? '' : payload;
}

/** A single byte range of a body of `size` bytes, or null to send the whole body (RFC 9110 §14.2). 'invalid' → 416. */
export function byteRange(request: FastifyRequest, size: number): { start: number; end: number } | 'invalid' | null {
  const header = request.headers.range;
  if (!header) return null;
  // If-Range compares strongly, and these tags are weak: with it, the whole body goes out.
  if (request.headers['if-range']) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: the whole body
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Sends `body` whole, or the asked range as 206 (416 for one outside it); says that ranges work. */
export function sendWithRanges(request: FastifyRequest, reply: FastifyReply, body: Uint8Array) {
  reply.header('accept-ranges', 'bytes');
  const range = byteRange(request, body.length);
  if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${body.length}`).send();
  if (!range) return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
    .send(Buffer.from(body.buffer, body.byteOffset + range.start, range.end - range.start + 1));
}
