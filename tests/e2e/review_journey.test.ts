// Review journey (issue 14 "Admin review of everything"), on a 360 × 740 phone and on a desktop,
// against the built app and the real server: the demo user suggests a new feature and a photo on an
// existing feature; the demo admin opens the app with ?mode=admin, sees the pending badge, compares
// the feature (the queue makes way), sees the photo's thumbnail, accepts both from the queue; the user
// then sees "accepted" for both in My suggestions. Without mode=admin the admin tools stay hidden.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_APP_KEY, SUCCESS } from '../../src/model/index.ts';
import { drawnPng } from './support/png.ts';
import { ADMIN, USER, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn } from './support/journey.ts';

const suite = e2eSuite('mapdraft-review-shots');
type Who = { username: string; password: string };
type Viewport = { width: number; height: number; phone: boolean };
const PHONE: Viewport = { width: 360, height: 740, phone: true };
const DESKTOP: Viewport = { width: 1280, height: 800, phone: false };

async function open(vp: Viewport, query = ''): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    ...(vp.phone ? { hasTouch: true, isMobile: true } : {}),
  });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}${query}`);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0, null, {
    timeout: 120_000,
  });
  return page;
}

async function api<T>(path: string, who: Who, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${suite.server.base}/api${path}`, {
    ...init,
    headers: {
      'x-app-key': DEMO_APP_KEY,
      'content-type': 'application/json',
      authorization: `Basic ${btoa(`${who.username}:${who.password}`)}`,
    },
  });
  expect(res.status, path).toBeLessThan(300);
  return (await res.json()) as T;
}

/** An existing feature under the page's map centre, made the real way (suggested, accepted). */
async function existingFeatureAtCentre(page: Page, name: string): Promise<number> {
  const centre = ((await page.getByTestId('map').getAttribute('data-view-center')) ?? '').split(',').map(Number);
  const body = JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: centre }, properties: { name } }],
  });
  const made = await api<{ id: number }>('/features/changes?workspace=ws_demo&layer=cities', ADMIN, { method: 'POST', body });
  return (await api<{ gfid: number }>(`/features/changes/${made.id}/accept`, ADMIN, { method: 'PUT', body: '{}' })).gfid;
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
const shot = (page: Page, vp: Viewport, name: string) =>
  page.screenshot({ path: join(suite.shots, `${vp.phone ? 'phone' : 'desktop'}-${name}.png`) });

describe.each([
  ['phone 360 × 740', PHONE],
  ['desktop', DESKTOP],
])('review journey on a %s', (_, vp) => {
  it('user suggests a feature and a photo; admin reviews both in the queue and accepts; the user sees accepted', async () => {
    const stamp = `${vp.phone ? 'P' : 'D'}${Date.now() % 100000}`;
    const existing = `Harbour ${stamp}`;
    const suggested = `Lighthouse ${stamp}`;
    const photo = `Quay ${stamp}`;

    // The user: a photo on the existing feature, then a new feature beside it.
    const user = await open(vp);
    await existingFeatureAtCentre(user, existing);
    // The address takes the view in an idle moment after a move: reloaded before that, the page
    // would open at the view before and the feature would not be under the centre.
    await user.waitForFunction(() => {
      const [lon, lat] = document.querySelector('[data-testid=map]')?.getAttribute('data-view-center')?.split(',') ?? [];
      return lon !== undefined && location.hash.includes(`/${lat}/${lon}`);
    });
    await user.reload();
    await user.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0);
    await logIn(user, USER);
    const box = (await user.getByTestId('map').boundingBox())!;
    const centre = { x: Math.round(box.width / 2), y: Math.round(box.height / 2) };
    await user.getByTestId('map').click({ position: centre });
    await user.getByTestId('feature-prompt').waitFor();
    await user.getByTestId('feature-tab-images').click();
    await user.getByTestId('add-images').click();
    const png = await drawnPng(user, 800, 600);
    await user.getByTestId('attachment-file').setInputFiles({ name: 'quay.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await user.getByTestId('image-crop').waitFor();
    await user.getByTestId('attachment-description').fill(photo);
    await user.getByTestId('add-submit').click();
    await user.getByTestId('add-images-dialog').waitFor({ state: 'detached' });
    await user.locator('[data-testid=images-tab] figure img').waitFor();
    await user.reload();
    await user.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0);
    await user.getByTestId('edit-new').click();
    await user.getByTestId('edit-drawing').waitFor();
    await user.getByTestId('map').click({ position: { x: centre.x, y: centre.y + 60 } });
    await user.getByTestId('draft-panel').waitFor();
    await user.getByTestId('edit-name').fill(suggested);
    await user.getByTestId('edit-submit').click();
    await user.getByTestId('confirm-ok').click();
    await notice(user, SUCCESS.UPLOAD_SUCCESSFUL);

    const queue = await api<{ items: { source: string; id: number; kind: string; title: string }[] }>(
      `/apps/${DEMO_APP_KEY}/review?creator=user&pageSize=1000`,
      ADMIN,
    );
    const featureRef = queue.items.find((i) => i.kind === 'featureNew' && i.title === suggested)!;
    const photoRef = queue.items.find((i) => i.kind === 'image' && i.title === photo)!;
    expect(featureRef).toBeDefined();
    expect(photoRef).toBeDefined();

    // Without mode=admin the admin is a plain user on the map (SPEC §2).
    const plain = await open(vp);
    await logIn(plain, ADMIN);
    await plain.getByTestId('compare-open').waitFor();
    expect(await plain.getByTestId('pending-open').count()).toBe(0);
    await plain.context().close();

    // The admin in admin mode: the badge counts the pending items.
    const admin = await open(vp, '?mode=admin');
    await logIn(admin, ADMIN);
    const badge = admin.getByTestId('pending-badge');
    await expect.poll(async () => Number(await badge.textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await shot(admin, vp, 'badge');
    await admin.getByTestId('pending-open').click();
    const featureRow = admin.locator(`[data-testid=queue-row][data-ref="change:${featureRef.id}"]`);
    const photoRow = admin.locator(`[data-testid=queue-row][data-ref="attachment:${photoRef.id}"]`);
    await featureRow.waitFor();
    await photoRow.waitFor();
    await photoRow.locator('[data-testid=queue-thumb-img]').waitFor();
    expect(await photoRow.locator('[data-testid=queue-thumb-img]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
    // Labels are whole words, not "G." or "su…"; the decision buttons are touch-sized.
    expect(await featureRow.textContent()).toContain('New feature');
    expect(await featureRow.textContent()).toContain('suggested feature');
    expect(await photoRow.textContent()).toContain('Photo');
    const accept = (await featureRow.getByTestId('queue-accept').boundingBox())!;
    expect(accept.height).toBeGreaterThanOrEqual(44);
    expect(accept.width).toBeGreaterThanOrEqual(44);
    const title = featureRow.locator('span[title]');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(admin, vp, 'queue');

    // Compare: the queue makes way and the comparison is on screen.
    await featureRow.getByTestId('queue-compare').click();
    await admin.getByTestId('pending-changes').waitFor({ state: 'detached' });
    await admin.getByTestId('compare-table').waitFor();
    expect(await admin.getByTestId('compare-table').isVisible()).toBe(true);
    await shot(admin, vp, 'compare');
    await admin.getByTestId('comparison-prompt-close').click();

    // Back in the queue: the photo full size, then accept both.
    await admin.getByTestId('pending-open').click();
    await photoRow.getByTestId('queue-view').click();
    await admin.locator('[data-testid=queue-image-full] img').waitFor();
    await admin.waitForTimeout(500); // the dialog's fade-in, before the picture
    await shot(admin, vp, 'photo');
    await admin.getByTestId('queue-image-close').click();
    await featureRow.getByTestId('queue-accept').click();
    await admin.getByTestId('confirm-ok').click();
    await notice(admin, '1 suggestion applied.');
    await photoRow.getByTestId('queue-accept').click();
    await admin.getByTestId('confirm-ok').click();
    await photoRow.waitFor({ state: 'detached' });
    await shot(admin, vp, 'accepted');

    // The user: My suggestions shows both accepted.
    await user.reload();
    await user.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0);
    await user.getByTestId('compare-open').click();
    const verdict = (title: string) => user.locator('[data-testid=my-verdict]').filter({ hasText: title });
    await verdict(suggested).waitFor();
    expect(await verdict(suggested).getAttribute('data-status')).toBe('accepted');
    expect(await verdict(photo).getAttribute('data-status')).toBe('accepted');
    expect(await verdict(photo).getByTestId('my-verdict-status').textContent()).toBe('accepted');
    await shot(user, vp, 'my-suggestions');
    expect(suite.pageErrors).toEqual([]);
  });
});
