-- SPEC §1: logged-in users attach observations to a feature as suggestions, reviewed like the other
-- attachments (an `attachments` row of kind 'observation'); an accepted one is copied into
-- `observations` (migration 010), which is what the observation routes serve.
ALTER TABLE attachments DROP CONSTRAINT IF EXISTS attachments_kind_check;
ALTER TABLE attachments ADD CONSTRAINT attachments_kind_check
  CHECK (kind IN ('image', 'document', 'comment', 'link', 'bibliography', 'tag', 'observation'));
