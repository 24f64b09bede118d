// SPEC §5 document and image upload rules, shared by the add dialogs and the server.
import {
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_DESCRIPTION_MIN,
  DOCUMENT_MIME_TYPE,
  IMAGE_DESCRIPTION_MAX,
  IMAGE_MAX_HEIGHT_PX,
  IMAGE_MAX_WIDTH_PX,
  IMAGE_MIME_TYPES,
  UPLOAD_LIMIT_BYTES,
} from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { fail, firstFailure, OK, type RuleResult } from './result.ts';

/**
 * SPEC §5: file name only letters, numbers, spaces, dots, dashes, underscores. "Letters" includes
 * non-ASCII letters (ü, é, 中) and their combining marks; path separators, wildcards, quotes,
 * angle brackets, pipes and control characters are all outside the set.
 */
export const FILE_NAME_PATTERN = /^[\p{L}\p{M}\p{N} ._-]+$/u;

/** Lengths count code points, so an emoji or "ü" is one character as the user sees it. */
export function charCount(text: string): number {
  return [...text].length;
}

export function isValidFileName(name: string): boolean {
  // A name of dots only ("." / "..") would be a path on the server.
  return FILE_NAME_PATTERN.test(name) && !/^\.+$/.test(name);
}

export function validateFileName(name: string): RuleResult {
  return isValidFileName(name) ? OK : fail('INVALID_FILE_NAME');
}

/** SPEC §9: 10MB inclusive; exactly UPLOAD_LIMIT_BYTES is fine, one byte more is not. */
export function validateFileSize(size: number, limit: number = UPLOAD_LIMIT_BYTES): RuleResult {
  if (!Number.isFinite(size) || size < 0) return fail('NUMERIC_REQUIRED');
  if (size > limit) {
    const message = limit === UPLOAD_LIMIT_BYTES ? ERRORS.FILE_TOO_LARGE : `File size is greater than ${formatMb(limit)}.`;
    return fail('FILE_TOO_LARGE', message);
  }
  return OK;
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

/** SPEC §5: document description required, 3 to 50 characters (after trimming). */
export function validateDocumentDescription(description: string | null | undefined): RuleResult {
  const text = (description ?? '').trim();
  if (text.length === 0) return fail('DESCRIPTION_REQUIRED');
  const n = charCount(text);
  if (n < DOCUMENT_DESCRIPTION_MIN || n > DOCUMENT_DESCRIPTION_MAX) return fail('DOCUMENT_DESCRIPTION_LENGTH');
  return OK;
}

/** SPEC §5: image description up to 150 characters; it may be empty. */
export function validateImageDescription(description: string | null | undefined): RuleResult {
  return charCount((description ?? '').trim()) > IMAGE_DESCRIPTION_MAX ? fail('IMAGE_DESCRIPTION_TOO_LONG') : OK;
}

export interface DocumentFileInput {
  name: string;
  /** MIME type as reported by the browser or the multipart part. */
  type: string;
  size: number;
  description?: string | null;
}

/** SPEC §5 document rules, in the order a user would fix them: type, size, name, description. */
export function validateDocumentFile(file: DocumentFileInput): RuleResult {
  if (file.type.toLowerCase() !== DOCUMENT_MIME_TYPE) return fail('PDF_TYPE_REQUIRED');
  return firstFailure(validateFileSize(file.size), validateFileName(file.name), validateDocumentDescription(file.description));
}

export function isImageMimeType(type: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}

export interface ImageLimits {
  /** Bytes; the app's sizeLimitImage, else the upload limit. */
  maxBytes?: number;
  maxWidth?: number;
  maxHeight?: number;
}

export interface ImageFileInput {
  type: string;
  size: number;
  width?: number;
  height?: number;
  description?: string | null;
}

/** SPEC §5: the dimension message states the limits so the user knows what to resize to. */
export function imageDimensionsMessage(maxWidth: number, maxHeight: number): string {
  return `Image dimensions are too large. The maximum is ${maxWidth} × ${maxHeight} pixels.`;
}

export function validateImageFile(file: ImageFileInput, limits: ImageLimits = {}): RuleResult {
  if (!isImageMimeType(file.type)) return fail('IMAGE_TYPE_REQUIRED');
  const maxWidth = limits.maxWidth ?? IMAGE_MAX_WIDTH_PX;
  const maxHeight = limits.maxHeight ?? IMAGE_MAX_HEIGHT_PX;
  const sizeResult = validateFileSize(file.size, limits.maxBytes ?? UPLOAD_LIMIT_BYTES);
  if (!sizeResult.ok) return sizeResult;
  if ((file.width ?? 0) > maxWidth || (file.height ?? 0) > maxHeight) {
    return fail('IMAGE_DIMENSIONS_TOO_LARGE', imageDimensionsMessage(maxWidth, maxHeight));
  }
  return validateImageDescription(file.description);
}
