// Suggestion journey against the built app and the real server: a user draws a new
// point and suggests it; the admin opens pending changes, compares and accepts; the point is in the
// layer as version 1 with its history; the user adds a comment and an image to it and suggests two
// edits from the same version; accepting the second is refused with the conflict message (SPEC §4,
// DESIGN "Suggestions never touch originals"). Screenshots of the prompt, comparison and pending list.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_APP_KEY, ERRORS, SUCCESS } from '../../src/model/index.ts';
import { drawnPng } from './support/png.ts';
import { ADMIN, USER, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn } from './support/journey.ts';

const VIEWPORT = { width: 1280, height: 800 };
const suite = e2eSuite('mapdraft-feature-shots');

/** `query`: `?mode=admin` for the admin (SPEC §2: admin tools show in admin mode only). */
async function open(query = ''): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: VIEWPORT });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}${query}`);
  await featuresLoaded(page);
  return page;
}

const featuresLoaded = (page: Page) =>
  page.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0, null, {
    timeout: 120_000,
  });

/** The map's centre: Null Island at the world view, where no seeded feature lies within 3 px. */
async function mapCentre(page: Page) {
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: Math.round(box.width / 2), y: Math.round(box.height / 2) };
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });

async function api<T>(path: string, who: { username: string; password: string } = ADMIN): Promise<T> {
  const res = await fetch(`${suite.server.base}/api${path}`, {
    headers: { 'x-app-key': DEMO_APP_KEY, authorization: `Basic ${btoa(`${who.username}:${who.password}`)}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function acceptInPendingList(admin: Page, id: number) {
  const row = admin.locator(`[data-testid=queue-row][data-ref="change:${id}"]`);
  await row.waitFor();
  await row.getByTestId('queue-accept').click();
  await admin.getByTestId('confirm-ok').click();
}

describe('suggestion journey', () => {
  it('suggest → compare → accept → version 1 and history; attachments; a stale edit conflicts', async () => {
    const name = `Journey ${Date.now()}`;
    const user = await open();
    await logIn(user, USER);
    const centre = await mapCentre(user);
    await user.getByTestId('edit-new').click();
    await user.getByTestId('edit-drawing').waitFor();
    await user.getByTestId('map').click({ position: centre });
    await user.getByTestId('draft-panel').waitFor();
    await user.getByTestId('edit-name').fill(name);
    await user.getByTestId('edit-population').fill('12');
    await user.getByTestId('edit-submit').click();
    await user.getByTestId('confirm-ok').click(); // SPEC §8: submit is confirmed
    await notice(user, SUCCESS.UPLOAD_SUCCESSFUL);

    const admin = await open('?mode=admin');
    await logIn(admin, ADMIN);
    await admin.getByTestId('pending-open').click();
    const pending = await api<{ items: { id: number; grpstatus: string; after: { properties: { name: string } } }[] }>(
      '/features/changes?admin=true&pageSize=1000',
    );
    const mine = pending.items.find((c) => c.after?.properties.name === name)!;
    expect(mine.grpstatus).toBe('n');
    const row = admin.locator(`[data-testid=queue-row][data-ref="change:${mine.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('suggested feature');
    await admin.screenshot({ path: join(suite.shots, 'pending-list.png') });
    // Compare makes way for the comparison: the queue closes.
    await row.getByTestId('queue-compare').click();
    await admin.getByTestId('pending-changes').waitFor({ state: 'detached' });
    await admin.getByTestId('compare-table').waitFor();
    expect(await admin.getByTestId('compare-group-new').textContent()).toContain(name);
    expect(await admin.locator('[data-testid=compare-table] [data-property=name]').getAttribute('data-changed')).toBe('true');
    await admin.locator(`[data-testid=compare-entry][data-change-id="${mine.id}"]`).click();
    await admin.screenshot({ path: join(suite.shots, 'comparison.png') });
    await admin.getByTestId('compare-accept').click();
    await admin.getByTestId('confirm-ok').click();
    await notice(admin, 'The suggestion was accepted.');

    // The accepted point: in the original layer as version 1, with its history, in the prompt.
    await admin.getByTestId('feature-prompt').waitFor();
    await admin.getByTestId('comparison-prompt-close').click();
    expect(await admin.getByTestId('value-name').textContent()).toBe(name);
    await admin.screenshot({ path: join(suite.shots, 'feature-prompt.png') });
    const layer = await api<{ features: { id: number; properties: { name: string; version: number } }[] }>(
      '/features?workspace=ws_demo&layer=cities',
    );
    const point = layer.features.find((f) => f.properties.name === name)!;
    expect(point.properties.version).toBe(1);
    await admin.getByTestId('feature-tab-history').click();
    await admin.locator('[data-testid=history-list] li[data-version="1"]').waitFor();

    // The user taps the new point (same view after a reload: the layers' extent is unchanged).
    await user.reload();
    await featuresLoaded(user);
    await user.getByTestId('map').click({ position: centre });
    await user.getByTestId('feature-prompt').waitFor();
    await user.getByTestId('feature-tab-attachments').click();
    await user.getByTestId('add-comments').click();
    await user.getByTestId('attachment-comment').fill('Seen from the boat');
    await user.getByTestId('add-submit').click();
    await user.getByTestId('add-comments-dialog').waitFor({ state: 'detached' });
    await user.locator('[data-testid=attachments-comments] li[data-status=pending]').waitFor();
    await user.screenshot({ path: join(suite.shots, 'feature-prompt-attachments.png') });
    await user.getByTestId('feature-tab-images').click();
    await user.getByTestId('add-images').click();
    const png = await drawnPng(user, 1200, 900);
    await user.getByTestId('attachment-file').setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await user.getByTestId('image-crop').waitFor();
    await user.getByTestId('attachment-description').fill('The harbour');
    await user.getByTestId('add-submit').click();
    await user.getByTestId('add-images-dialog').waitFor({ state: 'detached' });
    await user.locator('[data-testid=images-tab] figure img').waitFor();
    const comments = await api<{ comment: string; status: string }[]>(`/features/${point.id}/comments`, USER);
    expect(comments.map((c) => [c.comment, c.status])).toEqual([['Seen from the boat', 'pending']]);
    const images = await api<{ imagesWithDescription: { name: string; size: number }[] }>(`/features/${point.id}/images`, USER);
    expect(images.imagesWithDescription).toHaveLength(1);

    // Two edits from version 1; the second accepted after the first is a conflict.
    for (const rename of [`${name} A`, `${name} B`]) {
      await user.getByTestId('feature-edit').click();
      await user.getByTestId('edit-name').fill(rename);
      await user.getByTestId('edit-submit').click();
      await user.getByTestId('confirm-ok').click();
      await notice(user, SUCCESS.UPLOAD_SUCCESSFUL);
      await user.getByTestId('draft-panel').waitFor({ state: 'detached' });
    }
    const edits = (
      await api<{ items: { id: number; gfid: number; baseVersion: number }[] }>('/features/changes?admin=true&pageSize=1000')
    ).items.filter((c) => c.gfid === point.id);
    expect(edits.map((e) => e.baseVersion)).toEqual([1, 1]);
    await admin.getByTestId('pending-open').click();
    await acceptInPendingList(admin, edits[0].id);
    await notice(admin, '1 suggestion applied.');
    await acceptInPendingList(admin, edits[1].id);
    await admin.getByTestId('queue-conflict').filter({ hasText: ERRORS.CHANGE_CONFLICT }).waitFor();
    await admin.waitForTimeout(800); // let the toast finish sliding in before the picture
    await admin.screenshot({ path: join(suite.shots, 'conflict.png') });
    expect((await api<{ properties: { version: number; name: string } }>(`/features/${point.id}`)).properties).toMatchObject({
      version: 2,
      name: `${name} A`,
    });
    expect(suite.pageErrors).toEqual([]);
  });
});
