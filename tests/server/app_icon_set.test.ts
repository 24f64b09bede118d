// SPEC §1 "customise … icon", §7 manifest icons of 128–512 px, §5 "Logo media type must be supported":
// one uploaded logo becomes the manifest's icon set, served publicly, and the app's icon.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { USER, call, expectError, newOwnedApp } from './helpers.ts';

async function logo(width: number, height: number, mime: 'image/png' | 'image/jpeg' = 'image/png') {
  const img = sharp({ create: { width, height, channels: 4, background: { r: 42, g: 111, b: 60, alpha: 1 } } });
  return new Uint8Array(await (mime === 'image/png' ? img.png() : img.jpeg()).toBuffer());
}

describe('PUT /api/apps/{appKey}/icon', () => {
  it('makes the 128–512 px icons, the manifest and the app icon from one logo', async () => {
    const { owner, appKey } = await newOwnedApp();
    await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { appName: 'Tree register' } });
    const res = await call(`/api/apps/${appKey}/icon`, {
      method: 'PUT',
      auth: owner,
      raw: { data: await logo(300, 200, 'image/jpeg'), type: 'image/jpeg' },
    });
    expect(res.status).toBe(200);
    expect(res.body.appIcon).toBe(`/api/public/apps/${appKey}/icons/icon-192.png`);
    const manifest = await call(`/api/public/apps/${appKey}/manifest`);
    expect(manifest.body.name).toBe('Tree register');
    expect(manifest.body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['128x128', '192x192', '256x256', '384x384', '512x512']);
    for (const icon of manifest.body.icons as { src: string; sizes: string }[]) {
      const got = await call(icon.src);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      const img = await sharp(Buffer.from(got.bytes)).metadata();
      expect(`${img.width}x${img.height}`).toBe(icon.sizes);
    }
    expect((await call(`/api/apps/config?appkey=${appKey}`)).body.appIcon).toBe(res.body.appIcon);
    // A later rename shows in the manifest too.
    await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { appName: 'Trees of Arlington' } });
    expect((await call(`/api/public/apps/${appKey}/manifest`)).body).toMatchObject({
      name: 'Trees of Arlington',
      short_name: 'Trees of Arlington',
    });
  });

  it('refuses a logo of an unsupported type or that is no image (SPEC §5)', async () => {
    const { owner, appKey } = await newOwnedApp();
    const url = `/api/apps/${appKey}/icon`;
    const svg = await call(url, { method: 'PUT', auth: owner, raw: { data: '<svg/>', type: 'image/svg+xml' } });
    expectError(svg, 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED', ERRORS.LOGO_MEDIA_TYPE_NOT_SUPPORTED);
    const fake = await call(url, { method: 'PUT', auth: owner, raw: { data: 'not a png at all', type: 'image/png' } });
    expectError(fake, 400, 'LOGO_MEDIA_TYPE_NOT_SUPPORTED');
    expectError(
      await call(url, { method: 'PUT', auth: owner, raw: { data: new Uint8Array(0), type: 'image/png' } }),
      400,
      'NO_FILES_SELECTED',
    );
  });

  it('is the owner’s alone', async () => {
    const { appKey } = await newOwnedApp();
    const stranger = await newOwnedApp();
    const raw = { data: await logo(64, 64), type: 'image/png' };
    expectError(await call(`/api/apps/${appKey}/icon`, { method: 'PUT', raw }), 401, 'UNAUTHORIZED');
    expectError(await call(`/api/apps/${appKey}/icon`, { method: 'PUT', raw, auth: USER }), 403, 'FORBIDDEN');
    expectError(await call(`/api/apps/${appKey}/icon`, { method: 'PUT', raw, auth: stranger.owner }), 403, 'FORBIDDEN');
  });
});
