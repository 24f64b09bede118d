-- Indexes for reviewing suggestions (SPEC §4 Suggestions, §6 admin change list).
-- Same SQL on PGlite and PostgreSQL 15 (DESIGN "One SQL dialect").

-- The pending list is paged by id inside a layer, by suggester, or over everything (admin=true):
-- 10,000 pending changes must page without scanning decided ones.
DROP INDEX IF EXISTS changes_pending;
CREATE INDEX changes_pending_layer ON changes(workspace_id, layer_id, id) WHERE status = 'pending';
CREATE INDEX changes_pending_by ON changes(suggested_by, id) WHERE status = 'pending';
CREATE INDEX changes_pending_id ON changes(id) WHERE status = 'pending';
CREATE INDEX changes_gfid ON changes(gfid) WHERE gfid IS NOT NULL;

-- Attachments pending review per kind (GET /api/layers/{layer}/{kind}/changes joins features by gfid).
CREATE INDEX attachments_pending ON attachments(kind, gfid) WHERE status = 'pending';
CREATE INDEX feature_history_gfid ON feature_history(gfid, version DESC);
