import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { UPLOAD_LIMIT_BYTES } from '../../src/model/index.ts';
import { authenticate } from '../auth/plugin.ts';
import { HttpError } from './errors.ts';
import { JSON_BODY_LIMIT_BYTES } from './protection.ts';

// Issue 16 "uploads streamed": an upload route checks its caller (session, role, quota against the
// declared Content-Length) before a byte of the body is read, and a refusal closes the connection
// (errors.ts), so an unwanted 10 MB body is never received. An accepted body goes to a temp file as
// it arrives, its size limit counted on the way, so slow concurrent uploads hold no buffers; the
// route decodes and checks it from the file, and the file goes when the response does.

/** Bytes an upload may have: SPEC §9's 10 MB, plus slack so that a slightly larger file gets the validator's 400 with its text. */
export const UPLOAD_STREAM_LIMIT_BYTES = UPLOAD_LIMIT_BYTES + 64 * 1024;

/** An upload body received into a temp file: what an upload route's handler gets as request.body. */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly size: number,
    /** Hex SHA-256 of the bytes (the idempotency hash of the request). */
    readonly sha256: string,
  ) {}

  read(): Promise<Buffer> {
    return readFile(this.path);
  }

  /** The first `n` bytes at most (type sniffing, header sizes). */
  async head(n: number): Promise<Buffer> {
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(n, this.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an upload body, streamed to a temp file (uploadRoute). */
    upload?: true;
  }
}

/** The temp file of each upload request being handled. */
const uploadPaths = new WeakMap<FastifyRequest, string>();

/** The length the client declared, or undefined (a chunked body). */
export function declaredLength(request: FastifyRequest): number | undefined {
  const n = Number(request.headers['content-length']);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Options of an upload route: `authorize` runs with request.user set, before the body is read;
 * whatever it throws is the answer. Params and query are the raw strings there (not yet validated).
 */
export function uploadRoute(authorize: (request: FastifyRequest) => Promise<void>): Pick<RouteShorthandOptions, 'config' | 'onRequest'> {
  return {
    config: { upload: true },
    onRequest: async (request, reply) => {
      // The body's file goes once the answer is written or the connection is gone (ServerResponse
      // 'close' fires once, either way), whatever the route did with it.
      reply.raw.once('close', () => {
        const path = uploadPaths.get(request);
        if (path) void rm(path, { force: true });
      });
      await authenticate(request);
      await authorize(request);
      if ((declaredLength(request) ?? 0) > UPLOAD_STREAM_LIMIT_BYTES) throw new HttpError(413, 'FILE_TOO_LARGE');
    },
  };
}

/**
 * Reads `payload` chunk by chunk into `sink` (awaited: the request pauses while a file write waits),
 * refusing with 413 as soon as more than `limit` bytes came. The request is never destroyed here:
 * a refusal still gets its answer, and the connection closes after it (errors.ts).
 */
function receive(payload: Readable, limit: number, sink: (chunk: Buffer) => Promise<void> | void): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      payload.off('data', onData).off('end', onEnd).off('error', finish).off('close', onClose);
      if (err) reject(err);
      else resolve(size);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new HttpError(413, 'FILE_TOO_LARGE'));
      const wrote = sink(chunk);
      if (wrote) {
        payload.pause();
        wrote.then(() => !settled && payload.resume(), finish);
      }
    };
    const onEnd = () => finish();
    // A client gone before the end of its body.
    const onClose = () => finish(new Error('upload aborted'));
    payload.on('data', onData).on('end', onEnd).on('error', finish).on('close', onClose);
    payload.resume();
  });
}

async function receiveFile(request: FastifyRequest, payload: Readable, dir: string): Promise<UploadedFile> {
  const path = join(dir, randomUUID());
  uploadPaths.set(request, path);
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const hash = createHash('sha256');
  const write = (chunk: Buffer) =>
    new Promise<void>((ok, fail) => {
      hash.update(chunk);
      file.write(chunk, (err) => (err ? fail(err) : ok()));
    });
  try {
    const size = await receive(payload, UPLOAD_STREAM_LIMIT_BYTES, write);
    await new Promise<void>((ok, fail) => file.end((err?: Error | null) => (err ? fail(err) : ok())));
    return new UploadedFile(path, size, hash.digest('hex'));
  } catch (err) {
    // Closed first: an open still under way would otherwise create the file after its removal.
    await new Promise<void>((ok) => (file.closed ? ok() : file.destroy().once('close', () => ok())));
    await rm(path, { force: true });
    throw err;
  }
}

/**
 * The parser of every body that is not JSON: an upload route's goes to a file in `uploadDir`; any
 * other route's is read into a Buffer of at most the JSON limit (a form, or a wrong type the route's
 * JSON schema refuses with a 400, json_bodies.ts).
 */
export async function registerBodyParsers(app: FastifyInstance, uploadDir: string): Promise<void> {
  await mkdir(uploadDir, { recursive: true, mode: 0o700 });
  app.addContentTypeParser('*', (request, payload, done) => {
    const upload = request.routeOptions.config?.upload;
    const body = upload ? receiveFile(request, payload, uploadDir) : receiveBytes(request, payload);
    body.then(
      (value) => done(null, value),
      (err: Error) => done(err, undefined),
    );
  });
}

async function receiveBytes(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  if ((declaredLength(request) ?? 0) > JSON_BODY_LIMIT_BYTES) throw new HttpError(413, 'FILE_TOO_LARGE');
  const chunks: Buffer[] = [];
  await receive(payload, JSON_BODY_LIMIT_BYTES, (chunk) => void chunks.push(chunk));
  return Buffer.concat(chunks);
}
