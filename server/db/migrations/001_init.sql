-- Mapdraft schema for the whole product. PostgreSQL 15 dialect so the same file runs on
-- PGlite (PG 18) and a PostgreSQL 15 server (TOOLCHAIN "PostgreSQL"). Geometries are EPSG:4326 (SPEC §3 Map view).
CREATE EXTENSION IF NOT EXISTS postgis;

-- SPEC §3 User. password_hash is "scrypt$N$r$p$salt$hash" so parameters can change later.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  organization text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'en_US',
  type text NOT NULL DEFAULT 'user',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Reset tokens are stored hashed: a leaked table does not let anyone reset a password.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- SPEC §3 App record + App configuration. layers/base_layers hold layersConfig/baseLayersConfig.
CREATE TABLE apps (
  app_key text PRIMARY KEY CHECK (app_key ~ '^[A-Za-z0-9]{32}$'),
  owner_id bigint REFERENCES users(id) ON DELETE SET NULL,
  template_key text,
  organisation text,
  owner_name text,
  address_street text,
  address_streetnumber text,
  address_postcode text,
  address_city text,
  invoice_address jsonb,
  is_public boolean NOT NULL DEFAULT false,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  layers jsonb NOT NULL DEFAULT '[]'::jsonb,
  base_layers jsonb NOT NULL DEFAULT '[]'::jsonb,
  manifest jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  -- SPEC §4: inactive apps are deleted after three months; a job will use this.
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX apps_owner ON apps(owner_id);

CREATE TABLE app_icons (
  app_key text NOT NULL REFERENCES apps(app_key) ON DELETE CASCADE,
  name text NOT NULL,
  content_type text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_key, name)
);

-- SPEC §7 Workspaces. A managed workspace routes suggestions to its diff_workspace (SPEC §4 Suggestions).
CREATE TABLE workspaces (
  id text PRIMARY KEY CHECK (id ~ '^ws'),
  app_key text REFERENCES apps(app_key) ON DELETE CASCADE,
  public_access boolean NOT NULL DEFAULT false,
  managed boolean NOT NULL DEFAULT false,
  diff_workspace text REFERENCES workspaces(id) ON DELETE SET NULL,
  is_diff boolean NOT NULL DEFAULT false,
  secret_hash text,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workspaces_app ON workspaces(app_key);

CREATE TABLE workspace_members (
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'editor',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);

-- SPEC §3 Layer. properties = property definitions; config = the rest of the layer object (style, zoom…).
-- diff_of names the layer a diff layer shadows (SPEC §3 "companion diff layer").
CREATE TABLE layers (
  workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  geometry_type text NOT NULL CHECK (geometry_type IN ('Point', 'LineString', 'Polygon', 'wms')),
  properties jsonb NOT NULL DEFAULT '[]'::jsonb,
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  editable boolean NOT NULL DEFAULT false,
  diff_of text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);

-- SPEC §3 Feature. version starts at 1 and is bumped by each accepted change (DESIGN "Suggestions").
CREATE TABLE features (
  gfid bigserial PRIMARY KEY,
  workspace_id text NOT NULL,
  layer_id text NOT NULL,
  geom geometry(Geometry, 4326) NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 1,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (workspace_id, layer_id) REFERENCES layers(workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX features_geom_gist ON features USING gist (geom);
-- Keyset pagination of one layer by gfid (features list streams page by page).
CREATE INDEX features_layer_gfid ON features(workspace_id, layer_id, gfid);

-- One row per accepted version (SPEC §3 "Features carry a history of versions").
CREATE TABLE feature_history (
  id bigserial PRIMARY KEY,
  gfid bigint NOT NULL,
  version integer NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  geom geometry(Geometry, 4326),
  properties jsonb,
  before jsonb,
  after jsonb,
  change_id bigint,
  suggested_by bigint REFERENCES users(id) ON DELETE SET NULL,
  accepted_by bigint REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gfid, version)
);
CREATE INDEX feature_history_geom_gist ON feature_history USING gist (geom);

-- Suggestions (SPEC §4, DESIGN "Suggestions never touch originals"): {gfid, baseVersion, before, after}.
-- diff_gfid is the proposed feature shown in the diff layer; the suggestion routes fill it.
CREATE TABLE changes (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('create', 'update', 'delete')),
  workspace_id text NOT NULL,
  layer_id text NOT NULL,
  gfid bigint REFERENCES features(gfid) ON DELETE SET NULL,
  base_version integer,
  diff_gfid bigint REFERENCES features(gfid) ON DELETE SET NULL,
  before jsonb,
  after jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  suggested_by bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX changes_pending ON changes(workspace_id, layer_id) WHERE status = 'pending';

-- SPEC §3 Attachments, keyed by gfid (SPEC §5: none without a gfid), pending until reviewed (SPEC §4).
CREATE TABLE attachments (
  id bigserial PRIMARY KEY,
  gfid bigint NOT NULL REFERENCES features(gfid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'document', 'comment', 'link', 'bibliography', 'tag')),
  name text,
  description text,
  content_type text,
  data bytea,
  body jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  removal boolean NOT NULL DEFAULT false,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz
);
CREATE INDEX attachments_gfid ON attachments(gfid, kind);

-- Server-side outbox for side effects (mail, invoices) sent after the transaction commits.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
