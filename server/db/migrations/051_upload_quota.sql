-- Issue 16: the per-user upload quota sums a user's stored files on every upload.
CREATE INDEX attachments_created_by ON attachments(created_by) WHERE data IS NOT NULL;
