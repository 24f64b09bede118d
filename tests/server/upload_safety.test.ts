import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError, newOwnedApp } from './helpers.ts';
import { PNG, member, newFeature } from './suggest_helpers.ts';

// Issue 16 "stored XSS" and "uploads checked by magic bytes only": what users upload is decoded,
// re-encoded, and served so that it can never run on our origin.

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/x?c="+document.cookie)</script></svg>';
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

const putIcon = (appKey: string, owner: { username: string; password: string }, name: string, data: Uint8Array | string, type: string) =>
  call(`/api/apps/icons/${name}?appkey=${appKey}`, { method: 'PUT', auth: owner, raw: { data, type } });

const uploadImage = (gfid: number, data: Uint8Array, type = 'image/png', name = 'photo.png') =>
  call(`/api/features/${gfid}/images/changes?filename=${name}&description=`, { method: 'POST', raw: { data, type }, ...member });

const uploadPdf = (gfid: number, data: Uint8Array) =>
  call(`/api/features/${gfid}/documents/changes?filename=plan.pdf&description=A%20plan`, {
    method: 'POST',
    raw: { data, type: 'application/pdf' },
    ...member,
  });

function expectInert(res: { headers: Headers }, disposition: 'inline' | 'attachment') {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain('sandbox');
  expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^${disposition}; filename=`));
}

describe('app icons', () => {
  it('refuses an SVG icon (a script on our origin) and a file that only looks like an image', async () => {
    const { owner, appKey } = await newOwnedApp();
    expectError(await putIcon(appKey, owner, 'logo.svg', SVG, 'image/svg+xml'), 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED');
    // SVG declared as PNG: the decoder reads no PNG in it.
    expectError(await putIcon(appKey, owner, 'logo.png', SVG, 'image/png'), 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED');
    expectError(await putIcon(appKey, owner, 'logo.png', PNG.subarray(0, 40), 'image/png'), 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED');
    expectError(await call(`/api/public/apps/${appKey}/icons/logo.png`), 404, 'ELEMENT_NOT_FOUND');
  });

  it('serves an icon inert: nosniff, a sandboxing CSP and a disposition', async () => {
    const { owner, appKey } = await newOwnedApp();
    const webp = await picture(64, 64).webp().toBuffer();
    const put = await putIcon(appKey, owner, 'logo.webp', webp, 'image/webp');
    expect(put.body).toMatchObject({ contentType: 'image/webp' });
    const got = await call(`/api/public/apps/${appKey}/icons/logo.webp`);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expectInert(got, 'inline');
  });
});

describe('feature images', () => {
  it('refuses files that are not whole images: 3-byte JPEG, truncated PNG, header + noise, SVG', async () => {
    const gfid = await newFeature();
    const png = await picture(300, 200).png().toBuffer();
    for (const [data, type] of [
      [Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
      [png.subarray(0, png.length - 30), 'image/png'],
      [Buffer.concat([png.subarray(0, 33), randomBytes(200_000)]), 'image/png'],
      [Buffer.from(SVG), 'image/svg+xml'],
    ] as const) {
      expectError(await uploadImage(gfid, data, type), 400, 'IMAGE_TYPE_REQUIRED', ERRORS.IMAGE_TYPE_REQUIRED);
    }
    expect((await call(`/api/features/${gfid}/images`, member)).body.imagesWithDescription).toEqual([]);
  });

  it('refuses a decompression bomb: a small 4096 × 4096 16-bit PNG', async () => {
    const gfid = await newFeature();
    const bomb = await picture(4096, 4096).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expectError(await uploadImage(gfid, bomb), 400, 'IMAGE_DIMENSIONS_TOO_LARGE');
  });

  it('keeps the picture re-encoded, without its metadata (GPS of a field photo), served inert', async () => {
    const gfid = await newFeature();
    const jpeg = await picture(120, 80)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-note' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-location-note'))).toBe(true);
    const res = await uploadImage(gfid, jpeg, 'image/jpeg', 'gate.jpg');
    expect(res.status).toBe(201);
    const blob = await call(`/api/features/${gfid}/images/gate.jpg`, member);
    expect(blob.headers.get('content-type')).toBe('image/jpeg');
    expectInert(blob, 'inline');
    expect(Buffer.from(blob.bytes).includes(Buffer.from('secret-location-note'))).toBe(false);
    expect(await sharp(blob.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
  });
});

describe('feature documents', () => {
  it('refuses a PDF header followed by HTML and a header alone', async () => {
    const gfid = await newFeature();
    for (const data of ['%PDF-<html><script>alert(document.cookie)</script></html>', '%PDF-1.7\n']) {
      expectError(await uploadPdf(gfid, Buffer.from(data)), 400, 'PDF_TYPE_REQUIRED', ERRORS.PDF_TYPE_REQUIRED);
    }
  });

  it('serves a document as a download that cannot run', async () => {
    const gfid = await newFeature();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    expect((await uploadPdf(gfid, pdf)).status).toBe(201);
    const got = await call(`/api/features/${gfid}/documents/plan.pdf`, member);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expectInert(got, 'attachment');
    expect(Buffer.from(got.bytes).equals(pdf)).toBe(true);
  });
});
