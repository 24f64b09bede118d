// SPEC §3 Attachments: image, document, comment, link, bibliography entry, tag.
// Each may carry the feature's gfid (SPEC §5: attachments need a gfid) and review metadata.
import { z } from 'zod';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_DESCRIPTION_MIN, IMAGE_DESCRIPTION_MAX } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { FILE_NAME_PATTERN } from '../rules/files.ts';
import { gfidSchema, idSchema, requiredString, timestampSchema } from './common.ts';

const meta = {
  id: idSchema.optional(),
  gfid: gfidSchema.optional(),
  creator: z.string().optional(),
  createdat: timestampSchema.optional(),
};

export const imageAttachmentSchema = z.object({
  ...meta,
  name: requiredString(),
  // SPEC §5: up to 150 characters.
  description: z.string().trim().max(IMAGE_DESCRIPTION_MAX, { error: ERRORS.IMAGE_DESCRIPTION_TOO_LONG }).default(''),
  caption: z.string().optional(),
  size: z.number().nonnegative().optional(),
});
export type ImageAttachment = z.infer<typeof imageAttachmentSchema>;

export const documentAttachmentSchema = z.object({
  ...meta,
  // SPEC §5: file name only letters, numbers, spaces, dots, dashes, underscores.
  name: requiredString().regex(FILE_NAME_PATTERN, { error: ERRORS.INVALID_FILE_NAME }),
  // SPEC §5: description required, 3 to 50 characters.
  description: z
    .string({ error: ERRORS.DESCRIPTION_REQUIRED })
    .trim()
    .min(1, { error: ERRORS.DESCRIPTION_REQUIRED })
    .min(DOCUMENT_DESCRIPTION_MIN, { error: ERRORS.DOCUMENT_DESCRIPTION_LENGTH })
    .max(DOCUMENT_DESCRIPTION_MAX, { error: ERRORS.DOCUMENT_DESCRIPTION_LENGTH }),
});
export type DocumentAttachment = z.infer<typeof documentAttachmentSchema>;

export const commentSchema = z.object({
  ...meta,
  // SPEC §5: a comment must not be empty.
  comment: z.string({ error: ERRORS.COMMENT_EMPTY }).trim().min(1, { error: ERRORS.COMMENT_EMPTY }),
});
export type Comment = z.infer<typeof commentSchema>;

export const linkSchema = z.object({
  ...meta,
  // SPEC §5: resource link and short description required.
  link: z.string({ error: ERRORS.LINK_REQUIRED }).trim().min(1, { error: ERRORS.LINK_REQUIRED }),
  description: z.string({ error: ERRORS.LINK_REQUIRED }).trim().min(1, { error: ERRORS.LINK_REQUIRED }),
});
export type Link = z.infer<typeof linkSchema>;

export const bibliographySchema = z.object({
  ...meta,
  // SPEC §5: a bibliography item must not be empty.
  item: z.string({ error: ERRORS.BIBLIOGRAPHY_EMPTY }).trim().min(1, { error: ERRORS.BIBLIOGRAPHY_EMPTY }),
  itemCount: z.number({ error: ERRORS.NUMERIC_REQUIRED }).int().nonnegative().optional(),
});
export type Bibliography = z.infer<typeof bibliographySchema>;

export const tagSchema = z.object({
  ...meta,
  name: requiredString(),
});
export type Tag = z.infer<typeof tagSchema>;
