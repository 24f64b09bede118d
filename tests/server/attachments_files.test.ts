import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS, UPLOAD_LIMIT_BYTES, imageDimensionsMessage } from '../../src/model/index.ts';
import { call, expectError, type CallOptions } from './helpers.ts';
import { PNG, S, admin, member, newFeature } from './suggest_helpers.ts';
import { SUGG_SIZE_LIMIT_IMAGE } from './suggestions_setup.ts';

// SPEC §7 images and documents: raw file body, filename and description in the query; SPEC §5
// rules checked on the server, on the bytes and not only on the declared type.

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const other = { session: S.crowd[1].session };
type Who = Pick<CallOptions, 'auth' | 'session'>;

/** A PNG header claiming width × height: enough for the server's dimension check. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  PNG.copy(b, 0, 0, 16);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

const upload = (
  gfid: number | string,
  kind: 'images' | 'documents',
  name: string,
  description: string,
  data: Buffer,
  type: string,
  who: Who = member,
) =>
  call(`/api/features/${gfid}/${kind}/changes?filename=${encodeURIComponent(name)}&description=${encodeURIComponent(description)}`, {
    method: 'POST',
    raw: { data, type },
    ...who,
  });

describe('images', () => {
  it('uploads pending, lists imagesWithDescription, serves the blob, and is accepted by name', async () => {
    const gfid = await newFeature();
    const res = await upload(gfid, 'images', 'front.png', 'The front gate', PNG, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'front.png',
      description: 'The front gate',
      contentType: 'image/png',
      size: expect.any(Number),
      status: 'pending',
    });
    const mine = await call(`/api/features/${gfid}/images`, member);
    expect(mine.body.imagesWithDescription).toEqual([expect.objectContaining({ name: 'front.png', description: 'The front gate' })]);
    expect((await call(`/api/features/${gfid}/images`, other)).body.imagesWithDescription).toEqual([]);
    const blob = await call(`/api/features/${gfid}/images/front.png`, member);
    expect(blob.headers.get('content-type')).toBe('image/png');
    // Kept re-encoded by the decoder (issue 16): the same 1×1 picture, its size as listed.
    expect(blob.bytes.length).toBe(res.body.size);
    expect(await sharp(blob.bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expectError(await call(`/api/features/${gfid}/images/front.png`, other), 404, 'ELEMENT_NOT_FOUND');
    const pending = await call('/api/layers/sites/images/changes?workspace=ws_sugg', admin);
    expect(pending.body).toContainEqual(expect.objectContaining({ gfid, name: 'front.png' }));
    expect((await call(`/api/features/${gfid}/images/front.png/accept`, { method: 'PUT', ...admin })).status).toBe(200);
    expect((await call(`/api/features/${gfid}/images`)).body.imagesWithDescription).toEqual([
      expect.objectContaining({ name: 'front.png', description: 'The front gate', status: 'accepted' }),
    ]);
    expect((await call(`/api/features/${gfid}/images/front.png`, other)).status).toBe(200);
  });

  it('accepts gif and jpg as declared types', async () => {
    const gfid = await newFeature();
    expect((await upload(gfid, 'images', 'anim.gif', '', GIF, 'image/gif')).status).toBe(201);
  });

  it('checks the bytes, not only the declared type (SPEC §5)', async () => {
    const gfid = await newFeature();
    for (const [data, type] of [
      [PDF, 'image/png'],
      [PNG, 'application/pdf'],
      [PNG, 'image/jpeg'],
      [Buffer.from('<svg/>'), 'image/svg+xml'],
    ] as const) {
      expectError(await upload(gfid, 'images', 'x.png', '', data, type), 400, 'IMAGE_TYPE_REQUIRED', ERRORS.IMAGE_TYPE_REQUIRED);
    }
  });

  it('enforces the maximum dimensions, the app sizeLimitImage and the description length', async () => {
    const gfid = await newFeature();
    const wide = await upload(gfid, 'images', 'wide.png', '', pngHeader(5000, 10), 'image/png');
    expectError(wide, 400, 'IMAGE_DIMENSIONS_TOO_LARGE', imageDimensionsMessage(4096, 4096));
    const big = Buffer.concat([pngHeader(10, 10), Buffer.alloc(SUGG_SIZE_LIMIT_IMAGE)]);
    expectError(await upload(gfid, 'images', 'big.png', '', big, 'image/png'), 400, 'FILE_TOO_LARGE', 'File size is greater than 1MB.');
    // A real picture padded after its end chunk to exactly the limit (the decoder ignores the tail).
    const atLimit = Buffer.concat([PNG, Buffer.alloc(SUGG_SIZE_LIMIT_IMAGE - PNG.length)]);
    expect((await upload(gfid, 'images', 'fits.png', '', atLimit, 'image/png')).status).toBe(201);
    expectError(await upload(gfid, 'images', 'x.png', 'd'.repeat(151), PNG, 'image/png'), 400, 'IMAGE_DESCRIPTION_TOO_LONG');
  });

  it('refuses unsafe names, empty bodies and a missing gfid', async () => {
    const gfid = await newFeature();
    expectError(await upload(gfid, 'images', '../etc/passwd', '', PNG, 'image/png'), 400, 'INVALID_FILE_NAME', ERRORS.INVALID_FILE_NAME);
    expectError(await upload(gfid, 'images', 'x.png', '', Buffer.alloc(0), 'image/png'), 400, 'NO_FILES_SELECTED');
    expectError(await upload('none', 'images', 'x.png', '', PNG, 'image/png'), 400, 'GFID_REQUIRED');
    expect((await call('/api/features/none/images')).body).toEqual({ imagesWithDescription: [] });
  });
});

describe('documents', () => {
  it('uploads a pdf with a URL-encoded description and lists newest first', async () => {
    const gfid = await newFeature();
    const first = await upload(gfid, 'documents', 'plan one.pdf', 'Site plan & notes', PDF, 'application/pdf');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'plan one.pdf', description: 'Site plan & notes', status: 'pending' });
    // A client that encodes the description itself sends it encoded twice over the wire.
    const second = await upload(gfid, 'documents', 'report_2.pdf', encodeURIComponent('Annual report'), PDF, 'application/pdf');
    expect(second.body.description).toBe('Annual report');
    const listed = await call(`/api/features/${gfid}/documents`, member);
    expect(listed.body.map((d: any) => d.name)).toEqual(['report_2.pdf', 'plan one.pdf']);
    expect(Date.parse(listed.body[0].createdat)).toBeGreaterThanOrEqual(Date.parse(listed.body[1].createdat));
    await call(`/api/features/${gfid}/documents/${first.body.id}/accept`, { method: 'PUT', ...admin });
    const blob = await call(`/api/features/${gfid}/documents/plan%20one.pdf`);
    expect(blob.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(blob.bytes).equals(PDF)).toBe(true);
  });

  it('accepts exactly 10MB and refuses one byte more (SPEC §9)', async () => {
    const gfid = await newFeature();
    const exact = Buffer.alloc(UPLOAD_LIMIT_BYTES, 0x20);
    PDF.copy(exact);
    expect((await upload(gfid, 'documents', 'big.pdf', 'Exactly ten', exact, 'application/pdf')).status).toBe(201);
    const over = Buffer.concat([exact, Buffer.from(' ')]);
    expectError(
      await upload(gfid, 'documents', 'big.pdf', 'One byte more', over, 'application/pdf'),
      400,
      'FILE_TOO_LARGE',
      ERRORS.FILE_TOO_LARGE,
    );
  }, 120_000);

  it('refuses non-pdf types and bytes, bad descriptions and unsafe names (SPEC §5)', async () => {
    const gfid = await newFeature();
    expectError(
      await upload(gfid, 'documents', 'a.pdf', 'A plan', PNG, 'application/pdf'),
      400,
      'PDF_TYPE_REQUIRED',
      ERRORS.PDF_TYPE_REQUIRED,
    );
    expectError(await upload(gfid, 'documents', 'a.pdf', 'A plan', PDF, 'image/png'), 400, 'PDF_TYPE_REQUIRED');
    expectError(
      await upload(gfid, 'documents', 'a.pdf', 'ab', PDF, 'application/pdf'),
      400,
      'DOCUMENT_DESCRIPTION_LENGTH',
      ERRORS.DOCUMENT_DESCRIPTION_LENGTH,
    );
    expectError(await upload(gfid, 'documents', 'a.pdf', 'x'.repeat(51), PDF, 'application/pdf'), 400, 'DOCUMENT_DESCRIPTION_LENGTH');
    expectError(await upload(gfid, 'documents', 'a.pdf', '', PDF, 'application/pdf'), 400, 'DESCRIPTION_REQUIRED');
    expectError(await upload(gfid, 'documents', 'a/b.pdf', 'A plan', PDF, 'application/pdf'), 400, 'INVALID_FILE_NAME');
    expect((await upload(gfid, 'documents', 'a.pdf', 'x'.repeat(50), PDF, 'application/pdf')).status).toBe(201);
  });
});
