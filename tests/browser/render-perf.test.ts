// What a frame costs here for 10k points (SwiftShader: a CPU rasteriser, so absolute numbers are far
// above a phone GPU's; compare backends and steps, not milliseconds across machines). Logs a table;
// asserts only that everything was drawn.
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, type MapRendererHandle } from '../../src/map/renderWorkerClient.ts';
import type { FeatureBatch } from '../../workers/data/protocol.ts';
import type { FrameInfo } from '../../workers/render/protocol.ts';

const N = 10_000;
const SIZE: [number, number] = [400, 300];
const handles: MapRendererHandle[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) {
    await h.dispose();
    h.canvas.remove();
  }
});

function cities(n: number): FeatureBatch {
  // Deterministic spread over Europe (lon -10..30, lat 35..60).
  const coords = new Float64Array(n * 2);
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let i = 0; i < n; i++) {
    coords[i * 2] = -10 + 40 * rnd();
    coords[i * 2 + 1] = 35 + 25 * rnd();
  }
  return {
    layerId: 'cities', geometryType: 'Point', count: n, ids: Float64Array.from({ length: n }, (_, i) => i + 1), coords,
    partEnds: Uint32Array.from({ length: n }, (_, i) => i + 1), featureEnds: Uint32Array.from({ length: n }, (_, i) => i + 1),
  };
}

async function measure(backend: 'webgl' | 'canvas2d') {
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const r = await createRenderer(canvas, { pixelRatio: 1, size: SIZE, backend });
  handles.push(r);
  const frames: FrameInfo[] = [];
  await r.onFrame((f) => frames.push(f));
  await r.setLayers([{ id: 'cities', geometryType: 'Point' }]);
  const t0 = performance.now();
  await r.setBatch(cities(N));
  const view = await r.fit({ extent: [-1113195, 4163881, 3339584, 8399738] });
  await r.snapshot();
  const firstMs = performance.now() - t0;
  const steady: number[] = [];
  const wall: number[] = [];
  // Pans while "interacting": OL keeps its buffers and only moves them (no rebuild).
  for (let i = 1; i <= 10; i++) {
    const tp = performance.now();
    await r.setView({ center: [view.center[0] + i * 20 * view.resolution, view.center[1]], resolution: view.resolution, viewHints: [0, 1] });
    await r.snapshot();
    wall.push(performance.now() - tp);
    steady.push((await r.stats()).lastFrameMs);
  }
  // Pan end: buffers are rebuilt for the new extent (OL's buffer worker), then drawn.
  const t1 = performance.now();
  await r.setView({ center: view.center, resolution: view.resolution });
  await r.snapshot();
  const settleMs = performance.now() - t1;
  const stats = await r.stats();
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  const median = (a: number[]) => +[...a].sort((x, y) => x - y)[Math.floor(a.length / 2)].toFixed(1);
  return { backend: stats.backend, features: stats.featuresPerLayer.cities, firstFrameMs: Math.round(firstMs), panFrameCpuMedianMs: median(steady), panFrameWithReadbackMedianMs: median(wall), panEndSettleMs: Math.round(settleMs), bufferBytes: stats.bufferBytes, frames: stats.frames };
}

describe('render cost, 10k points', () => {
  it('WebGL vs Canvas 2D in the worker', { timeout: 120_000 }, async () => {
    const gl = await measure('webgl');
    const c2d = await measure('canvas2d');
    console.log(`[render-perf] ${N} points ${SIZE.join('x')}\n${JSON.stringify(gl)}\n${JSON.stringify(c2d)}`);
    expect(gl.features).toBe(N);
    expect(c2d.features).toBe(N);
    expect(gl.backend).toBe('webgl');
    expect(gl.bufferBytes).toBeGreaterThan(0);
  });
});
