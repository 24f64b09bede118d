-- Issue 16 "several servers": migration 040 bumped layers.data_version inside every writing
-- transaction, so all suggestions into one layer (and every acceptance) queued on that one layers row
-- until their commits. Now a writing statement only appends one row per layer it touched to
-- layer_changes, which no other writer waits for. A layer's version (layer_version below) is its
-- definition version (bumped on the layers row as before, by the rare change of its property
-- definitions) and the number of changes it has seen: those folded into the row (changes_folded)
-- plus those still in the log. A count, not the max of a sequence: a transaction that drew a lower
-- number may commit after one that drew a higher, and a max would not move when it does; the count
-- grows with every commit a reader's snapshot sees. server/services/layer_changes.ts folds the log
-- into the rows (one statement, so the sum never changes by folding) to keep the count short.
ALTER TABLE layers RENAME COLUMN data_version TO definition_version;
ALTER TABLE layers ADD COLUMN changes_folded bigint NOT NULL DEFAULT 0;

-- No foreign key: a layer's delete cascades to its features, whose trigger must not fail on the
-- deleted layer; the trigger joins layers instead, and folding drops rows of layers gone.
CREATE TABLE layer_changes (
  workspace_id text NOT NULL,
  layer_id text NOT NULL
);
CREATE INDEX layer_changes_layer ON layer_changes (workspace_id, layer_id);

CREATE OR REPLACE FUNCTION bump_layer_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO layer_changes (workspace_id, layer_id)
      SELECT l.workspace_id, l.id FROM layers l JOIN (SELECT DISTINCT workspace_id, layer_id FROM new_rows) c
        ON l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO layer_changes (workspace_id, layer_id)
      SELECT l.workspace_id, l.id FROM layers l JOIN (SELECT DISTINCT workspace_id, layer_id FROM old_rows) c
        ON l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  ELSE
    INSERT INTO layer_changes (workspace_id, layer_id)
      SELECT l.workspace_id, l.id FROM layers l
        JOIN (SELECT workspace_id, layer_id FROM new_rows UNION SELECT workspace_id, layer_id FROM old_rows) c
        ON l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bump_layer_definition_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.properties IS DISTINCT FROM OLD.properties OR NEW.geometry_type IS DISTINCT FROM OLD.geometry_type THEN
    NEW.definition_version := nextval('layer_data_version');
  END IF;
  RETURN NEW;
END $$;

-- The definition version is drawn from a sequence (a new layer and every definition change get a
-- number no layer had before), so a version never names two different states of a layer id.
CREATE FUNCTION layer_version(l layers) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT l.definition_version || '.' || (l.changes_folded + (
    SELECT count(*) FROM layer_changes c WHERE c.workspace_id = l.workspace_id AND c.layer_id = l.id))
$$;
