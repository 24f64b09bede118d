// Issue 17: a tap on the map opens its feature at once, on OpenLayers' `click`, not 250 ms later on
// its `singleclick`; a double click zooms and leaves no prompt behind. A real OL map takes real
// (CDP) mouse clicks; the data worker's hit test is replaced by one that finds a given feature.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { listenForSelectTaps, type HitTester } from '../../src/map/use_select_on_tap.ts';
import { useSelection } from '../../src/state/selection_store.ts';
import { Panel } from '../../src/ui/Panel.tsx';
import { noteMapClick } from '../../src/map/last_map_click.ts';
import type { Hit, HitQuery } from '../../workers/data/protocol.ts';
import { byTestId, render, unmount } from './shell_harness.tsx';

const CITY: Hit = { layerId: 'cities', geometryType: 'Point', index: 6, id: 7, distance: 0 };
const OTHER = { layerId: 'cities', gfid: 3 };
/** Where a click lands: the middle of the 400 × 300 map. */
const AT = { x: 200, y: 150 };

let host: HTMLDivElement;
let map: OlMap;
let stop: () => void;
let queries: HitQuery[];

/** The map answers taps with `answer` (a promise the test may hold back). */
function listen(answer: () => Promise<Hit[]>) {
  const hitTest: HitTester = (query) => {
    queries.push(query);
    return answer();
  };
  stop = listenForSelectTaps(map, hitTest);
}

beforeEach(() => {
  queries = [];
  useSelection.getState().clear();
  host = document.createElement('div');
  Object.assign(host.style, { position: 'fixed', left: '0', top: '0', width: '400px', height: '300px' });
  document.body.append(host);
  map = new OlMap({ target: host, view: new View({ center: [0, 0], zoom: 4 }) });
  map.renderSync(); // OpenLayers hands no pointer event on before its first frame
});

afterEach(async () => {
  stop();
  map.setTarget(undefined);
  host.remove();
  useSelection.getState().clear();
  await unmount();
});

describe('a tap on the map (issue 17)', () => {
  it("opens the tapped feature before OpenLayers' singleclick would have fired", async () => {
    listen(async () => [CITY]);
    const order: string[] = [];
    map.on('singleclick', () => order.push('singleclick'));
    const unsubscribe = useSelection.subscribe((s) => s.selected && order.push(`selected ${s.selected.gfid}`));
    await userEvent.click(host);
    await vi.waitFor(() => expect(order).toContain('singleclick'));
    unsubscribe();
    expect(order).toEqual(['selected 7', 'singleclick']);
    // The hit test is asked at the tapped point, at the view's resolution.
    const [x, y] = map.getCoordinateFromPixel([AT.x, AT.y]);
    expect(queries).toHaveLength(1);
    expect(queries[0].x).toBeCloseTo(x, 0);
    expect(queries[0].y).toBeCloseTo(y, 0);
    expect(queries[0].resolution).toBe(map.getView().getResolution());
  });

  it('zooms on a double click and leaves no prompt open', async () => {
    listen(async () => [CITY]);
    const seen: (number | null)[] = [];
    const unsubscribe = useSelection.subscribe((s) => seen.push(s.selected?.gfid ?? null));
    const zoom = map.getView().getZoom()!;
    await userEvent.dblClick(host);
    await vi.waitFor(() => expect(map.getView().getZoom()).toBeCloseTo(zoom + 1, 5));
    unsubscribe();
    expect(useSelection.getState().selected).toBeNull();
    // The first click opened the feature at once; the double click closed it again.
    expect(seen).toEqual([7, null]);
    expect(queries).toHaveLength(1); // the second click of the pair asks nothing
  });

  it('opens nothing when the first click of a double click is answered after it', async () => {
    let answer!: (hits: Hit[]) => void;
    listen(() => new Promise<Hit[]>((resolve) => (answer = resolve)));
    const zoom = map.getView().getZoom()!;
    await userEvent.dblClick(host);
    await vi.waitFor(() => expect(map.getView().getZoom()).toBeCloseTo(zoom + 1, 5));
    answer([CITY]);
    await new Promise((r) => setTimeout(r, 50));
    expect(useSelection.getState().selected).toBeNull();
  });

  it('leaves the prompt that was open before a double click as it was', async () => {
    listen(async () => [CITY]);
    useSelection.getState().select([OTHER]);
    const zoom = map.getView().getZoom()!;
    await userEvent.dblClick(host);
    await vi.waitFor(() => expect(map.getView().getZoom()).toBeCloseTo(zoom + 1, 5));
    expect(useSelection.getState().selected).toEqual(OTHER);
    expect(useSelection.getState().hits).toEqual([OTHER]);
  });

  it('lets the second click of a double click through a panel that has just opened, and only then', async () => {
    // Opened otherwise (a link, a list): the panel takes the pointer at once.
    await render(
      <Panel mode="mapOverlay" title="Paris" testId="linked-panel" onClose={() => undefined}>
        <p>content</p>
      </Panel>,
    );
    expect(getComputedStyle(byTestId('linked-panel')!).pointerEvents).toBe('auto');
    await unmount();
    // Opened by a map click: the click's second half goes through to the map.
    noteMapClick();
    await render(
      <Panel mode="mapOverlay" title="Berlin" testId="tap-panel" onClose={() => undefined}>
        <p>content</p>
      </Panel>,
    );
    const panel = byTestId('tap-panel')!;
    expect(getComputedStyle(panel).pointerEvents).toBe('none');
    // OpenLayers' double-click interval is over: the panel takes the pointer again.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(getComputedStyle(panel).pointerEvents).toBe('auto');
  });
});
