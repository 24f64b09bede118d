// The edit overlay on a real main-thread OL map (DESIGN "Editing on the main thread, small"): one
// vector layer with the draft only, the SPEC §9 template stroke width 4, Draw adding a new point
// (SPEC §4: flagged new, no gfid) and the draft's geometry shown for Modify.
import { act } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type VectorLayer from 'ol/layer/Vector.js';
import Modify from 'ol/interaction/Modify.js';
import type { Style } from 'ol/style.js';
import { EditOverlay, TEMPLATE_STYLE } from '../../src/edit/EditOverlay.tsx';
import { useDraft } from '../../src/edit/draft_store.ts';
import { draftFromFeature, emptyDraft } from '../../src/edit/draft.ts';
import { unmount } from './shell_harness.tsx';
import { defs, featureConfig, renderFeatures, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
let map: OlMap | undefined;
afterEach(async () => {
  useDraft.getState().discard();
  await unmount();
  map?.setTarget(undefined);
  map = undefined;
});

function realMap(): OlMap {
  const div = document.createElement('div');
  Object.assign(div.style, { width: '400px', height: '300px', position: 'fixed', top: '0', left: '0' });
  document.body.append(div);
  map = new OlMap({ target: div, view: new View({ center: [0, 0], zoom: 4 }) });
  map.renderSync();
  return map;
}
const layerOf = (m: OlMap) =>
  m
    .getLayers()
    .getArray()
    .filter((l) => l.get('name') === 'edit-overlay') as VectorLayer[];
const layer = { id: 'cities', workspace: 'ws_demo', geometryType: 'Point' as const, editable: true, properties: defs([{ name: 'name' }]) };

function tap(m: OlMap, x: number, y: number) {
  const el = m.getViewport()!;
  const r = el.getBoundingClientRect();
  const init = { clientX: r.left + x, clientY: r.top + y, bubbles: true, pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0 };
  el.dispatchEvent(new PointerEvent('pointerdown', init));
  el.dispatchEvent(new PointerEvent('pointerup', init));
}

describe('edit overlay', () => {
  it('adds one layer with the template style and draws a new point', async () => {
    const m = realMap();
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <EditOverlay map={m} />);
    expect(layerOf(m)).toHaveLength(1);
    expect((layerOf(m)[0].getStyle() as Style).getStroke()!.getWidth()).toBe(4);
    expect(TEMPLATE_STYLE.getStroke()!.getWidth()).toBe(4);
    await act(async () => useDraft.getState().start(emptyDraft(layer, false), 'draw'));
    await act(async () => tap(m, 200, 150));
    await expect.poll(() => useDraft.getState().draft?.geometry).toBeTruthy();
    const draft = useDraft.getState().draft!;
    expect(draft.gfid).toBeNull();
    expect(draft.geometry!.type).toBe('Point');
    const [lon, lat] = (draft.geometry as { coordinates: number[] }).coordinates;
    expect(Math.abs(lon)).toBeLessThan(0.01);
    expect(Math.abs(lat)).toBeLessThan(0.01);
    // Drawn, the shape stays adjustable while the form is open.
    expect(useDraft.getState().mode).toBe('modify');
    expect(
      m
        .getInteractions()
        .getArray()
        .some((i) => i instanceof Modify),
    ).toBe(true);
    expect(layerOf(m)[0].getSource()!.getFeatures()).toHaveLength(1);
  });

  it('shows only the feature being edited, and leaves the map when unmounted', async () => {
    const m = realMap();
    const draft = draftFromFeature(
      layer,
      { geometry: { type: 'Point', coordinates: [10, 20] }, properties: { gfid: 3, version: 1, name: 'A' } },
      false,
    );
    await act(async () => useDraft.getState().start(draft, 'modify'));
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <EditOverlay map={m} />);
    expect(layerOf(m)[0].getSource()!.getFeatures()).toHaveLength(1);
    expect(
      m
        .getInteractions()
        .getArray()
        .some((i) => i instanceof Modify),
    ).toBe(true);
    await unmount();
    expect(layerOf(m)).toHaveLength(0);
  });
});
