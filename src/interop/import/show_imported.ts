// After an import the map shows what it added without a reload (issue 15): suggestions land in the
// layer's `_diff` companion, a direct import in the layer itself. The layer session shows them again,
// revalidated, like any other server change it did not make itself.
import { diffLayerId } from '../../model/index.ts';
import { useMapStore } from '../../state/map_store.ts';
import type { ImportOutcome } from './use_import.ts';

export function showImportedOnMap(outcome: ImportOutcome): void {
  if (!outcome.layer || outcome.imported === 0) return;
  const id = outcome.mode === 'suggest' ? diffLayerId(outcome.layer.id) : outcome.layer.id;
  useMapStore.getState().markLayersStale([id]);
}
