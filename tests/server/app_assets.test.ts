import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError, newOwnedApp } from './helpers.ts';

// 1x1 transparent PNG.
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);

describe('app icons (SPEC §7)', () => {
  it('stores an icon and serves it on the owner and public paths', async () => {
    const { owner, appKey } = await newOwnedApp();
    const put = await call(`/api/apps/icons/logo.png?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      raw: { data: PNG, type: 'image/png' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: expect.any(Number) });
    for (const path of [`/api/apps/icons/logo.png?appkey=${appKey}`, `/api/public/apps/${appKey}/icons/logo.png`]) {
      const got = await call(path);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      // Stored re-encoded by the decoder (issue 16): the same 1×1 picture, maybe other bytes.
      expect(got.bytes.length).toBe(put.body.size);
      expect(await sharp(got.bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    }
  });

  it('refuses a media type that is not an image (SPEC §5 logo media type)', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await call(`/api/apps/icons/logo.pdf?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      raw: { data: '%PDF-1.4', type: 'application/pdf' },
    });
    expectError(res, 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED', ERRORS.LOGO_MEDIA_TYPE_NOT_SUPPORTED);
  });

  it('answers 404 for an icon that does not exist', async () => {
    const { appKey } = await newOwnedApp();
    expectError(await call(`/api/public/apps/${appKey}/icons/none.png`), 404, 'ELEMENT_NOT_FOUND');
  });
});

describe('app manifest (SPEC §7)', () => {
  it('stores the manifest with its icon sizes and serves it publicly', async () => {
    const { owner, appKey } = await newOwnedApp();
    const icons = [128, 192, 256, 384, 512].map((s) => ({ src: `/icons/${s}.png`, sizes: `${s}x${s}`, type: 'image/png' }));
    const put = await call(`/api/apps/${appKey}/manifest`, {
      method: 'PUT',
      auth: owner,
      body: { appKey, appManifest: { name: 'Trees', icons } },
    });
    expect(put.status).toBe(200);
    const got = await call(`/api/public/apps/${appKey}/manifest`);
    expect(got.status).toBe(200);
    expect(got.body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['128x128', '192x192', '256x256', '384x384', '512x512']);
  });

  it("serves an installable manifest for an app without its own icons: its name and colour, its address, the shell's icons", async () => {
    const { owner, appKey } = await newOwnedApp();
    const saved = await call(`/api/apps/config?appkey=${appKey}`, { auth: owner });
    const got = await call(`/api/public/apps/${appKey}/manifest`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('application/manifest+json');
    expect(got.body).toMatchObject({
      id: `/${appKey}`,
      start_url: `/${appKey}`,
      display: 'standalone',
      name: saved.body.appName,
      theme_color: saved.body.primaryColor,
    });
    expect(got.body.icons.map((i: { src: string }) => i.src)).toContain('/icons/icon-512.png');
  });

  it('refuses a malformed icon size with 400', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await call(`/api/apps/${appKey}/manifest`, {
      method: 'PUT',
      auth: owner,
      body: { appManifest: { icons: [{ src: 'a.png', sizes: 'big', type: 'image/png' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTypeOf('string');
  });
});
