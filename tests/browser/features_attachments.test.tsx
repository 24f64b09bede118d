// Add dialogs (SPEC §2) with the SPEC §5 messages inline, and the in-browser crop and resize.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { act } from 'react';
import { ERRORS, SUCCESS, UPLOAD_LIMIT_BYTES } from '../../src/model/index.ts';
import { DocumentDialog } from '../../src/attachments/DocumentDialog.tsx';
import { ImageDialog } from '../../src/attachments/ImageDialog.tsx';
import { TextAttachmentDialog } from '../../src/attachments/TextDialogs.tsx';
import { cropAndResize } from '../../src/attachments/image_resize.ts';
import { unmount, waitForText, findByTestId, byTestId } from './shell_harness.tsx';
import { AttachmentsTab } from '../../src/features/AttachmentsTab.tsx';
import { ObservationsTab } from '../../src/features/ObservationsTab.tsx';
import { replayOutbox } from '../../src/outbox/outbox.ts';
import { ADMIN, USER, api, click, featureConfig, renderFeatures, setFile, signIn, type, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
afterEach(unmount);
const pdf = (size = 100, name = 'report.pdf') => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
};
const noop = () => undefined;

describe('add dialogs (SPEC §5 messages)', () => {
  it('document: 2-character description, non-pdf file, 10MB + 1 byte', async () => {
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <DocumentDialog gfid={1} onClose={noop} />);
    const file = await findByTestId<HTMLInputElement>('attachment-file');
    await setFile(file, pdf());
    await type(byTestId<HTMLInputElement>('attachment-description')!, 'ab');
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.DOCUMENT_DESCRIPTION_LENGTH);
    await type(byTestId<HTMLInputElement>('attachment-description')!, 'Annual report');
    await setFile(file, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.PDF_TYPE_REQUIRED);
    await setFile(file, pdf(UPLOAD_LIMIT_BYTES + 1));
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.FILE_TOO_LARGE);
  });

  it('comment and link must not be empty; a comment is sent and awaits review', async () => {
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <TextAttachmentDialog kind="links" gfid={1} onClose={noop} />);
    await type(await findByTestId<HTMLInputElement>('attachment-link'), 'https://example.org');
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.LINK_REQUIRED);

    await signIn(apiBase, USER);
    const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[0].id;
    let closed = false;
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <TextAttachmentDialog
        kind="comments"
        gfid={gfid}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    await click(await findByTestId('add-submit'));
    await waitForText(ERRORS.COMMENT_EMPTY);
    const text = `comment ${Date.now()}`;
    await type(byTestId<HTMLTextAreaElement>('attachment-comment')!, text);
    await click(byTestId('add-submit'));
    await waitForText(SUCCESS.UPLOAD_SUCCESSFUL);
    expect(closed).toBe(true);
    const mine = await api<{ comment: string; status: string }[]>(apiBase, `/features/${gfid}/comments`, USER);
    expect(mine.find((c) => c.comment === text)?.status).toBe('pending');
  });

  it('image: wrong type is refused', async () => {
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <ImageDialog gfid={1} onClose={noop} />);
    await setFile(await findByTestId<HTMLInputElement>('attachment-file'), new File(['x'], 'a.bmp', { type: 'image/bmp' }));
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.IMAGE_TYPE_REQUIRED);
  });
});

describe('observation suggestion (SPEC §1)', () => {
  it('picks a species of the layer, refuses a count of 0, then is sent and awaits review', async () => {
    await signIn(apiBase, USER);
    const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[1].id;
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <ObservationsTab gfid={gfid} workspace="ws_demo" layerId="cities" />);
    await click(await findByTestId('add-observation'));
    const select = await findByTestId<HTMLSelectElement>('observation-species');
    const eel = [...select.options].find((o) => o.text.includes('Anguilla anguilla'));
    expect(eel?.text).toBe('European eel (Anguilla anguilla)');
    await act(async () => {
      select.value = eel!.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type(byTestId<HTMLInputElement>('observation-count')!, '0');
    await click(byTestId('add-submit'));
    await waitForText(ERRORS.OBSERVATION_COUNT_INVALID);
    const note = `eel ${Date.now()}`;
    await type(byTestId<HTMLInputElement>('observation-count')!, '3');
    await type(byTestId<HTMLTextAreaElement>('observation-note')!, note);
    await click(byTestId('add-submit'));
    await waitForText(SUCCESS.UPLOAD_SUCCESSFUL);
    expect(byTestId('add-observations-dialog')).toBeNull();
    // The tab lists it at once, marked pending, like the user's other suggestions.
    const mine = () => document.querySelector('[data-testid=observations-list] [data-pending=true]')?.textContent ?? '';
    await expect.poll(mine, { timeout: 10_000 }).toContain(note);
    expect(mine()).toContain('awaiting review');
    const pending = await api<{ gfid: number; name: string; count: number; note: string; status: string }[]>(
      apiBase,
      '/layers/cities/observations/changes?workspace=ws_demo',
      ADMIN,
    );
    expect(pending.find((o) => o.note === note)).toMatchObject({ gfid, name: 'Anguilla anguilla', count: 3, status: 'pending' });
  });
});

describe('observation suggestion without a server (SPEC §1, DESIGN offline first)', () => {
  it('offers the species last seen online, keeps the observation on the device, and sends it once the server answers', async () => {
    await signIn(apiBase, USER);
    const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[2].id;
    const appName = `Observations offline ${crypto.randomUUID()}`;
    const online = ui(apiBase, featureConfig(apiBase), false);
    const tab = <ObservationsTab gfid={gfid} workspace="ws_demo" layerId="cities" />;
    // One online look at the form keeps the layer's species on the device.
    await renderFeatures({ ...online, api: { ...online.api, appName } }, tab);
    await click(await findByTestId('add-observation'));
    await expect
      .poll(() => byTestId<HTMLSelectElement>('observation-species')?.options.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(1);
    await unmount();

    // No server: the species come from the device and the observation waits in the outbox.
    const offline = { ...online, api: { apiBase: 'http://127.0.0.1:9', appKey: online.api.appKey, appName } };
    await signIn(apiBase, USER); // unmount signs out: signed in again before the server goes away
    await renderFeatures(offline, tab);
    await click(await findByTestId('add-observation'));
    await expect
      .poll(() => byTestId<HTMLSelectElement>('observation-species')?.options.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(1);
    const select = byTestId<HTMLSelectElement>('observation-species')!;
    const swift = [...select.options].find((o) => o.text.includes('Apus apus'))!;
    await act(async () => {
      select.value = swift.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const note = `swifts ${Date.now()}`;
    await type(byTestId<HTMLTextAreaElement>('observation-note')!, note);
    await click(byTestId('add-submit'));
    await waitForText('Kept on this device: it will be sent when the connection is back.');
    await unmount();

    // The server answers again: the replay delivers it, pending review.
    await signIn(apiBase, USER);
    const sent = await replayOutbox({ ...online.api, appName });
    expect(sent?.sent).toHaveLength(1);
    const pending = await api<{ gfid: number; name: string; note: string; status: string }[]>(
      apiBase,
      '/layers/cities/observations/changes?workspace=ws_demo',
      ADMIN,
    );
    expect(pending.find((o) => o.note === note)).toMatchObject({ gfid, name: 'Apus apus', status: 'pending' });
  });
});

describe('crop and resize (image_resize.ts)', () => {
  it('produces a smaller image within the max dimension, cropped when asked', async () => {
    const canvas = new OffscreenCanvas(2000, 1500);
    const ctx = canvas.getContext('2d')!;
    const data = ctx.createImageData(2000, 1500);
    for (let i = 0; i < data.data.length; i++) data.data[i] = (i * 7919) % 251; // busy pixels: a big PNG
    ctx.putImageData(data, 0, 0);
    const source = await canvas.convertToBlob({ type: 'image/png' });
    const out = await cropAndResize(source, { maxDimension: 500, type: 'image/jpeg' });
    expect([out.width, out.height]).toEqual([500, 375]);
    expect(out.blob.type).toBe('image/jpeg');
    expect(out.blob.size).toBeLessThan(source.size);
    const cropped = await cropAndResize(source, {
      crop: { x: 100, y: 100, width: 300, height: 200 },
      maxDimension: 1000,
      type: 'image/png',
    });
    expect([cropped.width, cropped.height]).toEqual([300, 200]);
    const bmp = await createImageBitmap(cropped.blob);
    expect([bmp.width, bmp.height]).toEqual([300, 200]);
  });
});

describe('tag removal (SPEC §4)', () => {
  it('a user suggests removing an accepted tag; it stays until an admin accepts the removal', async () => {
    await signIn(apiBase, USER);
    const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[3].id;
    const name = `tag${Date.now() % 100000}`;
    const tag = await api<{ id: number }>(apiBase, `/features/${gfid}/tags/changes`, USER, {
      method: 'POST',
      body: JSON.stringify({ name }),
    });
    await api(apiBase, `/features/${gfid}/tags/${tag.id}/accept`, ADMIN, { method: 'PUT', body: '{}' });

    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <AttachmentsTab gfid={gfid} />);
    await click(await findByTestId(`tag-remove-${tag.id}`));
    await click(await findByTestId('confirm-ok'));
    await waitForText(SUCCESS.UPLOAD_SUCCESSFUL);

    // The tag is still there (accepted) and its removal waits in the admin's list.
    const tags = await api<{ id: number; name: string; status: string }[]>(apiBase, `/features/${gfid}/tags`, USER);
    expect(tags.find((t) => t.id === tag.id)?.status).toBe('accepted');
    const pending = await api<{ gfid: number; name: string; removal: boolean }[]>(
      apiBase,
      '/layers/cities/tags/changes?workspace=ws_demo',
      ADMIN,
    );
    expect(pending.some((p) => p.gfid === gfid && p.name === name && p.removal)).toBe(true);
  });
});
