import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';

// A layer's version counts the rows its writes leave in layer_changes (migration 090); folding moves
// them into layers.changes_folded so reading a version counts only the last few seconds' changes.

/** How often each server folds; any server may, a row is folded once (the DELETE decides). */
export const FOLD_EVERY_MS = 10_000;

/**
 * One statement: the rows this call deletes are exactly the rows it adds to their layers, so a
 * reader sees the sum before or after, never between. A concurrent fold on another server waits
 * for the rows this one deletes, then skips them. Rows of layers gone are dropped.
 */
export async function foldLayerChanges(db: Db): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM layer_changes RETURNING workspace_id, layer_id),
          counted AS (SELECT workspace_id, layer_id, count(*) AS n FROM gone GROUP BY workspace_id, layer_id)
     UPDATE layers l SET changes_folded = l.changes_folded + c.n
       FROM counted c WHERE l.workspace_id = c.workspace_id AND l.id = c.layer_id`,
  );
}

/** Folds every FOLD_EVERY_MS while the app runs; a failed fold is retried at the next tick. */
export function registerLayerChangeFolding(app: FastifyInstance, db: Db, everyMs = FOLD_EVERY_MS): void {
  let running: Promise<void> | undefined;
  const fold = () => {
    running ??= foldLayerChanges(db)
      .catch((err) => app.log.warn({ err }, 'layer changes not folded'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(fold, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
