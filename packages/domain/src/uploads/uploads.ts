// Uploaded files (platform.md 3.6 'Upload file', 4.4 upload states, 2.10 the uploader panel). One file is one
// request: its bytes are the raw body, its name and parent in the query. Shared by the server (route schemas,
// limits) and the web (the uploader's checks before sending, types).

import { z } from 'zod';
import { withoutControlCharacters } from '../format/text.ts';

export const UPLOADS_API = '/api/uploads';

/** At most 10 MB a file. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many files under one parent (a licence's scans), so one record cannot fill the database. */
export const UPLOAD_MAX_FILES_PER_PARENT = 20;
/** All of a user's files together: 200 MB. */
export const UPLOAD_MAX_BYTES_PER_USER = 200 * 1024 * 1024;
/** What may be uploaded: scans and photos of documents. */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** Upload states of platform.md 4.4 (the browser's; a stored file is 'completed'). */
export const UPLOAD_STATUSES = ['pending', 'uploading', 'completed', 'canceled', 'paused', 'error'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A parent guid names what a file belongs to: 'applicator-licence:42', or a bare uuid. */
export const UPLOAD_PARENT_PATTERN =
  /^[a-z][a-z0-9-]{0,40}:[A-Za-z0-9-]{1,64}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uploadParentGuidSchema = z.string().regex(UPLOAD_PARENT_PATTERN, 'Expected a parent guid');

export function isUploadContentType(type: string): type is UploadContentType {
  return (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type.split(';')[0]!.trim().toLowerCase());
}

/** Why a file cannot be uploaded before sending it: too large, empty, or not a PDF/PNG/JPEG. */
export function uploadProblem(file: {
  size: number;
  type: string;
}): 'upload_too_large' | 'upload_empty' | 'upload_type_not_allowed' | null {
  if (!isUploadContentType(file.type)) return 'upload_type_not_allowed';
  if (file.size > UPLOAD_MAX_BYTES) return 'upload_too_large';
  if (file.size === 0) return 'upload_empty';
  return null;
}

/** A stored file name: no path, no control characters, at most 200 characters; never empty. */
export function cleanUploadFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = withoutControlCharacters(base).replace(/"/g, '').trim().slice(0, 200);
  return clean === '' ? 'file' : clean;
}

/** POST /api/uploads?parentGuid=…&fileName=…[&userId=…]: the body is the file. userId: a super admin acting for a user. */
export const uploadQuerySchema = z
  .object({
    parentGuid: uploadParentGuidSchema,
    fileName: z.string().min(1).max(400),
    userId: z.string().uuid().optional(),
  })
  .strict();
/** GET /api/uploads?parentGuid=…[&userId=…] */
export const uploadListQuerySchema = z
  .object({ parentGuid: uploadParentGuidSchema, userId: z.string().uuid().optional() })
  .strict();

export const uploadSchema = z.object({
  guid: z.string().uuid(),
  parentGuid: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadSchema>;
export const uploadListSchema = z.object({ files: z.array(uploadSchema) });
