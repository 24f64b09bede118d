// The render worker in Chromium (SwiftShader WebGL): tiny inline batches, one behaviour per test,
// asserted on the pixels the renderer drew (snapshot), not on OL internals.
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, prespawnRenderWorker, type MapRendererHandle } from '../../src/map/render_worker_client.ts';
import type { CreateRendererOptions } from '../../src/map/render_worker_client.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import type { RenderLayerConfig, Snapshot } from '../../workers/render/protocol.ts';
import { CATEGORY_ICON_STYLES, CATEGORY_ICONS, NO_CATEGORY } from '../../src/model/index.ts';
import { WORLD_WIDTH } from '../../workers/batch/mercator.ts';

const SIZE: [number, number] = [200, 200];
/** zoom ≈ 7.3: 1° of longitude ≈ 111 px. */
const RES = 1000;
const DEG_PX = 111319.49 / RES;
const MAGENTA = [255, 0, 255];
const GREEN = [0, 192, 0];
const BLUE = [0, 0, 255];

const open: { r: MapRendererHandle; canvas: HTMLCanvasElement }[] = [];
afterEach(async () => {
  for (const { r, canvas } of open.splice(0)) {
    await r.dispose();
    r.canvas.remove();
    canvas.remove();
  }
});

async function renderer(options: CreateRendererOptions = {}): Promise<MapRendererHandle> {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `width:${SIZE[0]}px;height:${SIZE[1]}px`;
  document.body.append(canvas);
  const r = await createRenderer(canvas, { pixelRatio: 1, size: SIZE, ...options });
  open.push({ r, canvas });
  await r.setView({ center: [0, 0], resolution: RES });
  return r;
}

function points(layerId: string, ids: number[], lonlat: number[], labels?: string[]): FeatureBatch {
  const n = ids.length;
  return {
    layerId,
    geometryType: 'Point',
    count: n,
    ids: Float64Array.from(ids),
    coords: Float64Array.from(lonlat),
    partEnds: Uint32Array.from({ length: n }, (_, i) => i + 1),
    featureEnds: Uint32Array.from({ length: n }, (_, i) => i + 1),
    labels,
  };
}

function line(layerId: string, lonlat: number[]): FeatureBatch {
  return {
    layerId,
    geometryType: 'LineString',
    count: 1,
    ids: Float64Array.of(1),
    coords: Float64Array.from(lonlat),
    partEnds: Uint32Array.of(lonlat.length / 2),
    featureEnds: Uint32Array.of(1),
  };
}

function square(layerId: string, half: number): FeatureBatch {
  const ring = [-half, -half, half, -half, half, half, -half, half, -half, -half];
  return {
    layerId,
    geometryType: 'Polygon',
    count: 1,
    ids: Float64Array.of(1),
    coords: Float64Array.from(ring),
    partEnds: Uint32Array.of(5),
    featureEnds: Uint32Array.of(1),
    polygonEnds: Uint32Array.of(1),
  };
}

function layer(
  id: string,
  geometryType: RenderLayerConfig['geometryType'],
  color: string,
  extra: Partial<RenderLayerConfig> = {},
): RenderLayerConfig {
  return { id, geometryType, strokeColor: color, fillColor: color, strokeWidth: 4, ...extra };
}

/** Map lon/lat (small, near 0,0) to the CSS pixel of the 200×200 view centred on 0,0. */
function px(lon: number, lat: number): [number, number] {
  return [SIZE[0] / 2 + lon * DEG_PX, SIZE[1] / 2 - lat * DEG_PX];
}

/** Some pixel within `radius` of (x, y) is opaque enough and close to `rgb`. */
function colourNear(s: Snapshot, [x, y]: [number, number], rgb: number[], radius = 3, tol = 60): boolean {
  for (let yy = Math.round(y) - radius; yy <= Math.round(y) + radius; yy++) {
    for (let xx = Math.round(x) - radius; xx <= Math.round(x) + radius; xx++) {
      if (xx < 0 || yy < 0 || xx >= s.width || yy >= s.height) continue;
      const i = (yy * s.width + xx) * 4;
      const p = s.pixels;
      if (p[i + 3] > 40 && Math.abs(p[i] - rgb[0]) < tol && Math.abs(p[i + 1] - rgb[1]) < tol && Math.abs(p[i + 2] - rgb[2]) < tol) {
        return true;
      }
    }
  }
  return false;
}

function blank(s: Snapshot, [x, y]: [number, number], radius = 3): boolean {
  for (let yy = y - radius; yy <= y + radius; yy++) {
    for (let xx = x - radius; xx <= x + radius; xx++) if (s.pixels[(yy * s.width + xx) * 4 + 3] !== 0) return false;
  }
  return true;
}

const CORNER: [number, number] = [8, 8];

describe('render worker: one geometry per layer', () => {
  it('draws a point at its place and nowhere else', async () => {
    const r = await renderer();
    expect(r.thread).toBe('worker');
    expect(r.backend).toBe('webgl');
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    await r.setBatch(points('pts', [1], [0.3, -0.2]));
    const s = await r.snapshot();
    expect([s.width, s.height]).toEqual(SIZE);
    expect(colourNear(s, px(0.3, -0.2), MAGENTA)).toBe(true);
    expect(colourNear(s, px(-0.3, 0.2), MAGENTA, 6)).toBe(false);
    expect(blank(s, CORNER)).toBe(true);
    const stats = await r.stats();
    expect(stats.backend).toBe('webgl'); // no silent hand-over to the fallback
    expect(stats.featuresPerLayer).toEqual({ pts: 1 });
    expect(stats.frames).toBeGreaterThan(0);
    expect(stats.bufferBytes).toBeGreaterThan(0);
  });

  it('draws a line along its vertices', async () => {
    const r = await renderer();
    await r.setLayers([layer('roads', 'LineString', '#0000ff')]);
    await r.setBatch(line('roads', [-0.5, 0.3, 0.5, 0.3]));
    const s = await r.snapshot();
    expect(colourNear(s, px(-0.3, 0.3), BLUE)).toBe(true);
    expect(colourNear(s, px(0.3, 0.3), BLUE)).toBe(true);
    expect(colourNear(s, px(0, -0.3), BLUE, 6)).toBe(false);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('fills a polygon inside its ring', async () => {
    const r = await renderer();
    await r.setLayers([layer('parcels', 'Polygon', '#00c000')]);
    await r.setBatch(square('parcels', 0.4));
    const s = await r.snapshot();
    expect(colourNear(s, px(0.1, 0.1), GREEN, 1)).toBe(true);
    expect(colourNear(s, px(0.7, 0.7), GREEN, 3)).toBe(false);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('draws thousands of stacked points as the same picture: every spot shows, nothing else (point LOD)', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    // 3,000 points in three stacks (a few metres across: one device pixel at this zoom) and 3 lone points.
    const spots = [
      [-0.3, 0.3],
      [0.3, 0.3],
      [0, -0.3],
    ];
    const lone = [
      [-0.45, -0.45],
      [0.45, -0.45],
      [0.45, 0],
    ];
    const lonlat: number[] = [];
    for (let i = 0; i < 3000; i++) lonlat.push(spots[i % 3][0] + (i % 7) * 1e-6, spots[i % 3][1] + (i % 5) * 1e-6);
    for (const p of lone) lonlat.push(p[0], p[1]);
    await r.setBatch(
      points(
        'pts',
        Array.from({ length: 3003 }, (_, i) => i + 1),
        lonlat,
      ),
    );
    const s = await r.snapshot();
    for (const [lon, lat] of [...spots, ...lone]) expect(colourNear(s, px(lon, lat), MAGENTA, 1), `${lon},${lat}`).toBe(true);
    expect(colourNear(s, px(-0.15, -0.1), MAGENTA, 6)).toBe(false);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('draws a one-pixel outline along the ring (GL lines) over a fill of another colour', async () => {
    const r = await renderer();
    // strokeWidth 2: the outline is 1 px (layer_style.ts), the thin-line path of the GL backend.
    await r.setLayers([layer('parcels', 'Polygon', '#ff00ff', { fillColor: '#00c000', strokeWidth: 2 })]);
    await r.setBatch(square('parcels', 0.4));
    const s = await r.snapshot();
    for (const [lon, lat] of [
      [0, 0.4],
      [0.4, 0],
      [0, -0.4],
      [-0.4, 0],
    ])
      expect(colourNear(s, px(lon, lat), MAGENTA, 1), `${lon},${lat}`).toBe(true);
    expect(colourNear(s, px(0, 0), MAGENTA, 3)).toBe(false);
    expect(colourNear(s, px(0, 0), GREEN, 1)).toBe(true);
    expect(blank(s, CORNER)).toBe(true);
  });
});

/** `n` squares of 0.01° (about a pixel) side by side in rows, from (lon, lat): one polygon layer. */
function squaresAt(layerId: string, n: number, lon: number, lat: number): FeatureBatch {
  const coords = new Float64Array(n * 10);
  const row = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n; i++) {
    const x = lon + (i % row) * 0.001;
    const y = lat + Math.floor(i / row) * 0.001;
    coords.set([x, y, x + 0.01, y, x + 0.01, y + 0.01, x, y + 0.01, x, y], i * 10);
  }
  return {
    layerId,
    geometryType: 'Polygon',
    count: n,
    ids: Float64Array.from({ length: n }, (_, i) => i + 1),
    coords,
    partEnds: Uint32Array.from({ length: n }, (_, i) => 5 * (i + 1)),
    featureEnds: Uint32Array.from({ length: n }, (_, i) => i + 1),
    polygonEnds: Uint32Array.from({ length: n }, (_, i) => i + 1),
  };
}

describe('render worker: started before the map mounts (issue 17)', () => {
  it('draws with the worker the start-up began, and starts no other', async () => {
    const RealWorker = globalThis.Worker;
    const started: string[] = [];
    globalThis.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        started.push(options?.name ?? '');
      }
    };
    try {
      prespawnRenderWorker();
      prespawnRenderWorker(); // the start-up's one spare, however often asked
      expect(started).toEqual(['mapdraft-render']);
      const r = await renderer();
      expect(r.thread).toBe('worker');
      await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
      await r.setBatch(points('pts', [1], [0.3, -0.2]));
      expect(colourNear(await r.snapshot(), px(0.3, -0.2), MAGENTA)).toBe(true);
      // The spare is taken once: the next map gets a worker of its own.
      await renderer();
      expect(started).toEqual(['mapdraft-render', 'mapdraft-render']);
    } finally {
      globalThis.Worker = RealWorker;
    }
  });
});

describe('render worker: a large layer replaced (its new version built between frames)', () => {
  it('shows each new version once built, and the last of two that came close together', async () => {
    const r = await renderer();
    await r.setLayers([layer('parcels', 'Polygon', '#ff00ff', { fillColor: '#ff00ff', strokeWidth: 2, opacity: 1 })]);
    // 150,000 vertices: above the GL backend's BUILD_BETWEEN_FRAMES_MIN_VERTICES, and positions (2.4 MB)
    // uploaded in two pieces (UPLOAD_SLICE_BYTES).
    const n = 30_000;
    await r.setBatch(squaresAt('parcels', n, 0.3, 0.3)); // the first version is built at once
    let s = await r.snapshot();
    expect(colourNear(s, px(0.35, 0.35), MAGENTA, 1)).toBe(true);
    await r.setBatch(squaresAt('parcels', n, -0.5, -0.5));
    s = await r.snapshot(); // idle only once the new version is built and drawn
    expect(colourNear(s, px(-0.45, -0.45), MAGENTA, 1)).toBe(true);
    expect(colourNear(s, px(0.35, 0.35), MAGENTA, 3)).toBe(false);
    await r.setBatch(squaresAt('parcels', n, 0.3, -0.5));
    await r.setBatch(squaresAt('parcels', n, -0.5, 0.3)); // before the one above is built
    s = await r.snapshot();
    expect(colourNear(s, px(-0.45, 0.35), MAGENTA, 1)).toBe(true);
    expect(colourNear(s, px(-0.45, 0.46), MAGENTA, 1)).toBe(true); // the squares of the second piece
    expect(blank(s, px(0, 0))).toBe(true);
    for (const [lon, lat] of [
      [0.35, -0.45],
      [-0.45, -0.45],
      [0.35, 0.35],
    ])
      expect(colourNear(s, px(lon, lat), MAGENTA, 3), `${lon},${lat}`).toBe(false);
    // Pixel for pixel what a renderer draws from the same features built at once (its first version).
    const fresh = await renderer();
    await fresh.setLayers([layer('parcels', 'Polygon', '#ff00ff', { fillColor: '#ff00ff', strokeWidth: 2, opacity: 1 })]);
    await fresh.setBatch(squaresAt('parcels', n, -0.5, 0.3));
    expect((await fresh.snapshot()).pixels).toEqual(s.pixels);
  });
});

describe('render worker: layer rules', () => {
  it('draws points above polygons whatever order the layers are listed in (SPEC §9)', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff'), layer('parcels', 'Polygon', '#00c000', { opacity: 1 })]);
    await r.setBatch(square('parcels', 0.5));
    await r.setBatch(points('pts', [1], [0, 0]));
    const s = await r.snapshot();
    expect(colourNear(s, px(0, 0), MAGENTA, 1)).toBe(true);
    expect(colourNear(s, px(0.3, 0.3), GREEN, 1)).toBe(true);
  });

  it('hides a layer that is not visible or below its minZoom', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff', { visible: false })]);
    await r.setBatch(points('pts', [1], [0, 0]));
    expect(colourNear(await r.snapshot(), px(0, 0), MAGENTA)).toBe(false);

    await r.setLayers([layer('pts', 'Point', '#ff00ff', { minZoom: 10 })]); // the view is at zoom ≈ 7.3
    expect(colourNear(await r.snapshot(), px(0, 0), MAGENTA)).toBe(false);

    await r.setView({ center: [0, 0], resolution: RES / 8 }); // zoom ≈ 10.3
    expect(colourNear(await r.snapshot(), [100, 100], MAGENTA)).toBe(true);
  });

  it('moves one feature with an incremental update', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    await r.setBatch(points('pts', [1, 2], [0, 0, -0.5, -0.5]));
    let s = await r.snapshot();
    expect(colourNear(s, px(0, 0), MAGENTA)).toBe(true);

    await r.updateFeatures({ layerId: 'pts', batch: points('pts', [1], [0.5, 0.4]) });
    s = await r.snapshot();
    expect(colourNear(s, px(0, 0), MAGENTA, 5)).toBe(false);
    expect(colourNear(s, px(0.5, 0.4), MAGENTA)).toBe(true);
    expect(colourNear(s, px(-0.5, -0.5), MAGENTA)).toBe(true); // the other feature stays

    await r.removeFeatures({ layerId: 'pts', ids: [2] });
    s = await r.snapshot();
    expect(colourNear(s, px(-0.5, -0.5), MAGENTA, 5)).toBe(false);
    expect((await r.stats()).featuresPerLayer.pts).toBe(1);
  });

  it('fits an extent with the SPEC §9 padding and reports frames', async () => {
    const r = await renderer();
    const frames: number[] = [];
    await r.onFrame((info) => frames.push(info.view.zoom));
    const view = await r.fit({ extent: [-1, -1, 1, 1] });
    expect(view.zoom).toBeCloseTo(21, 5); // a 2 m box would zoom to ≈ 23: capped at 21
    const wide = await r.fit({ extent: [-1e6, -1e6, 1e6, 1e6] });
    expect(wide.resolution).toBeCloseTo(2e6 / (SIZE[0] - 80), 3);
    expect(await r.idle()).toBe(true);
    await expect.poll(() => frames.length).toBeGreaterThan(0);
  });

  it('fits the extent of the loaded features when no extent is given (SPEC §4 map load)', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    await r.setBatch(points('pts', [1, 2], [10, 10, 11, 11]));
    const view = await r.fit({});
    const [x0, y0, x1, y1] = view.extent;
    expect(x0).toBeLessThan(10 * 111319.49);
    expect(x1).toBeGreaterThan(11 * 111319.49);
    expect(y0).toBeLessThan(y1);
    const s = await r.snapshot();
    // Both points drawn, 40 px in from opposite sides (SPEC §9 fit padding).
    expect(colourNear(s, [40, 160], MAGENTA)).toBe(true);
    expect(colourNear(s, [160, 40], MAGENTA)).toBe(true);
  });

  it('fits a world-wide layer no further out than its min zoom, so a narrow screen shows its features (SPEC §3 minZoom 1)', async () => {
    const r = await renderer();
    await r.setLayers([
      layer('pts', 'Point', '#ff00ff', { minZoom: 1 }),
      layer('hidden', 'Point', '#0000ff', { minZoom: 0, visible: false }),
    ]);
    await r.setBatch(points('pts', [1, 2, 3], [-170, 0, 0, 0, 170, 0]));
    await r.setBatch(points('hidden', [4], [-170, 0]));
    // 340° on 120 px (200 less the padding) would be zoom < 0, where a min-zoom-1 layer is not drawn.
    const view = await r.fit({});
    expect(view.zoom).toBeCloseTo(1, 6);
    const s = await r.snapshot();
    expect(colourNear(s, [100, 100], MAGENTA)).toBe(true);
    // An extent asked for is fitted as it is.
    expect((await r.fit({ extent: [-2e7, -2e7, 2e7, 2e7] })).zoom).toBeLessThan(0.5);
  });

  it('labels points from zoom 15', async () => {
    const r = await renderer();
    await r.setLayers([layer('pts', 'Point', '#ff00ff', { labels: true })]);
    await r.setBatch(points('pts', [1], [0, 0], ['Alpha']));
    const dark = (s: Snapshot) => {
      // Label text sits right of the point: look for dark text pixels there.
      for (let y = 92; y <= 108; y++)
        for (let x = 108; x < 160; x++) {
          const i = (y * s.width + x) * 4;
          if (s.pixels[i + 3] > 200 && s.pixels[i] < 90 && s.pixels[i + 1] < 90 && s.pixels[i + 2] < 90) return true;
        }
      return false;
    };
    expect(dark(await r.snapshot())).toBe(false); // zoom ≈ 7.3
    await r.setView({ center: [0, 0], resolution: 2 }); // zoom ≈ 16.3
    expect(dark(await r.snapshot())).toBe(true);
  });

  // East of 180° the map shows the next copy of the world (the land and the tiles wrap): a layer's
  // features must be drawn there too, with their labels (world_copies.ts).
  it.each(['webgl', 'canvas2d'] as const)(
    'draws features and labels at the copy of the world across the antimeridian (%s)',
    async (backend) => {
      const r = await renderer({ backend });
      await r.setLayers([layer('pts', 'Point', '#ff00ff', { labels: true }), layer('parcels', 'Polygon', '#00c000')]);
      // A point 0.3° west of 180° and one 0.3° east of −180°, and a parcel just east of −180°.
      await r.setBatch(points('pts', [1, 2], [179.7, 0, -179.7, 0], ['West', 'East']));
      const parcel = square('parcels', 0.1);
      for (let i = 0; i < parcel.coords.length; i += 2) parcel.coords[i] -= 179.8;
      await r.setBatch(parcel);
      await r.setView({ center: [WORLD_WIDTH / 2, 0], resolution: RES }); // centred on the antimeridian
      const s = await r.snapshot();
      expect(colourNear(s, px(-0.3, 0), MAGENTA)).toBe(true); // 179.7°, where it is stored
      expect(colourNear(s, px(0.3, 0), MAGENTA)).toBe(true); // −179.7° shown at 180.3°
      expect(colourNear(s, px(0.2, 0), GREEN, 1)).toBe(true); // the parcel's copy, inside its ring
      expect(blank(s, CORNER)).toBe(true);
      // At zoom ≈ 16.3 the point 11 m east of −180° shows 5.5 px right of the centre, its label beside it.
      await r.setBatch(points('pts', [2], [-179.9999, 0], ['East']));
      await r.setView({ center: [WORLD_WIDTH / 2, 0], resolution: 2 });
      const near = await r.snapshot();
      expect(colourNear(near, [105.5, 100], MAGENTA)).toBe(true);
      let text = 0;
      for (let y = 92; y <= 108; y++) {
        for (let x = 112; x < 160; x++) {
          const i = (y * near.width + x) * 4;
          if (near.pixels[i + 3] > 200 && near.pixels[i] < 90 && near.pixels[i + 1] < 90 && near.pixels[i + 2] < 90) text++;
        }
      }
      expect(text).toBeGreaterThan(10);
    },
  );
});

describe('fallback renderer', () => {
  it('draws the same point with Canvas 2D in the worker', async () => {
    const r = await renderer({ backend: 'canvas2d' });
    expect(r.thread).toBe('worker');
    expect(r.backend).toBe('canvas2d');
    await r.setLayers([layer('pts', 'Point', '#ff00ff'), layer('parcels', 'Polygon', '#00c000')]);
    await r.setBatch(square('parcels', 0.5));
    await r.setBatch(points('pts', [1], [0.3, -0.2]));
    const s = await r.snapshot();
    expect(colourNear(s, px(0.3, -0.2), MAGENTA, 1)).toBe(true);
    expect(colourNear(s, px(-0.3, 0.3), GREEN, 1)).toBe(true);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('draws the same point on the main thread when OffscreenCanvas is missing', async () => {
    const r = await renderer({ thread: 'main', backend: 'canvas2d' });
    expect(r.thread).toBe('main');
    expect(r.backend).toBe('canvas2d');
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    await r.setBatch(points('pts', [1], [0.3, -0.2]));
    const s = await r.snapshot();
    expect(colourNear(s, px(0.3, -0.2), MAGENTA)).toBe(true);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('runs the WebGL renderer on the main thread too', async () => {
    const r = await renderer({ thread: 'main' });
    expect([r.thread, r.backend]).toEqual(['main', 'webgl']);
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    await r.setBatch(points('pts', [1], [0.3, -0.2]));
    const s = await r.snapshot();
    expect(colourNear(s, px(0.3, -0.2), MAGENTA)).toBe(true);
    expect(blank(s, CORNER)).toBe(true);
  });

  it('takes batches from the data worker port without the main thread', async () => {
    const channel = new MessageChannel();
    const r = await renderer({ batchPort: channel.port2 });
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    const batch = points('pts', [7], [0.2, 0.2]);
    channel.port1.postMessage({ type: 'batch', batch, ticket: 'load-1' }, [
      batch.ids.buffer,
      batch.coords.buffer,
      batch.partEnds.buffer,
      batch.featureEnds.buffer,
    ]);
    // The main thread never sees the batch; the ticket tells it the layer is in.
    expect(await r.batchReceived({ ticket: 'load-1' })).toBe(true);
    expect((await r.stats()).featuresPerLayer.pts).toBe(1);
    expect(colourNear(await r.snapshot(), px(0.2, 0.2), MAGENTA)).toBe(true);
    channel.port1.close();
  });

  it('moves one point on an update port message and drops one on a remove, leaving the others', async () => {
    const channel = new MessageChannel();
    const r = await renderer({ batchPort: channel.port2 });
    await r.setLayers([layer('pts', 'Point', '#ff00ff')]);
    channel.port1.postMessage({ type: 'batch', batch: points('pts', [1, 2, 3], [-0.4, 0.4, 0.4, 0.4, 0, -0.4]), ticket: 'load' });
    expect(await r.batchReceived({ ticket: 'load' })).toBe(true);
    // Only feature 2 changes (upsert by id); the layer is not reloaded.
    const moved = points('pts', [2], [0.4, -0.4]);
    channel.port1.postMessage({ type: 'update', layerId: 'pts', batch: moved, ticket: 'edit' }, [moved.ids.buffer, moved.coords.buffer]);
    expect(await r.batchReceived({ ticket: 'edit' })).toBe(true);
    expect((await r.stats()).featuresPerLayer.pts).toBe(3);
    let s = await r.snapshot();
    expect(colourNear(s, px(0.4, -0.4), MAGENTA)).toBe(true);
    expect(colourNear(s, px(0.4, 0.4), MAGENTA)).toBe(false);
    expect(colourNear(s, px(-0.4, 0.4), MAGENTA)).toBe(true);
    expect(colourNear(s, px(0, -0.4), MAGENTA)).toBe(true);
    channel.port1.postMessage({ type: 'remove', layerId: 'pts', ids: [3], ticket: 'gone' });
    expect(await r.batchReceived({ ticket: 'gone' })).toBe(true);
    expect((await r.stats()).featuresPerLayer.pts).toBe(2);
    s = await r.snapshot();
    expect(colourNear(s, px(0, -0.4), MAGENTA)).toBe(false);
    expect(colourNear(s, px(0.4, -0.4), MAGENTA)).toBe(true);
    channel.port1.close();
  });

  it('says when an awaited port delivery never came', async () => {
    const channel = new MessageChannel();
    const r = await renderer({ batchPort: channel.port2 });
    expect(await r.batchReceived({ ticket: 'never', timeoutMs: 50 })).toBe(false);
    channel.port1.close();
  });
});

describe('category icons (SPEC §9)', () => {
  const hex = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const kinds = ['hospitals', 'parks', 'car parks'] as const;
  const at: [number, number][] = [
    [-0.4, 0.3],
    [0.4, 0.3],
    [-0.4, -0.3],
    [0.4, -0.3], // no category: the layer's plain dot
  ];
  const categorised = () => ({
    ...points('poi', [1, 2, 3, 4], at.flat()),
    categories: Uint8Array.from([...kinds.map((k) => CATEGORY_ICONS.indexOf(k)), NO_CATEGORY]),
  });

  for (const backend of ['webgl', 'canvas2d'] as const) {
    it(`draws each categorised point as its category's icon, the others as dots (${backend})`, async () => {
      const r = await renderer({ backend });
      expect(r.backend).toBe(backend);
      await r.setLayers([layer('poi', 'Point', '#ff00ff')]);
      await r.setBatch(categorised());
      const s = await r.snapshot();
      kinds.forEach((kind, i) => {
        const [x, y] = px(...at[i]);
        const colour = hex(CATEGORY_ICON_STYLES[kind].color);
        // The disc reaches 7 px off the centre (the plain dot stops at 5), in the category's colour…
        expect(colourNear(s, [x + 5, y - 5], colour, 1, 40)).toBe(true);
        expect(colourNear(s, [x - 5, y + 5], colour, 1, 40)).toBe(true);
        // …with the white mark in the middle, and no dot of the layer's colour.
        expect(colourNear(s, [x, y], [255, 255, 255], 3, 30)).toBe(true);
        expect(colourNear(s, [x, y], MAGENTA, 6)).toBe(false);
        // Each icon has its own colour: no other category's at this point.
        for (const other of kinds.filter((k) => k !== kind))
          expect(colourNear(s, [x, y], hex(CATEGORY_ICON_STYLES[other].color), 8, 30)).toBe(false);
      });
      const plain = px(...at[3]);
      expect(colourNear(s, plain, MAGENTA)).toBe(true);
      expect(colourNear(s, [plain[0] + 7, plain[1] - 7], MAGENTA, 1)).toBe(false);
      expect(blank(s, CORNER)).toBe(true);
      expect((await r.stats()).backend).toBe(backend);
    });
  }
});
