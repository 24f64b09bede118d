import {
  DEFAULT_SIZE_LIMIT_IMAGE,
  detectImageType,
  isImageMimeType,
  isPdfBytes,
  readImageSize,
  validateBibliographyItem,
  validateComment,
  validateDocumentFile,
  validateFileName,
  validateImageFile,
  validateLink,
  validateObservation,
  validateTagName,
} from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { assertRule, badRequest } from '../http/errors.ts';
import { UploadedFile } from '../http/upload_body.ts';
import { decodeImage, hasPdfStructure } from '../services/upload_check.ts';

// SPEC §3 Attachments and §7 "Feature attachments": one spec per kind drives the one generic
// router (server/routes/attachments.ts). A spec says how a suggestion is read and validated
// (SPEC §5) and how a stored row is shown.

export type AttachmentKind = 'comment' | 'link' | 'bibliography' | 'image' | 'document' | 'tag' | 'observation';

export interface AttachmentRow {
  id: number;
  gfid: number;
  kind: AttachmentKind;
  name: string | null;
  description: string | null;
  content_type: string | null;
  size: number | null;
  body: Record<string, unknown>;
  status: string;
  removal: boolean;
  creator: string | null;
  created_at: Date;
}

/** What a suggestion stores: columns of the attachments table. */
export interface NewAttachment {
  name?: string | null;
  description?: string | null;
  contentType?: string | null;
  data?: Buffer | null;
  body?: Record<string, unknown>;
}

export interface SuggestInput {
  body: unknown;
  query: { filename?: string; description?: string };
  contentType: string;
  /** The app's sizeLimitImage in bytes (SPEC §3 App configuration). */
  sizeLimitImage?: number;
  /** The suggestion's transaction and feature, for checks against stored data (an observation's species). */
  tx: Db;
  gfid: number;
}

export interface KindSpec {
  kind: AttachmentKind;
  /** URL segment: /api/features/{gfid}/{path}. */
  path: string;
  /** Raw file body with filename and description in the query (SPEC §7 images, documents). */
  binary: boolean;
  /** SPEC §7: documents list newest first by createdat; the others oldest first. */
  newestFirst: boolean;
  /** A user deleting an accepted item suggests its removal (SPEC §4 tag removals). */
  removable: boolean;
  parse(input: SuggestInput): NewAttachment | Promise<NewAttachment>;
  view(row: AttachmentRow): Record<string, unknown>;
  /** The list answer; images wrap theirs (SPEC §7 imagesWithDescription). */
  wrapList?(items: Record<string, unknown>[]): unknown;
  /** GET /features/{gfid}/{path} is another route's (observations: server/routes/observations.ts). */
  listedElsewhere?: true;
  /** What accepting the item does beyond marking it, on the decision's transaction. */
  onAccept?(tx: Db, row: AttachmentRow): Promise<void>;
}

const json = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** SPEC §7: the document description travels URL-encoded; decode a second encoding if present. */
function decoded(value: string | undefined): string {
  if (!value || !/%[0-9A-Fa-f]{2}/.test(value)) return value ?? '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The uploaded file (received into a temp file before the route runs, server/http/upload_body.ts) and its name. */
function file(input: SuggestInput): { upload: UploadedFile; name: string } {
  const upload = input.body instanceof UploadedFile ? input.body : null;
  if (!upload || upload.size === 0) throw badRequest('NO_FILES_SELECTED');
  const name = (input.query.filename ?? '').trim();
  if (!name) throw badRequest('FIELD_REQUIRED');
  assertRule(validateFileName(name));
  return { upload, name };
}

/** Enough of an image for its type and header size: a JPEG's frame header follows its metadata segments (64 KiB each). */
const IMAGE_HEAD_BYTES = 512 * 1024;

const normalImageType = (t: string) => (t.toLowerCase() === 'image/jpg' ? 'image/jpeg' : t.toLowerCase());

const common = (row: AttachmentRow) => ({
  id: row.id,
  gfid: row.gfid,
  status: row.status,
  creator: row.creator,
  createdat: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
});

export const KINDS: KindSpec[] = [
  {
    kind: 'comment',
    path: 'comments',
    binary: false,
    newestFirst: false,
    removable: false,
    parse: ({ body }) => {
      const comment = text(json(body).comment);
      assertRule(validateComment(comment)); // SPEC §5: must not be empty
      return { body: { comment } };
    },
    view: (row) => ({ ...common(row), comment: row.body.comment }),
  },
  {
    kind: 'link',
    path: 'links',
    binary: false,
    newestFirst: false,
    removable: false,
    parse: ({ body }) => {
      const link = text(json(body).link);
      const description = text(json(body).description);
      assertRule(validateLink({ link, description })); // SPEC §5: link and short description required
      return { description, body: { link } };
    },
    view: (row) => ({ ...common(row), link: row.body.link, description: row.description }),
  },
  {
    kind: 'bibliography',
    path: 'bibliographies',
    binary: false,
    newestFirst: false,
    removable: false,
    parse: ({ body }) => {
      const item = text(json(body).item);
      assertRule(validateBibliographyItem(item)); // SPEC §5: must not be empty
      const count = json(body).itemCount;
      return { body: { item, ...(Number.isInteger(count) ? { itemCount: count } : {}) } };
    },
    view: (row) => ({ ...common(row), item: row.body.item, itemCount: row.body.itemCount }),
  },
  {
    kind: 'tag',
    path: 'tags',
    binary: false,
    newestFirst: false,
    removable: true,
    parse: ({ body }) => {
      const name = text(json(body).name);
      assertRule(validateTagName(name));
      return { name };
    },
    view: (row) => ({ ...common(row), name: row.name, removal: row.removal }),
  },
  {
    kind: 'image',
    path: 'images',
    binary: true,
    newestFirst: false,
    removable: false,
    parse: async (input) => {
      const { upload, name } = file(input);
      const head = await upload.head(IMAGE_HEAD_BYTES);
      // SPEC §5 image types, checked on the bytes too: a renamed file is not an image.
      const detected = detectImageType(head);
      if (!isImageMimeType(input.contentType) || !detected || normalImageType(input.contentType) !== detected) {
        throw badRequest('IMAGE_TYPE_REQUIRED');
      }
      const description = (input.query.description ?? '').trim();
      const dims = readImageSize(head) ?? undefined;
      assertRule(
        validateImageFile(
          { type: input.contentType, size: upload.size, width: dims?.width, height: dims?.height, description },
          { maxBytes: input.sizeLimitImage ?? DEFAULT_SIZE_LIMIT_IMAGE },
        ),
      );
      // Then decoded for real (the header may lie) and kept re-encoded (server/services/upload_check.ts).
      const decoded = await decodeImage(upload.path);
      if (!decoded.ok) throw badRequest(decoded.reason === 'too_large' ? 'IMAGE_DIMENSIONS_TOO_LARGE' : 'IMAGE_TYPE_REQUIRED');
      if (decoded.image.contentType !== detected) throw badRequest('IMAGE_TYPE_REQUIRED');
      return { name, description, contentType: detected, data: decoded.image.data };
    },
    view: (row) => ({ ...common(row), name: row.name, description: row.description, contentType: row.content_type, size: row.size }),
    wrapList: (items) => ({ imagesWithDescription: items }),
  },
  {
    kind: 'document',
    path: 'documents',
    binary: true,
    newestFirst: true,
    removable: false,
    parse: async (input) => {
      const { upload, name } = file(input);
      const description = decoded(input.query.description).trim();
      // SPEC §5: pdf only, 10MB, safe name, description 3–50; then the bytes must really be a PDF.
      assertRule(validateDocumentFile({ name, type: input.contentType, size: upload.size, description }));
      const bytes = await upload.read();
      if (!isPdfBytes(bytes) || !hasPdfStructure(bytes)) throw badRequest('PDF_TYPE_REQUIRED');
      return { name, description, contentType: 'application/pdf', data: bytes };
    },
    view: (row) => ({ ...common(row), name: row.name, description: row.description, size: row.size }),
  },
  {
    // SPEC §1: a logged-in user attaches an observation; accepted, it becomes one of the feature's
    // observations (table `observations`, served by routes/observations.ts), credited to its observer.
    kind: 'observation',
    path: 'observations',
    binary: false,
    newestFirst: true,
    removable: false,
    listedElsewhere: true,
    parse: async ({ body, tx, gfid }) => {
      const b = json(body);
      const input = { speciesId: b.speciesId as number, observedAt: b.observedAt as string, count: b.count as number, note: text(b.note) };
      assertRule(validateObservation(input));
      // Species are recorded per layer: the feature's layer must know this one.
      const { rows } = await tx.query<{ scientific_name: string }>(
        `SELECT s.scientific_name FROM species s JOIN features f ON f.workspace_id = s.workspace_id AND f.layer_id = s.layer_id
         WHERE f.gfid = $1 AND s.id = $2`,
        [gfid, input.speciesId],
      );
      if (!rows[0]) throw badRequest('SPECIES_NOT_ON_LAYER');
      const observedAt = new Date(input.observedAt).toISOString();
      return {
        name: rows[0].scientific_name,
        description: input.note || null,
        body: { speciesId: input.speciesId, observedAt, count: input.count },
      };
    },
    view: (row) => ({
      ...common(row),
      speciesId: row.body.speciesId,
      name: row.name,
      observedAt: row.body.observedAt,
      count: row.body.count,
      note: row.description,
    }),
    onAccept: async (tx, row) => {
      await tx.query(
        `INSERT INTO observations (gfid, species_id, observed_at, count, note, created_by, status)
         SELECT a.gfid, (a.body->>'speciesId')::bigint, (a.body->>'observedAt')::timestamptz, (a.body->>'count')::int,
                a.description, a.created_by, 'accepted'
         FROM attachments a WHERE a.id = $1`,
        [row.id],
      );
    },
  },
];
