// Issue 19: a link put into the open tab's address moves the map there, even when the app was about to
// rewrite the address itself (a prompt just closed, a move just ended): the app's write never replaces
// the link the user put there before the map has read it. A real OL map and the real address bar of
// the test's page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { toLonLat } from 'ol/proj.js';
import { usePermalink } from '../../src/map/use_permalink.ts';
import { useSelection } from '../../src/state/selection_store.ts';
import { useMapStore } from '../../src/state/map_store.ts';
import { render, unmount } from './shell_harness.tsx';

let host: HTMLDivElement;
let map: OlMap;
const start = window.location.href;

function Permalink({ of }: { of: OlMap }) {
  usePermalink(of);
  return null;
}

const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

/** The map's view centre, lon/lat to 5 decimals as the address writes them. */
const centre = () => toLonLat(map.getView().getCenter()!).map((v) => Number(v.toFixed(5)));

beforeEach(async () => {
  window.history.replaceState(null, '', '#map=6.00/47.00000/13.00000');
  useSelection.getState().clear();
  useMapStore.setState({ featuresLoaded: 3 });
  host = document.createElement('div');
  Object.assign(host.style, { position: 'fixed', left: '0', top: '0', width: '400px', height: '300px' });
  document.body.append(host);
  map = new OlMap({ target: host, view: new View({ center: [0, 0], zoom: 2 }) });
  await render(<Permalink of={map} />);
  map.renderSync();
});

afterEach(async () => {
  await unmount();
  map.setTarget(undefined);
  host.remove();
  useSelection.getState().clear();
  window.history.replaceState(null, '', start);
});

describe('a link put into the address (issue 19)', () => {
  it('opens the linked place when it was put there as a prompt closed', async () => {
    expect(centre()).toEqual([13, 47]);
    useSelection.getState().select([{ layerId: 'cities', gfid: 5 }]);
    await vi.waitFor(() => expect(window.location.hash).toBe('#map=6.00/47.00000/13.00000&feature=cities/5'));
    // The prompt closes (the address is to lose its feature after the next frame); in that frame the
    // user's link arrives, before the browser has told the page of it.
    useSelection.getState().clear();
    requestAnimationFrame(() => {
      window.location.hash = '#map=9.00/50.80000/14.50000';
    });
    await frame();
    await vi.waitFor(() => expect(centre()).toEqual([14.5, 50.8]));
    expect(map.getView().getZoom()).toBe(9);
    // Once the map has moved, the address follows it again.
    map.renderSync();
    await vi.waitFor(() => expect(window.location.hash).toBe('#map=9.00/50.80000/14.50000'));
  });

  it('opens the linked place when it was put there as a move ended', async () => {
    const [x, y] = map.getView().getCenter()!;
    map.getView().setCenter([x + 1000, y + 1000]);
    map.renderSync(); // the move's end asks for the address to be written once the page is idle
    window.location.hash = '#map=8.00/45.00000/7.00000&feature=cities/9';
    await vi.waitFor(() => expect(centre()).toEqual([7, 45]));
    await vi.waitFor(() => expect(useSelection.getState().selected).toEqual({ layerId: 'cities', gfid: 9 }));
    await frame();
    await frame();
    expect(window.location.hash).toBe('#map=8.00/45.00000/7.00000&feature=cities/9');
  });
});

// Issue 17: the address's rewrite (replaceState, a wait on the browser) stays out of a gesture's frames.
describe("a move's address", () => {
  const press = (type: string) => document.body.dispatchEvent(new PointerEvent(type, { bubbles: true, buttons: 1 }));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const moveBy = (dx: number) => {
    const [x, y] = map.getView().getCenter()!;
    map.getView().setCenter([x + dx, y]);
    map.renderSync();
  };

  it('is written once the finger has been off the map for a moment, not while the pan goes on', async () => {
    press('pointerdown');
    moveBy(50_000); // a drag's stroke ends (moveend), the finger still on the map
    for (let i = 0; i < 10; i++) {
      await sleep(100);
      press('pointermove');
    }
    expect(window.location.hash).toBe('#map=6.00/47.00000/13.00000');
    press('pointerup');
    await vi.waitFor(() => expect(window.location.hash).toBe(`#map=6.00/47.00000/${centre()[0]!.toFixed(5)}`), { timeout: 5_000 });
    expect(centre()[0]).not.toBe(13);
  });

  it('is written at once when the page is hidden (a phone switched to another app) mid-pan', async () => {
    press('pointerdown');
    moveBy(-50_000);
    press('pointermove');
    expect(window.location.hash).toBe('#map=6.00/47.00000/13.00000');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(window.location.hash).toBe(`#map=6.00/47.00000/${centre()[0]!.toFixed(5)}`);
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
    press('pointerup');
  });
});
