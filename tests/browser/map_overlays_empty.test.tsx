// Issue 17 target 4: the main map's small overlays (the user's position, a recorded track) are
// OpenLayers vector layers that stay empty on most opens. They are made with the first thing they
// show, not with the map, and hidden while empty, so no frame of the open creates a canvas for them;
// they appear, drawn, as soon as they hold something.
import { afterEach, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { fromLonLat } from 'ol/proj.js';
import { PositionLayer } from '../../src/location/position_layer.ts';
import { TrackLayer } from '../../src/track/track_layer.ts';
import { act } from 'react';
import { PositionOverlay } from '../../src/location/PositionOverlay.tsx';
import { TrackOverlay } from '../../src/track/TrackOverlay.tsx';
import { useUserLocation } from '../../src/location/location_store.ts';
import { useTrack } from '../../src/track/track_store.ts';
import { render, unmount } from './shell_harness.tsx';

let cleanup: (() => void) | undefined;
afterEach(async () => {
  await unmount();
  useUserLocation.getState().clear();
  useTrack.setState({ status: 'idle', points: [], count: 0 });
  cleanup?.();
  cleanup = undefined;
});

/** A 256 px map around (lon, lat) with nothing else on it. */
function emptyMap(lon: number, lat: number): OlMap {
  const host = document.createElement('div');
  Object.assign(host.style, { width: '256px', height: '256px' });
  document.body.append(host);
  const map = new OlMap({ target: host, controls: [], view: new View({ center: fromLonLat([lon, lat]), zoom: 15 }) });
  cleanup = () => {
    map.setTarget(undefined);
    host.remove();
  };
  return map;
}

const canvases = (map: OlMap) => map.getViewport()!.querySelectorAll('canvas');

/** The alpha of the map's canvas pixel at its centre (0 where nothing is drawn). */
function centreAlpha(map: OlMap): number {
  const [canvas] = canvases(map);
  if (!canvas) return 0;
  const ctx = canvas.getContext('2d')!;
  return ctx.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data[3]!;
}

describe("the map's overlays while they are empty", () => {
  it('makes no canvas for the position layer until a position comes, then draws the dot', () => {
    const [lon, lat] = [2.3522, 48.8566];
    const map = emptyMap(lon, lat);
    const layer = new PositionLayer(map);
    map.renderSync();
    expect(canvases(map)).toHaveLength(0);

    layer.show({ lon, lat, accuracy: 20, heading: null, altitude: null, time: Date.now() });
    map.renderSync();
    expect(canvases(map)).toHaveLength(1);
    expect(centreAlpha(map)).toBeGreaterThan(200);

    layer.show(null);
    map.renderSync();
    // Hidden again: OpenLayers takes its canvas out of the map, the dot is gone.
    expect(canvases(map)).toHaveLength(0);
    layer.dispose();
  });

  it('makes no canvas for the track layer until the track has points', () => {
    const [lon, lat] = [13.405, 52.52];
    const map = emptyMap(lon, lat);
    const track = new TrackLayer(map);
    track.show([]);
    map.renderSync();
    expect(canvases(map)).toHaveLength(0);

    const t = Date.now();
    track.show([
      { lon: lon - 0.002, lat, time: t },
      { lon: lon + 0.002, lat, time: t + 1000 },
    ]);
    map.renderSync();
    expect(canvases(map)).toHaveLength(1);
    // The line passes through the centre of the view.
    expect(centreAlpha(map)).toBeGreaterThan(0);
    track.dispose();
  });

  it('adds no layer to the map until there is a position or a track to show', async () => {
    const [lon, lat] = [-0.1276, 51.5072];
    const map = emptyMap(lon, lat);
    await render(
      <>
        <PositionOverlay map={map} />
        <TrackOverlay map={map} />
      </>,
    );
    expect(map.getLayers().getLength()).toBe(0);

    act(() => {
      useUserLocation.getState().setPosition({ lon, lat, accuracy: 10, heading: null, altitude: null, time: Date.now() });
      useUserLocation.getState().setVisible(true);
    });
    expect(map.getLayers().getLength()).toBe(1);
    act(() => useTrack.setState({ status: 'recording', points: [{ lon, lat, time: Date.now() }], count: 1 }));
    expect(map.getLayers().getLength()).toBe(2);
    map.renderSync();
    expect(centreAlpha(map)).toBeGreaterThan(200);
  });
});
