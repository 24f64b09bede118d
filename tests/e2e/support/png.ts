// PNG helpers run in the page: a small test picture for file inputs, and a screenshot's colour counts.
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

/**
 * Decodes a PNG in the page and reports distinct colours, pixels near `hex`, and "dots": pixels
 * whose whole 3×3 neighbourhood is near `hex`. Lines of ≤ 2 px (borders, outlines in the same
 * colour) have no such core, so dots count city markers only.
 */
export async function analysePng(page: Page, png: Buffer, hex: string) {
  return page.evaluate(
    async ({ b64, hex }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, img.height);
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const w = img.width;
      const h = img.height;
      const colours = new Set<number>();
      const mask = new Uint8Array(w * h);
      let near = 0;
      for (let i = 0, p = 0; i < data.length; i += 4, p++) {
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        const hit = Math.abs(data[i] - want[0]) < 40 && Math.abs(data[i + 1] - want[1]) < 40 && Math.abs(data[i + 2] - want[2]) < 40;
        if (hit) {
          mask[p] = 1;
          near++;
        }
      }
      let dots = 0;
      for (let y = 1; y < h - 1; y++) {
        for (let x = 1; x < w - 1; x++) {
          let all = 1;
          for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = mask[(y + dy) * w + x + dx];
          dots += all;
        }
      }
      return { width: w, height: h, distinct: colours.size, near, dots };
    },
    { b64: png.toString('base64'), hex },
  );
}
