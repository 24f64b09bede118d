-- Every layer carries the version of its data: a fresh number from one sequence whenever a statement
-- inserts, changes or deletes any of its features (an accepted suggestion, a new suggestion in a
-- _diff layer, an import) or its property definitions change. Feature lists and FlatGeobuf files
-- derive their ETag from it, so a client revalidates with If-None-Match and gets 304 until the data
-- really changed (issue 15 "Caching"). Statement triggers with transition tables: a bulk insert of
-- 135k cities bumps the layer once, not 135k times.
CREATE SEQUENCE layer_data_version;

ALTER TABLE layers ADD COLUMN data_version bigint NOT NULL DEFAULT nextval('layer_data_version');

CREATE FUNCTION bump_layer_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE layers l SET data_version = nextval('layer_data_version')
      FROM (SELECT DISTINCT workspace_id, layer_id FROM new_rows) c
      WHERE l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE layers l SET data_version = nextval('layer_data_version')
      FROM (SELECT DISTINCT workspace_id, layer_id FROM old_rows) c
      WHERE l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  ELSE
    UPDATE layers l SET data_version = nextval('layer_data_version')
      FROM (SELECT workspace_id, layer_id FROM new_rows UNION SELECT workspace_id, layer_id FROM old_rows) c
      WHERE l.workspace_id = c.workspace_id AND l.id = c.layer_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER features_insert_version AFTER INSERT ON features
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_layer_data_version();
CREATE TRIGGER features_update_version AFTER UPDATE ON features
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_layer_data_version();
CREATE TRIGGER features_delete_version AFTER DELETE ON features
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_layer_data_version();

-- The columns of a layer's files follow its property definitions.
CREATE FUNCTION bump_layer_definition_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.properties IS DISTINCT FROM OLD.properties OR NEW.geometry_type IS DISTINCT FROM OLD.geometry_type THEN
    NEW.data_version := nextval('layer_data_version');
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER layers_definition_version BEFORE UPDATE OF properties, geometry_type ON layers
  FOR EACH ROW EXECUTE FUNCTION bump_layer_definition_version();
