// Attachment suggestions as outbox requests (SPEC §7 "Feature attachments"): the same calls the
// server has always taken, written down so they can be sent now or later, in order. A draft's own
// request is built beside the draft (src/edit/suggestion.ts featureRequest).
import { PARENT_PLACEHOLDER, type ObservationInput, type OutboxMeta, type OutboxRequest } from '../model/index.ts';
import type { AttachmentKind } from '../api/suggestions.ts';

/** A JSON request body as the outbox stores it (bytes). */
export const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Where an attachment goes: an existing feature, or the new feature of outbox item `parent`. */
export type AttachmentTarget = { gfid: number } | { parent: number; layerId: string; workspace: string };

function targetParts(target: AttachmentTarget, subject: OutboxMeta['subject'], label: string) {
  const onParent = 'parent' in target;
  const meta: OutboxMeta = {
    subject,
    layerId: onParent ? target.layerId : '',
    workspace: onParent ? target.workspace : '',
    gfid: onParent ? null : target.gfid,
    label,
  };
  return { gfid: onParent ? PARENT_PLACEHOLDER : String(target.gfid), parent: onParent ? target.parent : undefined, meta };
}

/** An attachment the user made, before it is a request: a draft keeps these until its feature is sent. */
export type NewAttachment =
  | { kind: 'comments' | 'links' | 'bibliographies' | 'tags'; body: Record<string, string>; label: string }
  | { kind: 'observations'; body: ObservationInput; label: string }
  | { kind: 'images' | 'documents'; file: Blob; filename: string; description: string }
  | { kind: 'removal'; of: AttachmentKind; id: number; label: string };

export function attachmentOutboxRequest(target: AttachmentTarget, a: NewAttachment): Promise<OutboxRequest> | OutboxRequest {
  if ('file' in a) return fileRequest(target, a.kind, a.file, a.filename, a.description);
  if (a.kind === 'removal') {
    if (!('gfid' in target)) throw new Error('a removal needs an existing feature');
    return removalRequest(target.gfid, a.of, a.id, a.label);
  }
  return attachmentRequest(target, a.kind, a.body, a.label);
}

/** A comment, link, bibliography entry, tag or observation (SPEC §7: POST to the changes path). */
function attachmentRequest(
  target: AttachmentTarget,
  kind: Exclude<AttachmentKind, 'images' | 'documents'> | 'observations',
  body: object,
  label: string,
): OutboxRequest {
  const { gfid, parent, meta } = targetParts(target, kind, label);
  return { method: 'POST', path: `/features/${gfid}/${kind}/changes`, contentType: 'application/json', body: json(body), parent, meta };
}

/** SPEC §7: images and documents go as the raw body, file name and description in the query. */
async function fileRequest(
  target: AttachmentTarget,
  kind: 'images' | 'documents',
  file: Blob,
  filename: string,
  description: string,
): Promise<OutboxRequest> {
  const { gfid, parent, meta } = targetParts(target, kind, filename);
  const qs = new URLSearchParams({ filename, description });
  const body = new Uint8Array(await file.arrayBuffer());
  return { method: 'POST', path: `/features/${gfid}/${kind}/changes?${qs}`, contentType: file.type, body, parent, meta };
}

/** SPEC §4: a user's removal of an accepted tag is itself a suggestion. */
function removalRequest(gfid: number, kind: AttachmentKind, id: number, label: string): OutboxRequest {
  return { method: 'DELETE', path: `/features/${gfid}/${kind}/${id}`, meta: targetParts({ gfid }, kind, label).meta };
}
