// The packed Hilbert R-tree the whole-layer FlatGeobuf carries: flatgeobuf's own tree search over
// it finds exactly the features whose boxes meet a query box.
import { calcTreeSize, streamSearch } from 'flatgeobuf/lib/mjs/packedrtree.js';
import { describe, expect, it } from 'vitest';
import { geometryBox, hilbertOrder, INDEX_NODE_SIZE, packedRTree } from '../../server/services/fgb_index.ts';
import { GeometryType } from '../../server/services/fgb_writer.ts';

/** n points on a jittered grid over the world, their boxes in Hilbert order with fake byte offsets. */
function pointsTree(n: number) {
  const boxes = Array.from({ length: n }, (_, i) => {
    const x = -180 + ((i * 37) % 360) + 0.5;
    const y = -80 + ((i * 11) % 160) + 0.25;
    return [x, y, x, y];
  });
  const order = hilbertOrder(boxes, [-180, -90, 180, 90]);
  const sorted = order.map((i) => boxes[i]);
  const offsets = sorted.map((_, i) => i * 100);
  return { sorted, offsets, tree: packedRTree(sorted, offsets) };
}

async function search(tree: Uint8Array, n: number, rect: { minX: number; minY: number; maxX: number; maxY: number }) {
  const found: number[] = [];
  const readNode = async (offset: number, length: number) => tree.slice(offset, offset + length).buffer;
  for await (const [offset] of streamSearch(n, INDEX_NODE_SIZE, rect, readNode)) found.push(offset);
  return found.sort((a, b) => a - b);
}

describe('packed Hilbert R-tree', () => {
  it('is found by flatgeobuf’s search exactly where the features are', async () => {
    for (const n of [1, 15, 16, 17, 300, 5000]) {
      const { sorted, offsets, tree } = pointsTree(n);
      expect(tree.length, `${n}`).toBe(calcTreeSize(n, INDEX_NODE_SIZE)); // what readers skip before the features
      for (const rect of [
        { minX: -10, minY: 35, maxX: 30, maxY: 60 },
        { minX: 100, minY: -50, maxX: 180, maxY: 0 },
        { minX: -180, minY: -90, maxX: 180, maxY: 90 },
      ]) {
        const expected = sorted
          .map((b, i) => (b[0] <= rect.maxX && b[2] >= rect.minX && b[1] <= rect.maxY && b[3] >= rect.minY ? offsets[i] : -1))
          .filter((o) => o >= 0);
        expect(await search(tree, n, rect), `${n} ${JSON.stringify(rect)}`).toEqual(expected);
      }
    }
  });

  it('orders points along the curve: neighbours in space stay close in the file', () => {
    const boxes = [
      [170, 80, 170, 80],
      [-170, -80, -170, -80],
      [171, 80, 171, 80],
      [-171, -80, -171, -80],
    ];
    const order = hilbertOrder(boxes, [-180, -90, 180, 90]);
    expect(Math.abs(order.indexOf(0) - order.indexOf(2))).toBe(1);
    expect(Math.abs(order.indexOf(1) - order.indexOf(3))).toBe(1);
  });

  it('boxes a multi-part geometry over all its parts', () => {
    const part = (xy: number[]) => ({ type: GeometryType.Polygon, xy: Float64Array.from(xy) });
    const multi = { type: GeometryType.MultiPolygon, xy: new Float64Array(0), parts: [part([0, 0, 1, 1]), part([5, -2, 6, 3])] };
    expect(geometryBox(multi)).toEqual([0, -2, 6, 3]);
  });
});
