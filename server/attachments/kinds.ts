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
  validateTagName,
} from '../../src/model/index.ts';
import { assertRule, badRequest } from '../http/errors.ts';
import { decodeImage, hasPdfStructure } from '../services/upload_check.ts';

// SPEC §3 Attachments and §7 "Feature attachments": one spec per kind drives the one generic
// router (server/routes/attachments.ts). A spec says how a suggestion is read and validated
// (SPEC §5) and how a stored row is shown.

export type AttachmentKind = 'comment' | 'link' | 'bibliography' | 'image' | 'document' | 'tag';

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

function file(input: SuggestInput): { bytes: Buffer; name: string } {
  const bytes = Buffer.isBuffer(input.body) ? input.body : null;
  if (!bytes || bytes.length === 0) throw badRequest('NO_FILES_SELECTED');
  const name = (input.query.filename ?? '').trim();
  if (!name) throw badRequest('FIELD_REQUIRED');
  assertRule(validateFileName(name));
  return { bytes, name };
}

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
      const { bytes, name } = file(input);
      // SPEC §5 image types, checked on the bytes too: a renamed file is not an image.
      const detected = detectImageType(bytes);
      if (!isImageMimeType(input.contentType) || !detected || normalImageType(input.contentType) !== detected) {
        throw badRequest('IMAGE_TYPE_REQUIRED');
      }
      const description = (input.query.description ?? '').trim();
      const dims = readImageSize(bytes) ?? undefined;
      assertRule(
        validateImageFile(
          { type: input.contentType, size: bytes.length, width: dims?.width, height: dims?.height, description },
          { maxBytes: input.sizeLimitImage ?? DEFAULT_SIZE_LIMIT_IMAGE },
        ),
      );
      // Then decoded for real (the header may lie) and kept re-encoded (server/services/upload_check.ts).
      const decoded = await decodeImage(bytes);
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
    parse: (input) => {
      const { bytes, name } = file(input);
      const description = decoded(input.query.description).trim();
      // SPEC §5: pdf only, 10MB, safe name, description 3–50; then the bytes must really be a PDF.
      assertRule(validateDocumentFile({ name, type: input.contentType, size: bytes.length, description }));
      if (!isPdfBytes(bytes) || !hasPdfStructure(bytes)) throw badRequest('PDF_TYPE_REQUIRED');
      return { name, description, contentType: 'application/pdf', data: bytes };
    },
    view: (row) => ({ ...common(row), name: row.name, description: row.description, size: row.size }),
  },
];
