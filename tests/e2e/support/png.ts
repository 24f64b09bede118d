// A small test picture made in the page (two colour blocks), as PNG bytes for a file input.
import type { Page } from 'playwright-core';

export function drawnPng(page: Page, width: number, height: number): Promise<number[]> {
  return page.evaluate(
    async ([w, h]) => {
      const c = new OffscreenCanvas(w, h);
      const g = c.getContext('2d')!;
      g.fillStyle = '#274E78';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#EA880C';
      g.fillRect(w / 4, h / 4, w / 2, h / 2);
      return Array.from(new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer()));
    },
    [width, height] as const,
  );
}
