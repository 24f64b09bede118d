-- SPEC §1/§7 observations and endangered species. The species recorded for a layer, each with its
-- threat status (IUCN category) and the status's source; observations attach a species to a feature.
-- Only accepted observations are served. Same SQL on PGlite and PostgreSQL 15.
CREATE TABLE species (
  id bigserial PRIMARY KEY,
  workspace_id text NOT NULL,
  layer_id text NOT NULL,
  scientific_name text NOT NULL,
  common_name text,
  status text NOT NULL CHECK (status IN ('EX', 'EW', 'CR', 'EN', 'VU', 'NT', 'LC', 'DD', 'NE')),
  status_source text NOT NULL,
  demo boolean NOT NULL DEFAULT false,
  UNIQUE (workspace_id, layer_id, scientific_name),
  FOREIGN KEY (workspace_id, layer_id) REFERENCES layers(workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE observations (
  id bigserial PRIMARY KEY,
  gfid bigint NOT NULL REFERENCES features(gfid) ON DELETE CASCADE,
  species_id bigint NOT NULL REFERENCES species(id) ON DELETE CASCADE,
  observed_at timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 1 CHECK (count > 0),
  note text,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'accepted' CHECK (status IN ('pending', 'accepted', 'declined'))
);
CREATE INDEX observations_gfid ON observations(gfid);
CREATE INDEX observations_species ON observations(species_id);
