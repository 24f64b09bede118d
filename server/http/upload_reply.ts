import type { FastifyReply } from 'fastify';

// Files users uploaded are served from our origin, so they must never run there (issue 16: an SVG
// icon's script read the session): the type is not sniffed, the response is sandboxed by its CSP
// (no script, no plugin, an opaque origin), and documents download instead of opening.
const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export interface UploadFile {
  contentType: string;
  data: Uint8Array;
  /** The name offered to the browser. */
  filename: string;
  /** inline for pictures the app shows, attachment for files to save (PDF documents). */
  disposition: 'inline' | 'attachment';
}

export function sendUpload(reply: FastifyReply, file: UploadFile) {
  const ascii = file.filename.replace(/[^A-Za-z0-9._ -]/g, '_');
  return reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOAD_CSP)
    .header('content-disposition', `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .send(Buffer.from(file.data));
}
