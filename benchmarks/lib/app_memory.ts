// Issue 17 target 6, memory of the opened app: the page's main-thread JS heap (CDP, after a GC) and
// every renderer process's resident memory (the page's and its workers' heaps, /proc), against the
// typed-array bytes of the loaded layers as the product's own decoder makes them from the server's
// FlatGeobuf answers (the data worker's FeatureBatch: ids, coords, part/feature/polygon ends, categories).
import type { Browser, CDPSession, Page } from 'playwright-core';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { DEMO_LAYERS } from '../../server/seed/demo_config.ts';
import { decodeFlatGeobuf } from '../../workers/data/fgb_decode.ts';
import { metrics } from './cdp.ts';
import { rendererRssBytes } from './process_memory.ts';

export interface AppMemory {
  mainHeapBytes: number;
  rendererBytes: number;
}

export async function appMemory(page: Page, cdp: CDPSession, browser: Browser): Promise<AppMemory> {
  await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
  const m = await metrics(cdp);
  return { mainHeapBytes: m.JSHeapUsedSize, rendererBytes: await rendererRssBytes(browser) };
}

/** Sum of the typed arrays of each layer's FeatureBatch, decoded from `GET /api/features?f=fgb`. */
export async function layersTypedArrayBytes(serverUrl: string, workspace: string, layers: readonly string[]): Promise<number> {
  let total = 0;
  for (const layer of layers) {
    const res = await fetch(`${serverUrl}/api/features?workspace=${workspace}&layer=${layer}&f=fgb`, {
      headers: { 'x-app-key': DEMO_APP_KEY, accept: 'application/flatgeobuf' },
    });
    if (!res.ok) throw new Error(`FlatGeobuf of ${layer}: ${res.status}`);
    const def = DEMO_LAYERS.find((l) => l.id === layer);
    const batch = decodeFlatGeobuf(new Uint8Array(await res.arrayBuffer()), {
      layerId: layer,
      idProperty: 'gfid',
      categoryProperty: def?.categoryProperty,
    });
    for (const a of [batch.ids, batch.coords, batch.partEnds, batch.featureEnds, batch.polygonEnds, batch.categories]) {
      total += a?.byteLength ?? 0;
    }
  }
  return total;
}
