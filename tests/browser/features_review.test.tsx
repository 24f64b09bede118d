// Review: the comparison prompt's groups and highlights (deleted for admins only), the
// windowed list with 10,000 rows, and accept with a confirmation, a 409 conflict shown in red.
import { act } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { fromLonLat } from 'ol/proj.js';
import type VectorLayer from 'ol/layer/Vector.js';
import type { Style } from 'ol/style.js';
import { DEMO_APP_KEY, ERRORS } from '../../src/model/index.ts';
import { getDataWorker } from '../../src/map/data_worker_client.ts';
import { useMapInstance } from '../../src/map/map_instance.ts';
import { ComparisonView } from '../../src/review/ComparisonView.tsx';
import { ComparisonPrompt } from '../../src/review/ComparisonPrompt.tsx';
import { PendingChanges } from '../../src/review/PendingChanges.tsx';
import { VirtualList } from '../../src/review/VirtualList.tsx';
import { seriousViolations } from './axe.ts';
import { useReview } from '../../src/review/review_store.ts';
import type { ChangeEntry, GroupedChanges } from '../../workers/data/protocol.ts';
import { unmount, waitForText, byTestId, findByTestId, outsideAct } from './shell_harness.tsx';
import { ADMIN, USER, api, click, defs, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
afterEach(async () => {
  useReview.setState({ pendingOpen: false, compare: null, filter: {}, selected: new Map(), allMatching: false, reason: '' });
  await unmount();
});

type Fc = { features: { id: number; geometry: { coordinates: number[] }; properties: Record<string, unknown> }[] };
let cities: Fc['features'] | undefined;
async function city(i: number) {
  cities ??= (await api<Fc>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features;
  return cities[i];
}
const payload = (geometry: unknown, properties: Record<string, unknown>) => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry, properties }],
});
function suggest(method: string, body: unknown, who = USER) {
  return api<ChangeEntry>(apiBase, '/features/changes?workspace=ws_demo&layer=cities', who, { method, body: JSON.stringify(body) });
}

async function threeKinds() {
  const c = await city(3);
  const m = await suggest('PUT', payload(c.geometry, { gfid: c.id, name: `Renamed ${Date.now()}` }));
  const n = await suggest('POST', payload({ type: 'Point', coordinates: [9, 45] }, { name: `New ${Date.now()}` }));
  const d = await suggest('DELETE', payload((await city(4)).geometry, { gfid: (await city(4)).id }));
  return { m, n, d, changes: [m, n, d] };
}

describe('feature comparison (SPEC §2)', () => {
  it('groups new / modified / deleted, highlights changed properties, hides deleted for users', async () => {
    const { m, n, changes } = await threeKinds();
    const grouped: GroupedChanges = await getDataWorker().groupChanges({ changes, admin: true });
    const props = defs([{ name: 'name' }, { name: 'population', type: 'NUMBER' }]);
    const view = (g: GroupedChanges, admin: boolean, id: number) => (
      <ComparisonView
        grouped={g}
        admin={admin}
        selected={g.entries.find((e) => e.id === id)}
        onSelect={() => undefined}
        defs={props}
        timeZone="UTC"
      />
    );
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), view(grouped, true, m.id));
    for (const g of ['new', 'modified', 'deleted'])
      expect(byTestId(`compare-group-${g}`)!.querySelectorAll('[data-testid="compare-entry"]')).toHaveLength(1);
    const text = byTestId('compare-group-new')!.textContent!;
    // Each entry is named by the feature's (proposed) name, not "suggested feature" / a GFID (issue 19).
    expect(text).toContain(String(n.after!.properties.name));
    expect(text).toContain('user@');
    expect(byTestId('compare-group-modified')!.textContent).toContain(String(m.after!.properties.name));
    const row = (p: string) => byTestId('compare-table')!.querySelector(`[data-property="${p}"]`)!;
    expect(row('name').getAttribute('data-changed')).toBe('true');
    expect(row('population').getAttribute('data-changed')).toBeNull();
    expect(row('geometry').getAttribute('data-changed')).toBeNull();

    const forUser = await getDataWorker().groupChanges({ changes, admin: false });
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), view(forUser, false, m.id));
    expect(byTestId('compare-group-deleted')).toBeNull();
    expect(document.querySelectorAll('[data-testid="compare-entry"]')).toHaveLength(2);
  });

  it('draws the original dashed and the suggestion solid on a real OL map', async () => {
    await signIn(apiBase, USER);
    const c = await city(5);
    const [x, y] = c.geometry.coordinates;
    const m = await suggest('PUT', payload({ type: 'Point', coordinates: [x + 0.5, y] }, { gfid: c.id }));
    const div = document.createElement('div');
    Object.assign(div.style, { width: '400px', height: '300px' });
    document.body.append(div);
    const map = new OlMap({ target: div, view: new View({ center: [0, 0], zoom: 2 }) });
    useMapInstance.setState({ map });
    useReview.setState({ compare: { admin: false, page: 1, id: m.id } });
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <ComparisonPrompt />);
    await findByTestId('compare-table');
    const layer = map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === 'comparison-overlay') as VectorLayer;
    await expect.poll(() => layer.getSource()!.getFeatures().length).toBe(2);
    const byRole = (r: string) =>
      layer
        .getSource()!
        .getFeatures()
        .find((f) => f.get('role') === r)!
        .getStyle() as Style;
    expect(byRole('original').getStroke()!.getLineDash()).toEqual([8, 6]);
    expect(byRole('suggestion').getStroke()!.getLineDash()).toBeNull();
    expect(byTestId('compare-table')!.querySelector('[data-property="geometry"]')!.getAttribute('data-changed')).toBe('true');
    useMapInstance.setState({ map: undefined });
    map.setTarget(undefined);
    div.remove();
  });
});

describe('pending changes (admins)', () => {
  it('the windowed list renders only visible rows of 10,000', async () => {
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), true),
      <VirtualList count={10_000} rowHeight={40} height={400} overscan={2} renderRow={(i) => <span>row {i}</span>} />,
    );
    const list = byTestId('virtual-list')!;
    expect(list.querySelectorAll('[role="listitem"]').length).toBeLessThanOrEqual(14);
    // A list's items say their place in all 10,000; nothing a list does not allow (axe aria-allowed-attr).
    expect(list.querySelector('[role="listitem"]')!.getAttribute('aria-setsize')).toBe('10000');
    expect(await seriousViolations(list)).toEqual([]);
    await act(async () => {
      list.scrollTop = 5000 * 40;
      list.dispatchEvent(new Event('scroll'));
    });
    await expect.poll(() => list.querySelector('[data-index="5000"]')?.getAttribute('aria-posinset')).toBe('5001');
    const shown = [...list.querySelectorAll('[role="listitem"]')].map((r) => Number(r.getAttribute('data-index')));
    expect(shown.length).toBeLessThanOrEqual(14);
    expect(list.firstElementChild!.getBoundingClientRect().height).toBe(400_000);
  });

  it('reaches the last of 10,000 rows by keyboard, and back to the first', async () => {
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), true),
      <VirtualList count={10_000} rowHeight={40} height={400} renderRow={(i) => <span>row {i}</span>} />,
    );
    const list = byTestId('virtual-list')!;
    // Rows come in a transition after the list itself (issue 14): they still come.
    await expect.poll(() => list.querySelector('[data-index="0"]')?.textContent).toBe('row 0');
    // The keys go to whichever test frame has the focus: another test file running beside this one
    // may take it, so the list is focused again before each press (End and Home may repeat).
    const press = async (key: string, index: number) => {
      list.focus();
      await userEvent.keyboard(key);
      return list.querySelector(`[data-index="${index}"]`)?.textContent;
    };
    await expect.poll(() => press('{End}', 9999), { timeout: 20_000 }).toBe('row 9999');
    expect(list.querySelector('[data-index="9999"]')!.getAttribute('aria-posinset')).toBe('10000');
    expect(list.querySelector('[data-index="0"]')).toBeNull();
    await expect.poll(() => press('{Home}', 0), { timeout: 20_000 }).toBe('row 0');
  });

  it('accepts from the queue with a confirmation, and lists the 409 conflict', async () => {
    const c = await city(6);
    const first = await suggest('PUT', payload(c.geometry, { gfid: c.id, name: `First ${Date.now()}` }));
    const stale = await suggest('PUT', payload(c.geometry, { gfid: c.id, name: `Stale ${Date.now()}` }));
    const [x, y] = c.geometry.coordinates;
    useReview.setState({ pendingOpen: true, filter: { kinds: ['featureModified'], bbox: [x - 0.001, y - 0.001, x + 0.001, y + 0.001] } });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    const rowOf = async (id: number) => {
      await expect.poll(() => document.querySelector(`[data-ref="change:${id}"]`), { timeout: 10_000 }).not.toBeNull();
      return document.querySelector(`[data-ref="change:${id}"]`)!;
    };
    expect((await rowOf(first.id)).textContent).toContain('Modified feature');
    expect((await rowOf(first.id)).textContent).toContain(`GFID ${c.id}`);
    await click((await rowOf(first.id)).querySelector('[data-testid="queue-accept"]'));
    await click(await findByTestId('confirm-ok'));
    await waitForText('1 suggestion applied.');
    expect((await api<{ properties: { version: number } }>(apiBase, `/features/${c.id}`, USER)).properties.version).toBe(2);

    await click((await rowOf(stale.id)).querySelector('[data-testid="queue-accept"]'));
    await click(await findByTestId('confirm-ok'));
    await expect.poll(() => byTestId('queue-conflict')?.textContent ?? '', { timeout: 10_000 }).toContain(ERRORS.CHANGE_CONFLICT);
  });

  it('declines every suggestion in a rectangle with one confirmation and a reason', async () => {
    const lon = 20 + (Date.now() % 1000) / 100;
    for (const i of [0, 1, 2]) await suggest('POST', payload({ type: 'Point', coordinates: [lon + i * 0.01, -40] }, { name: `Bulk ${i}` }));
    useReview.setState({ pendingOpen: true, filter: { bbox: [lon - 0.001, -40.001, lon + 0.021, -39.999] } });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    await expect.poll(() => document.querySelectorAll('[data-testid="queue-row"]').length, { timeout: 10_000 }).toBe(3);
    await click(await findByTestId('queue-select-all'));
    const reason = (await findByTestId('queue-reason')) as HTMLInputElement;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(reason, 'Duplicates');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(byTestId('queue-decline-selected')!.textContent).toBe('Decline 3');
    // As a keyboard user presses it: the focus is on the button.
    const declineSelected = byTestId('queue-decline-selected')!;
    declineSelected.focus();
    await click(declineSelected);
    expect((await findByTestId('confirm-dialog')).textContent).toContain('the 3 selected suggestions');
    await click(await findByTestId('confirm-ok'));
    await waitForText('3 suggestions applied.');
    await waitForText('No pending suggestions.');
    // Nothing is selected any more: the button is disabled and keeps the focus the confirmation gave back.
    expect(declineSelected.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => document.activeElement).toBe(declineSelected);
    const mine = await api<{ items: { title: string; status: string; reason: string }[] }>(
      apiBase,
      `/apps/${DEMO_APP_KEY}/suggestions/mine?pageSize=1000`,
      USER,
    );
    expect(mine.items.filter((i) => i.title?.startsWith('Bulk ') && i.reason === 'Duplicates').map((i) => i.status)).toEqual([
      'declined',
      'declined',
      'declined',
    ]);
  });

  it('takes "all matching" only once the chosen filter\'s list is shown', async () => {
    await threeKinds();
    useReview.setState({ pendingOpen: true });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    await findByTestId('queue-bulk');
    if (byTestId('queue-filters-toggle')) await click(byTestId('queue-filters-toggle'));
    const selectAll = () => byTestId('queue-select-all') as HTMLInputElement;
    await expect.poll(() => selectAll().disabled, { timeout: 10_000 }).toBe(false);
    const kind = (await findByTestId('queue-filter-kind')) as HTMLSelectElement;
    // As the admin picks a kind, outside act: the choice renders at once, the list in a transition
    // after it. In between, the old list's total is not the one "all matching" takes.
    await outsideAct(async () => {
      kind.value = 'featureDeleted';
      kind.dispatchEvent(new Event('change', { bubbles: true }));
      await Promise.resolve();
      expect(kind.value).toBe('featureDeleted');
      expect(byTestId('pending-changes')!.getAttribute('aria-busy')).toBe('true');
      expect(selectAll().disabled).toBe(true);
      await expect.poll(() => byTestId('pending-changes')!.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    });
    await click(selectAll());
    const count = /All (\d+) matching/.exec(byTestId('queue-bulk')!.textContent ?? '')?.[1];
    expect(Number(count)).toBeGreaterThan(0);
    expect(byTestId('queue-accept-selected')!.textContent).toBe(`Accept ${count}`);
    const kinds = [...document.querySelectorAll('[data-testid="queue-row"]')].map((r) => r.textContent);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((text) => text?.includes('Deleted feature'))).toBe(true);
  });

  it('declines only the rows ticked one by one (by pointer and by keyboard), leaving the others pending', async () => {
    const lon = -60 + (Date.now() % 1000) / 100;
    const made: ChangeEntry[] = [];
    for (const i of [0, 1, 2])
      made.push(await suggest('POST', payload({ type: 'Point', coordinates: [lon + i * 0.01, 10] }, { name: `Tick ${i}` })));
    useReview.setState({ pendingOpen: true, filter: { bbox: [lon - 0.001, 9.999, lon + 0.021, 10.001] } });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    await expect.poll(() => document.querySelectorAll('[data-testid="queue-row"]').length, { timeout: 10_000 }).toBe(3);
    const row = (id: number) => document.querySelector(`[data-ref="change:${id}"]`)!;
    const tick = (id: number) => row(id).querySelector<HTMLInputElement>('[data-testid="queue-select"]')!;
    // Each tick is named after its suggestion for a screen reader.
    expect(tick(made[0].id).getAttribute('aria-label')).toContain('Tick 0');
    await click(tick(made[0].id));
    tick(made[2].id).focus();
    await userEvent.keyboard(' ');
    await expect.poll(() => byTestId('queue-decline-selected')?.textContent).toBe('Decline 2');
    expect([tick(made[0].id).checked, tick(made[1].id).checked, tick(made[2].id).checked]).toEqual([true, false, true]);
    await click(byTestId('queue-decline-selected'));
    expect((await findByTestId('confirm-dialog')).textContent).toContain('the 2 selected suggestions');
    await click(await findByTestId('confirm-ok'));
    await waitForText('2 suggestions applied.');
    await expect
      .poll(() => [...document.querySelectorAll('[data-testid="queue-row"]')].map((r) => r.getAttribute('data-ref')))
      .toEqual([`change:${made[1].id}`]);
    // The one left is declined from its own row (declined: the layer the other tests count keeps its features).
    await click(row(made[1].id).querySelector('[data-testid="queue-decline"]'));
    await click(await findByTestId('confirm-ok'));
    await waitForText('No pending suggestions.');
  });

  it('shows a suggested photo as a thumbnail in the queue, and full size on a tap', async () => {
    const c = await city(7);
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
      (ch) => ch.charCodeAt(0),
    );
    await api(apiBase, `/features/${c.id}/images/changes?filename=gate${Date.now()}.png&description=Gate`, USER, {
      method: 'POST',
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    const [x, y] = c.geometry.coordinates;
    useReview.setState({ pendingOpen: true, filter: { kinds: ['image'], bbox: [x - 0.001, y - 0.001, x + 0.001, y + 0.001] } });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    const img = async (id: string) => {
      await expect
        .poll(
          () =>
            (document.querySelector(`[data-testid="${id}"] img, img[data-testid="${id}"]`) as HTMLImageElement | null)?.naturalWidth ?? 0,
          { timeout: 10_000 },
        )
        .toBe(1);
    };
    await img('queue-thumb-img');
    expect(byTestId('queue-row')!.textContent).toContain('Photo');
    await click(byTestId('queue-view'));
    await img('queue-image-full');
  });

  it('filters the queue by a rectangle drawn on the map', async () => {
    const tag = `Rect ${Date.now()}`;
    for (const [lon, name] of [
      [-140, `${tag} in`],
      [-140.3, `${tag} in too`],
      [-120, `${tag} out`],
    ] as const) {
      await suggest('POST', payload({ type: 'Point', coordinates: [lon, 30] }, { name }));
    }
    const div = document.createElement('div');
    Object.assign(div.style, { width: '400px', height: '300px' });
    document.body.append(div);
    const map = new OlMap({ target: div, view: new View({ center: fromLonLat([-140, 30]), zoom: 6 }) });
    map.renderSync();
    useMapInstance.setState({ map });
    useReview.setState({ pendingOpen: true });
    await signIn(apiBase, ADMIN);
    await renderFeatures(ui(apiBase, featureConfig(apiBase), true), <PendingChanges />);
    // The drawer's body follows its frame (PendingChanges.tsx); a narrow test page folds the filters
    // away, as a phone does.
    await findByTestId('queue-bulk');
    if (byTestId('queue-filters-toggle')) await click(byTestId('queue-filters-toggle'));
    await click(await findByTestId('queue-rect-draw'));
    await expect.poll(() => byTestId('pending-changes')).toBeNull();
    // One drag across the middle of the map, as a mouse draws it.
    const viewport = map.getViewport() as HTMLElement;
    const box = viewport.getBoundingClientRect();
    const at = (type: string, x: number, y: number, buttons: number) =>
      new PointerEvent(type, {
        clientX: box.left + x,
        clientY: box.top + y,
        button: 0,
        buttons,
        pointerId: 1,
        pointerType: 'mouse',
        isPrimary: true,
        bubbles: true,
      });
    await act(async () => {
      viewport.dispatchEvent(at('pointerdown', 100, 75, 1));
      document.dispatchEvent(at('pointermove', 200, 150, 1));
      document.dispatchEvent(at('pointermove', 300, 225, 1));
      document.dispatchEvent(at('pointerup', 300, 225, 0));
    });
    await expect.poll(() => useReview.getState().filter.bbox?.length ?? 0).toBe(4);
    const titles = async () => {
      await expect.poll(() => document.querySelectorAll('[data-testid="queue-row"]').length, { timeout: 10_000 }).toBeGreaterThan(0);
      return [...document.querySelectorAll('[data-testid="queue-row"] span[title]')].map((e) => e.textContent);
    };
    await expect.poll(titles, { timeout: 10_000 }).toEqual([`${tag} in`, `${tag} in too`]);
    expect(byTestId('queue-rect-clear')).not.toBeNull();
    useMapInstance.setState({ map: undefined });
    map.setTarget(undefined);
    div.remove();
  });
});
