// CEILING for scenario 6: the same grouping on columns only — ids, a status byte, one numeric
// property column and fixed-size coordinate slots — with a Map from gfid to row: nothing but the
// lookups and the comparisons the task needs.
export interface Columns {
  ids: Float64Array;
  value: Float64Array;
  /** 5 vertices × 2 per row. */
  coords: Float64Array;
}

export interface SuggestionColumns extends Columns {
  /** 0 new, 1 modified, 2 deleted. */
  status: Uint8Array;
}

export function ceilingDiff(
  orig: Columns,
  sug: SuggestionColumns,
): { added: number; modified: number; moved: number; changed: number; deleted: number } {
  const byId = new Map<number, number>();
  for (let i = 0; i < orig.ids.length; i++) byId.set(orig.ids[i], i);
  let added = 0,
    modified = 0,
    moved = 0,
    changed = 0,
    deleted = 0;
  for (let s = 0; s < sug.ids.length; s++) {
    const st = sug.status[s];
    if (st === 0) {
      added++;
      continue;
    }
    const o = byId.get(sug.ids[s]) ?? -1;
    if (st === 2) {
      deleted++;
      continue;
    }
    modified++;
    if (o < 0) continue;
    if (!Number.isNaN(sug.value[s]) && sug.value[s] !== orig.value[o]) changed++;
    for (let k = 0; k < 10; k++) {
      if (Math.abs(sug.coords[10 * s + k] - orig.coords[10 * o + k]) > 1e-9) {
        moved++;
        break;
      }
    }
  }
  return { added, modified, moved, changed, deleted };
}
