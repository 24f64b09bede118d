// SPEC §5 document and image upload rules, and the magic-byte checks the server relies on.
import { describe, it, expect } from 'vitest';
import {
  ERRORS,
  UPLOAD_LIMIT_BYTES,
  detectImageType,
  isPdfBytes,
  isValidFileName,
  readImageSize,
  validateDocumentDescription,
  validateDocumentFile,
  validateImageDescription,
  validateImageFile,
} from '../../src/model/index.ts';

const pdf = (over: Partial<Parameters<typeof validateDocumentFile>[0]> = {}) =>
  validateDocumentFile({ name: 'report.pdf', type: 'application/pdf', size: 1000, description: 'Survey notes', ...over });

describe('validateDocumentFile', () => {
  it('accepts a small pdf with a valid name and description', () => {
    expect(pdf()).toEqual({ ok: true });
  });
  it('rejects a non-pdf type with the SPEC text', () => {
    expect(pdf({ type: 'image/png' })).toEqual({ ok: false, error: 'PDF_TYPE_REQUIRED', message: 'File type must be of type pdf.' });
  });
  it('accepts a file of exactly 10 MB', () => {
    expect(pdf({ size: 10 * 1024 * 1024 }).ok).toBe(true);
  });
  it('rejects a file of 10 MB plus one byte', () => {
    expect(pdf({ size: UPLOAD_LIMIT_BYTES + 1 })).toMatchObject({ ok: false, error: 'FILE_TOO_LARGE' });
  });
  it('checks the type before the size', () => {
    expect(pdf({ type: 'text/plain', size: UPLOAD_LIMIT_BYTES + 1 })).toMatchObject({ error: 'PDF_TYPE_REQUIRED' });
  });
  it('rejects a file name with a slash', () => {
    expect(pdf({ name: 'a/b.pdf' })).toMatchObject({ ok: false, error: 'INVALID_FILE_NAME' });
  });
  it('rejects a missing description', () => {
    expect(pdf({ description: undefined })).toMatchObject({ ok: false, error: 'DESCRIPTION_REQUIRED' });
  });
});

describe('file names (SPEC §5: letters, numbers, spaces, dots, dashes, underscores)', () => {
  it('accepts letters, digits, spaces, dots, dashes and underscores', () => {
    expect(isValidFileName('My report_2024-v1.2.pdf')).toBe(true);
  });
  it('accepts non-ASCII letters', () => {
    expect(isValidFileName('Übersicht für Zürich.pdf')).toBe(true);
  });
  it('accepts a decomposed umlaut (letter plus combining mark)', () => {
    expect(isValidFileName('u\u0308.pdf')).toBe(true);
  });
  for (const bad of ['a/b.pdf', 'a\\b.pdf', 'c:d.pdf', 'x*.pdf', 'what?.pdf', 'say"hi".pdf', 'x<y>.pdf', 'a|b.pdf']) {
    it(`rejects ${JSON.stringify(bad)}`, () => {
      expect(isValidFileName(bad)).toBe(false);
    });
  }
  it('rejects a NUL character', () => {
    expect(isValidFileName('a\u0000b.pdf')).toBe(false);
  });
  it('rejects a newline', () => {
    expect(isValidFileName('a\nb.pdf')).toBe(false);
  });
  it('rejects a name of dots only', () => {
    expect(isValidFileName('..')).toBe(false);
  });
  it('rejects an empty name', () => {
    expect(isValidFileName('')).toBe(false);
  });
});

describe('document description (SPEC §5: 3 to 50 characters)', () => {
  it('rejects 2 characters', () => {
    expect(validateDocumentDescription('ab')).toEqual({
      ok: false,
      error: 'DOCUMENT_DESCRIPTION_LENGTH',
      message: ERRORS.DOCUMENT_DESCRIPTION_LENGTH,
    });
  });
  it('accepts 3 characters', () => {
    expect(validateDocumentDescription('abc').ok).toBe(true);
  });
  it('accepts 50 characters', () => {
    expect(validateDocumentDescription('x'.repeat(50)).ok).toBe(true);
  });
  it('rejects 51 characters', () => {
    expect(validateDocumentDescription('x'.repeat(51))).toMatchObject({ ok: false, error: 'DOCUMENT_DESCRIPTION_LENGTH' });
  });
  it('ignores surrounding spaces when counting', () => {
    expect(validateDocumentDescription('  ab  ').ok).toBe(false);
  });
  it('counts an emoji as one character', () => {
    expect(validateDocumentDescription('ab😀').ok).toBe(true);
  });
});

describe('validateImageFile', () => {
  const img = { type: 'image/png', size: 5000, width: 800, height: 600, description: 'A view' };
  for (const type of ['image/jpg', 'image/jpeg', 'image/gif', 'image/png']) {
    it(`accepts ${type}`, () => {
      expect(validateImageFile({ ...img, type }).ok).toBe(true);
    });
  }
  it('rejects image/webp with the SPEC text', () => {
    expect(validateImageFile({ ...img, type: 'image/webp' })).toEqual({
      ok: false,
      error: 'IMAGE_TYPE_REQUIRED',
      message: 'File type must be of type jpg, jpeg, png or gif.',
    });
  });
  it('rejects an image over the size limit', () => {
    expect(validateImageFile({ ...img, size: UPLOAD_LIMIT_BYTES + 1 })).toMatchObject({ error: 'FILE_TOO_LARGE' });
  });
  it('uses a custom byte limit (sizeLimitImage)', () => {
    expect(validateImageFile({ ...img, size: 2001 }, { maxBytes: 2000 })).toMatchObject({ error: 'FILE_TOO_LARGE' });
  });
  it('states the maximum dimensions when the image is too wide', () => {
    const r = validateImageFile({ ...img, width: 1001 }, { maxWidth: 1000, maxHeight: 800 });
    expect(r).toMatchObject({ ok: false, error: 'IMAGE_DIMENSIONS_TOO_LARGE' });
    expect(!r.ok && r.message).toContain('1000 × 800');
  });
  it('accepts an image exactly at the dimension limits', () => {
    expect(validateImageFile({ ...img, width: 1000, height: 800 }, { maxWidth: 1000, maxHeight: 800 }).ok).toBe(true);
  });
  it('rejects an image too tall', () => {
    expect(validateImageFile({ ...img, height: 801 }, { maxWidth: 1000, maxHeight: 800 }).ok).toBe(false);
  });
});

describe('image description (SPEC §5: up to 150 characters)', () => {
  it('accepts 150 characters', () => {
    expect(validateImageDescription('x'.repeat(150)).ok).toBe(true);
  });
  it('rejects 151 characters', () => {
    expect(validateImageDescription('x'.repeat(151))).toMatchObject({ error: 'IMAGE_DESCRIPTION_TOO_LONG' });
  });
  it('accepts an empty description', () => {
    expect(validateImageDescription('').ok).toBe(true);
  });
});

describe('magic bytes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const ascii = (s: string) => new TextEncoder().encode(s);
  it('recognises a pdf by %PDF-', () => {
    expect(isPdfBytes(ascii('%PDF-1.7\n...'))).toBe(true);
  });
  it('rejects a file that only claims to be a pdf', () => {
    expect(isPdfBytes(ascii('<html>%PDF-'))).toBe(false);
  });
  it('rejects a truncated pdf header', () => {
    expect(isPdfBytes(ascii('%PD'))).toBe(false);
  });
  it('detects png', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
  });
  it('detects jpeg', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });
  it('detects gif87a', () => {
    expect(detectImageType(ascii('GIF87a...'))).toBe('image/gif');
  });
  it('detects gif89a', () => {
    expect(detectImageType(ascii('GIF89a...'))).toBe('image/gif');
  });
  it('returns null for a pdf', () => {
    expect(detectImageType(ascii('%PDF-1.4'))).toBeNull();
  });
  it('reads png dimensions from the IHDR chunk', () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    new DataView(png.buffer).setUint32(16, 640);
    new DataView(png.buffer).setUint32(20, 480);
    expect(readImageSize(png)).toEqual({ width: 640, height: 480 });
  });
  it('reads gif dimensions (little-endian)', () => {
    const gif = new Uint8Array([...ascii('GIF89a'), 0x2c, 0x01, 0xc8, 0x00]);
    expect(readImageSize(gif)).toEqual({ width: 300, height: 200 });
  });
  it('reads jpeg dimensions from the SOF0 segment', () => {
    // SOI, APP0 (length 4: 2 payload bytes), SOF0 (length 17) with height 120, width 160.
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x00, 0xa0, 0x03, 0, 0, 0);
    expect(readImageSize(jpeg)).toEqual({ width: 160, height: 120 });
  });
});
