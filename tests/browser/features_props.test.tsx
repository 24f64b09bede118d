// Feature prompt pieces: a renderer per SPEC §3 property type, the edit form's SPEC §5
// messages and SPEC §6 read-only rules, and a suggestion sent from the form reaching the server.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ERRORS, PROPERTY_TYPES, SUCCESS } from '../../src/model/index.ts';
import { PropertyTable } from '../../src/ui/PropertyTable.tsx';
import { EditForm } from '../../src/edit/EditForm.tsx';
import { DraftPanel } from '../../src/edit/DraftPanel.tsx';
import { useDraft } from '../../src/edit/draft_store.ts';
import { createFeature } from '../../src/edit/actions/create_feature.ts';
import { draftFromFeature, emptyDraft } from '../../src/edit/draft.ts';
import { unmount, waitForText, byTestId, findByTestId } from './shell_harness.tsx';
import { ADMIN, USER, api, click, defs, featureConfig, renderFeatures, signIn, type, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
afterEach(async () => {
  useDraft.getState().discard();
  await unmount();
});

const ALL = defs([
  { name: 't', type: 'TEXT', label: 'Text' },
  { name: 'n', type: 'NUMBER' },
  { name: 'b', type: 'BOOLEAN' },
  { name: 'd', type: 'DATE' },
  { name: 'u', type: 'URL' },
  { name: 'i', type: 'IMAGE' },
  { name: 'p', type: 'PDF' },
  { name: 'e', type: 'EMAIL' },
  { name: 'g', type: 'GEOMETRY' },
  { name: 'o', type: 'OBJECT' },
  { name: 'c', type: 'COLOR' },
  { name: 's', type: 'OPTIONS', options: [{ value: 'a', label: 'Alpha' }, 'b'] },
  { name: 'r', type: 'EDITOR' },
  { name: 'tg', type: 'TAGS' },
]);
const VALUES = {
  t: 'Hello',
  n: 1234.5,
  b: true,
  d: '2026-03-04T05:06:00Z',
  u: 'https://example.org/x',
  i: 'data:image/png;base64,iVBORw0KGgo=',
  p: 'https://example.org/a.pdf',
  e: 'a@example.org',
  g: { type: 'Point', coordinates: [7.1, 47.2] },
  o: { k1: 'v1', k2: 2 },
  c: '#ff0000',
  s: 'a',
  r: '<p>Rich <b>text</b></p><script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">',
  tg: ['red', 'blue'],
};
const cell = (name: string) => byTestId(`value-${name}`)!;

describe('property renderers (SPEC §3, 14 types)', () => {
  it('renders each type with its own renderer', async () => {
    expect(ALL.map((d) => d.type)).toEqual([...PROPERTY_TYPES]);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <PropertyTable defs={ALL} values={VALUES} />);
    expect(cell('t').textContent).toBe('Hello');
    expect(cell('n').textContent).toBe('1,234.5');
    expect(cell('b').textContent).toBe('Yes');
    // 'L LT' in UTC, en-US short style
    expect(cell('d').textContent).toBe('3/4/26, 5:06 AM');
    expect(cell('u').querySelector('a')!.getAttribute('href')).toBe('https://example.org/x');
    expect(cell('i').querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(cell('p').querySelector('a')!.getAttribute('href')).toBe('https://example.org/a.pdf');
    expect(cell('e').querySelector('a')!.getAttribute('href')).toBe('mailto:a@example.org');
    expect(cell('g').textContent).toBe('47.20000° N, 7.10000° E');
    expect([...cell('o').querySelectorAll('dt')].map((x) => x.textContent)).toEqual(['k1', 'k2']);
    expect((cell('c').querySelector('[data-swatch]') as HTMLElement).style.background).toContain('rgb(255, 0, 0)');
    expect(cell('s').textContent).toBe('Alpha');
    expect(cell('r').textContent).toContain('Rich text');
    expect(cell('r').querySelector('b')!.textContent).toBe('text'); // formatting kept (rich_text.ts)
    expect(cell('r').querySelector('script, img, [onerror]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect([...cell('tg').querySelectorAll('[data-chip]')].map((x) => x.textContent)).toEqual(['red', 'blue']);
  });

  it('refuses javascript: links', async () => {
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <PropertyTable defs={ALL} values={{ u: 'javascript:alert(1)' }} />);
    expect(cell('u').querySelector('a')).toBeNull();
  });
});

const layer = (editable = true) => ({
  id: 'cities',
  workspace: 'ws_demo',
  geometryType: 'Point' as const,
  editable,
  properties: defs([
    { name: 'name' },
    { name: 'population', type: 'NUMBER' },
    { name: 'contact', type: 'EMAIL' },
    { name: 'code', editAdminOnly: true },
  ]),
});
const feature = {
  geometry: { type: 'Point' as const, coordinates: [1, 2] },
  properties: { gfid: 5, version: 1, name: 'A', population: 3, code: 'X' },
};

describe('edit form', () => {
  it('shows SPEC §5 messages inline and keeps editAdminOnly read-only for users', async () => {
    const draft = draftFromFeature(layer(), feature, false);
    let sent: unknown;
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <EditForm
        draft={draft}
        defs={draft.layer.properties}
        onSubmit={(d) => {
          sent = d;
        }}
        onCancel={() => undefined}
      />,
    );
    expect(byTestId<HTMLInputElement>('edit-code')!.readOnly).toBe(true);
    expect(byTestId<HTMLInputElement>('edit-name')!.readOnly).toBe(false);
    // One note for the read-only fields, not one hint per field (issue 19).
    expect(byTestId('admin-only-note')).not.toBeNull();
    expect(document.body.textContent).not.toContain('Only an administrator may change this property.');
    await type(byTestId<HTMLInputElement>('edit-population')!, 'many');
    await type(byTestId<HTMLInputElement>('edit-contact')!, 'not-an-email');
    await click(byTestId('edit-submit'));
    await waitForText(ERRORS.NUMERIC_REQUIRED);
    await waitForText(ERRORS.INVALID_EMAIL);
    expect(sent).toBeUndefined();
    await type(byTestId<HTMLInputElement>('edit-population')!, '42');
    await type(byTestId<HTMLInputElement>('edit-contact')!, 'a@example.org');
    await click(byTestId('edit-submit'));
    expect(sent).toMatchObject({ properties: { population: 42, contact: 'a@example.org', code: 'X' } });
  });

  it('lets an admin edit editAdminOnly and makes a non-editable layer read-only', async () => {
    const admin = draftFromFeature(layer(), feature, true);
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), true),
      <EditForm draft={admin} defs={admin.layer.properties} onSubmit={() => undefined} onCancel={() => undefined} />,
    );
    expect(byTestId<HTMLInputElement>('edit-code')!.readOnly).toBe(false);
    expect(byTestId('admin-only-note')).toBeNull();
    const locked = draftFromFeature(layer(false), feature, true);
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), true),
      <EditForm draft={locked} defs={locked.layer.properties} onSubmit={() => undefined} onCancel={() => undefined} />,
    );
    expect(byTestId('layer-read-only')).not.toBeNull();
    expect(byTestId<HTMLInputElement>('edit-name')!.readOnly).toBe(true);
    expect(byTestId<HTMLButtonElement>('edit-submit')!.disabled).toBe(true);
  });

  it('sends nothing when the submit confirmation is cancelled', async () => {
    await signIn(apiBase, USER);
    const name = `kept-${Date.now()}`;
    const start = emptyDraft({ ...layer(), properties: defs([{ name: 'name' }]) }, false);
    useDraft.getState().start(createFeature(start, { geometry: { type: 'Point', coordinates: [8.5, 47.3] } }), 'idle');
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <DraftPanel />);
    await type(await findByTestId<HTMLInputElement>('edit-name'), name);
    await click(byTestId('edit-submit'));
    await click(await findByTestId('confirm-cancel'));
    const list = await api<{ items: { after: { properties: Record<string, unknown> } | null }[] }>(
      apiBase,
      '/features/changes?pageSize=1000',
      USER,
    );
    expect(list.items.some((c) => c.after?.properties.name === name)).toBe(false);
    expect(useDraft.getState().draft).not.toBeNull(); // the user's work is still there
  });

  it('sends a new point as a suggestion that appears in GET /api/features/changes', async () => {
    await signIn(apiBase, USER);
    const name = `form-${Date.now()}`;
    const start = emptyDraft({ ...layer(), properties: defs([{ name: 'name' }, { name: 'population', type: 'NUMBER' }]) }, false);
    useDraft.getState().start(createFeature(start, { geometry: { type: 'Point', coordinates: [8.5, 47.3] } }), 'idle');
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <DraftPanel />);
    await type(await findByTestId<HTMLInputElement>('edit-name'), name);
    await type(byTestId<HTMLInputElement>('edit-population')!, '12');
    // The button and the confirmation say what is suggested: a new feature, by its name (issue 19).
    expect(byTestId('edit-submit')!.textContent).toBe('Suggest new feature');
    await click(byTestId('edit-submit'));
    const ok = await findByTestId('confirm-ok');
    expect(ok.textContent).toBe('Suggest feature');
    expect(byTestId('confirm-dialog')!.textContent).toContain('Suggest this new feature?');
    expect(byTestId('confirm-dialog')!.textContent).toContain(name);
    await click(ok); // SPEC §8: submit is confirmed
    await waitForText(SUCCESS.UPLOAD_SUCCESSFUL);
    const list = await api<{ items: { grpstatus: string; after: { properties: Record<string, unknown> } }[] }>(
      apiBase,
      '/features/changes?pageSize=1000',
      USER,
    );
    expect(list.items.some((c) => c.grpstatus === 'n' && c.after.properties.name === name && c.after.properties.population === 12)).toBe(
      true,
    );
    expect(useDraft.getState().draft).toBeNull();
    void ADMIN;
  });
});
