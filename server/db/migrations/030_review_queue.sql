-- The admin review queue (SPEC §2 Pending changes, §4 Suggestions): the admin's optional reason for a
-- decline, shown to the submitter in "My suggestions"; and the lookups the queue makes.
ALTER TABLE changes ADD COLUMN IF NOT EXISTS decline_reason text;
ALTER TABLE attachments ADD COLUMN IF NOT EXISTS decline_reason text;

-- An attachment on a pending new feature hangs on its `_diff` row; the queue names the change's layer.
CREATE INDEX IF NOT EXISTS changes_diff_gfid ON changes(diff_gfid) WHERE diff_gfid IS NOT NULL;
-- "My suggestions": a submitter's items of every status, newest first.
CREATE INDEX IF NOT EXISTS changes_by_created ON changes(suggested_by, created_at);
CREATE INDEX IF NOT EXISTS attachments_by_created ON attachments(created_by, created_at);
