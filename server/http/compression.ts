// How answers are compressed (@fastify/compress), globally and on the routes that add a type of their own
// (a route's `compress` options replace the global ones, so both take these).
import type { FastifyCompressOptions } from '@fastify/compress';
import { constants as zlib } from 'node:zlib';

/**
 * A streamed answer (a layer read page by page) is compressed page by page: each write is flushed, so a
 * page leaves as it is read. Left to fill its window, brotli held the 135k cities' first bytes for 0.7 s
 * (issue 17: the first page within 100 ms); a page is ≈ 150 kB, so a flush costs little. zstd (Node
 * 22.15+) is left out: its flush modes are not zlib's, and these options would end a frame.
 */
export const COMPRESSION: FastifyCompressOptions = {
  encodings: ['br', 'gzip', 'deflate', 'identity'],
  brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH },
  zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
};
