import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_HEIGHT_PX, IMAGE_MAX_WIDTH_PX } from '../../src/model/index.ts';

// Uploads are checked by decoding them, not by their first bytes (issue 16): a 3-byte "JPEG", a
// truncated PNG or a PNG header followed by noise is refused, and what is kept is re-encoded by the
// decoder, so no polyglot (an image that is also HTML or script) and no metadata (EXIF GPS of a
// field photo) is served back. The pixel limit stops decompression bombs before they are decoded.

// One decode at a time and no cache: memory stays bounded under concurrent uploads.
sharp.concurrency(1);
sharp.cache(false);

/** The raster formats we keep, by the decoder's name for them. */
const RASTER_TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
type RasterFormat = keyof typeof RASTER_TYPES;
const isRaster = (format: string | undefined): format is RasterFormat => !!format && Object.hasOwn(RASTER_TYPES, format);

export interface DecodedImage {
  /** The re-encoded file. */
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export type ImageCheck = { ok: true; image: DecodedImage } | { ok: false; reason: 'not_an_image' | 'too_large' };

/**
 * Decodes `bytes` (or the file at that path: an upload, server/http/upload_body.ts) fully and
 * re-encodes them in their own format (8-bit sRGB, orientation applied, metadata dropped). SVG and
 * other vector or unknown formats are not images here.
 */
export async function decodeImage(
  bytes: Buffer | string,
  maxWidth = IMAGE_MAX_WIDTH_PX,
  maxHeight = IMAGE_MAX_HEIGHT_PX,
): Promise<ImageCheck> {
  const options = { limitInputPixels: maxWidth * maxHeight, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    return { ok: false, reason: 'not_an_image' };
  }
  const format = meta.format;
  if (!isRaster(format) || !meta.width || !meta.height) return { ok: false, reason: 'not_an_image' };
  const contentType = RASTER_TYPES[format];
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width > maxWidth || frameHeight > maxHeight) return { ok: false, reason: 'too_large' };
  // Decoded size: a largest 8-bit RGBA image fits, a 16-bit or many-channel bomb of that size not.
  const bytesPerSample = meta.depth === 'uchar' || meta.depth === 'char' || !meta.depth ? 1 : 2;
  if (meta.width * frameHeight * (meta.channels ?? 4) * bytesPerSample > maxWidth * maxHeight * 4)
    return { ok: false, reason: 'too_large' };
  const animated = (meta.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  try {
    const { data, info } = await sharp(bytes, {
      ...options,
      animated,
      limitInputPixels: maxWidth * maxHeight * (animated ? (meta.pages ?? 1) : 1),
    })
      .rotate()
      .toColourspace('srgb')
      .toFormat(format)
      .toBuffer({ resolveWithObject: true });
    return { ok: true, image: { data, contentType, width: info.width, height: animated ? frameHeight : info.height } };
  } catch {
    return { ok: false, reason: 'not_an_image' };
  }
}

/**
 * A PDF's structure, read without running anything in it: the header, at least one indirect object,
 * a trailer or cross-reference stream, and the end-of-file marker near the end (ISO 32000 §7.5).
 */
export function hasPdfStructure(bytes: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  // Trailing whitespace or padding after the marker is tolerated, as PDF readers do.
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] <= 0x20 || bytes[end - 1] === 0x7f)) end--;
  const tail = bytes.subarray(Math.max(0, end - 2048), end).toString('latin1');
  if (!tail.includes('%%EOF')) return false;
  const text = bytes.toString('latin1');
  if (!/\d+\s+\d+\s+obj\b/.test(text) || !text.includes('endobj')) return false;
  if (!text.includes('trailer') && !/\/Type\s*\/XRef\b/.test(text)) return false;
  // HTML behind a PDF header is a page, not a document.
  return !/<\s*(html|script|body|iframe)\b/i.test(text.slice(0, 4096));
}
