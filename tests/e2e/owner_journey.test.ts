// App owner journey (issue 14) against the built app and the real server, at desktop size and on a
// 360 px phone: the demo admin creates an app with the invoice address form, copies the new key,
// activates it (confirmation, "app key activated", the invoice PDF downloads and names the owner),
// opens the install guide, creates a workspace (its secret shown) and adds a layer with three
// properties; the demo user, not registered, is asked for the secret before drawing on that layer,
// registers and starts a draft. Screenshots of every screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SUCCESS } from '../../src/model/index.ts';
import { drawnPng } from './support/png.ts';
import { ADMIN, USER, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn } from './support/journey.ts';

const suite = e2eSuite('mapdraft-owner-shots');
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

async function context(size: typeof DESKTOP | typeof PHONE): Promise<BrowserContext> {
  const ctx = await suite.browser.newContext({ ...size, acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
  await acceptCookies(ctx, suite.server.base);
  return ctx;
}

async function open(ctx: BrowserContext, path: string): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(suite.server.base + path);
  return page;
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: join(suite.shots, `${name}.png`) });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The owner's part; answers the new app's key and its workspace secret. */
async function ownerJourney(page: Page, tag: string): Promise<{ appKey: string; secret: string; workspace: string }> {
  await page.getByTestId('overview').waitFor();
  await logIn(page, ADMIN, { opener: 'overview-login' });
  await page.getByTestId('create-app').click();
  await page.getByTestId('create-app-submit').click();
  // SPEC §5: the required invoice fields say so, inline.
  await expect.poll(() => page.getByText('This field is required.').count()).toBeGreaterThan(0);
  await shot(page, `${tag}-01-create-app-required`);
  const address = { firstName: 'Grace', lastName: 'Hopper', street: 'Main St', houseNumber: '1', postCode: '12345', city: 'Arlington' };
  for (const [field, value] of Object.entries(address)) await page.getByTestId(`field-${field}`).fill(value);
  await page.getByTestId('create-app-submit').click();
  await page.getByTestId('create-app-done').waitFor();
  await notice(page, SUCCESS.APP_CREATED);
  const appKey = await page.getByTestId('created-app-key').inputValue();
  expect(appKey).toMatch(/^[A-Za-z0-9]{32}$/);
  await page.getByTestId('created-app-key-copy').click();
  await notice(page, SUCCESS.LINK_COPIED);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(appKey);
  await shot(page, `${tag}-02-app-created`);
  await page.getByTestId('create-app-close').click();

  const card = page.locator(`[data-testid=overview-app][data-app-key="${appKey}"]`);
  await card.waitFor();
  await card.getByTestId('app-activate').click();
  await page.getByTestId('confirm-dialog').waitFor();
  await shot(page, `${tag}-03-activate-confirm`);
  await page.getByTestId('confirm-ok').click();
  await notice(page, SUCCESS.APP_KEY_ACTIVATED);
  await expect.poll(() => card.getByTestId('app-status').textContent()).toBe('Activated');
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('app-invoice').click()]);
  expect(download.suggestedFilename()).toMatch(/^invoice-MD-\d{4}-\d{6}\.pdf$/);
  const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(text).toContain('Grace Hopper');
  expect(text).toContain(appKey);
  await card.getByTestId('app-install').click();
  await card.getByTestId('install-qr').waitFor();
  expect(await card.getByTestId('install-url').inputValue()).toBe(`${suite.server.base}/${appKey}`);
  await card.scrollIntoViewIfNeeded();
  await shot(page, `${tag}-04-overview-activated-install-guide`);

  await card.getByTestId('app-settings').click();
  await page.getByTestId('app-settings-dialog').waitFor();
  // Customise: title and icon; the server makes the manifest's icons and serves the new name.
  await page.getByTestId('customise-appName').fill('Street trees of Arlington');
  await page.getByTestId('customise-save').click();
  await notice(page, 'The settings were saved');
  const png = Buffer.from(await drawnPng(page, 300, 200));
  await page.getByTestId('customise-icon').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('customise-icon-preview').waitFor();
  await shot(page, `${tag}-05-customise`);
  const manifest = await (await fetch(`${suite.server.base}/api/public/apps/${appKey}/manifest`)).json();
  expect(manifest.name).toBe('Street trees of Arlington');
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['128x128', '192x192', '256x256', '384x384', '512x512']);
  // The app's own page links that manifest, so "add to home screen" installs the customised app.
  const installed = await page.context().newPage();
  await installed.goto(`${suite.server.base}/${appKey}`);
  const href = await installed.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe(`/api/public/apps/${appKey}/manifest`);
  const linked = await (await fetch(new URL(href!, suite.server.base))).json();
  expect(linked).toMatchObject({ name: 'Street trees of Arlington', start_url: `/${appKey}` });
  const icon = await fetch(new URL(linked.icons[1].src, suite.server.base));
  expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
  await installed.close();
  // Base maps: the local layer form (XYZ).
  await page.getByTestId('settings-tab-baseLayers').click();
  await page.getByTestId('base-layer-name').fill('Topo');
  await page.getByTestId('base-layer-url').fill('https://tiles.example.org/{z}/{x}/{y}.png');
  await page.getByTestId('base-layer-add').click();
  await page.getByTestId('base-layer-row').first().waitFor();
  await shot(page, `${tag}-05b-base-maps`);
  await page.getByTestId('settings-tab-workspaces').click();
  const workspace = `ws_${tag}${Date.now() % 100000}`;
  await page.getByTestId('workspace-name').fill(workspace);
  await page.getByTestId('workspace-create').click();
  await notice(page, SUCCESS.WORKSPACE_CREATED);
  const row = page.locator(`[data-testid=workspace-row][data-workspace="${workspace}"]`);
  const secret = await row.getByTestId('workspace-secret').inputValue();
  expect(secret).toMatch(/^\S{16,}$/);
  await shot(page, `${tag}-06-workspaces`);

  await page.getByTestId('settings-tab-layers').click();
  await page.getByTestId('layer-title').fill('Street trees');
  await page.getByTestId('layer-save').click();
  await notice(page, 'The layer needs at least one property.');
  for (const [name, type] of [
    ['name', 'TEXT'],
    ['height', 'NUMBER'],
    ['planted', 'DATE'],
  ]) {
    await page.getByTestId('property-name').fill(name);
    await page.getByTestId('property-type').selectOption(type);
    await page.getByTestId('property-add').click();
  }
  // SPEC §5: a repeated name is refused as it is added.
  await page.getByTestId('property-name').fill('Height');
  await page.getByTestId('property-add').click();
  await notice(page, 'This property already exists.');
  await expect.poll(() => page.getByTestId('property-row').count()).toBe(3);
  await shot(page, `${tag}-07-add-vector-layer`);
  await page.getByTestId('layer-save').click();
  await notice(page, SUCCESS.VECTOR_LAYER_SAVED);
  await page.locator('[data-testid=layer-row][data-layer-id=street_trees]').waitFor();
  await shot(page, `${tag}-08-layers`);
  await page.getByTestId('app-settings-close').click();
  return { appKey, secret, workspace };
}

/** The user's part: told before drawing, registers with the secret, then starts a draft. */
async function userJourney(page: Page, secret: string, tag: string) {
  await page.getByTestId('map').waitFor({ timeout: 60_000 });
  await logIn(page, USER);
  await page.getByTestId('edit-new').click();
  await page.getByTestId('workspace-register-dialog').waitFor();
  // Nothing is being drawn yet: the question comes before any form.
  expect(await page.getByTestId('draft-panel').count()).toBe(0);
  await page.getByTestId('workspace-register-secret').fill('wrong-secret');
  await page.getByTestId('workspace-register-submit').click();
  await notice(page, 'You could not be registered on the workspace.');
  await shot(page, `${tag}-09-register-before-edit`);
  await page.getByTestId('workspace-register-secret').fill(secret);
  await page.getByTestId('workspace-register-submit').click();
  await page.getByTestId('workspace-register-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('edit-drawing').waitFor();
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.getByTestId('map').click({ position: { x: Math.round(box.width / 2), y: Math.round(box.height / 2) } });
  await page.getByTestId('draft-panel').waitFor();
  await shot(page, `${tag}-10-draft-started`);
}

describe('app owner journey', () => {
  for (const [tag, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${tag}: create, activate (invoice PDF), workspace and layer; a user registers with the secret and drafts`, async () => {
      const ownerCtx = await context(size);
      const owner = await open(ownerCtx, '/overview');
      const { appKey, secret } = await ownerJourney(owner, tag);
      // The owner is no administrator, yet reviews their own app (SPEC §6): admin mode shows its queue.
      await owner.goto(`${suite.server.base}/${appKey}?mode=admin`);
      await owner.getByTestId('pending-open').waitFor({ timeout: 30_000 });
      await ownerCtx.close();
      const userCtx = await context(size);
      const user = await open(userCtx, `/${appKey}`);
      await userJourney(user, secret, tag);
      // A member is not a reviewer: admin mode in the address gives them no admin tools.
      await user.goto(`${suite.server.base}/${appKey}?mode=admin`);
      await user.getByTestId('compare-open').waitFor({ timeout: 30_000 });
      expect(await user.getByTestId('pending-open').count()).toBe(0);
      await userCtx.close();
      expect(suite.pageErrors).toEqual([]);
    }, 240_000);
  }
});
