// Uploads (platform.md 3.6, 4.4): one file per request, stored with its SHA-256; the owner alone sees, downloads
// and deletes it (a super admin may act for a user, as the applicator page lets them). Anyone else gets a 404,
// never a 403, so a guid tells a stranger nothing.

import { createHash } from 'node:crypto';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_BYTES_PER_USER,
  UPLOAD_MAX_FILES_PER_PARENT,
  cleanUploadFileName,
  isUploadContentType,
  type UploadedFile,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './uploads.repo.ts';

export type Uploader = { userId: string; isSuperAdmin: boolean };

export const TOO_LARGE_MESSAGE = `Files can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;

function view(r: repo.UploadRow): UploadedFile {
  return {
    guid: r.guid,
    parentGuid: r.parent_guid,
    fileName: r.file_name,
    contentType: r.content_type,
    size: r.size,
    sha256: r.sha256,
    status: r.status,
    createdAt: r.created_at,
  };
}

/** Whose files a call is about: the caller's own, or (super admin only) the named user's; otherwise 404. */
async function ownerFor(db: Db, who: Uploader, userId: string | undefined): Promise<string> {
  if (userId === undefined || userId === who.userId) return who.userId;
  if (!who.isSuperAdmin || !(await repo.userExists(db, userId))) throw new AppError('not_found');
  return userId;
}

export async function upload(
  db: Db,
  who: Uploader,
  input: { parentGuid: string; fileName: string; userId?: string | undefined; contentType: string; body: Buffer },
): Promise<UploadedFile> {
  const type = input.contentType.split(';')[0]!.trim().toLowerCase();
  if (!isUploadContentType(type)) throw new AppError('upload_type_not_allowed');
  if (input.body.length > UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', TOO_LARGE_MESSAGE);
  if (input.body.length === 0) throw new AppError('upload_empty');
  if (!looksLike(type, input.body))
    throw new AppError(
      'upload_type_not_allowed',
      'The file is not the kind it says it is. Upload a PDF, PNG or JPEG file.',
    );
  const owner = await ownerFor(db, who, input.userId);
  if ((await repo.countUploads(db, owner, input.parentGuid)) >= UPLOAD_MAX_FILES_PER_PARENT) {
    throw new AppError(
      'invalid_request',
      `At most ${UPLOAD_MAX_FILES_PER_PARENT} files can be attached here. Remove one first.`,
      { reason: 'upload_limit' },
    );
  }
  if ((await repo.bytesOf(db, owner)) + input.body.length > UPLOAD_MAX_BYTES_PER_USER) {
    throw new AppError('invalid_request', 'Your uploaded files are using all the space allowed. Remove some first.', {
      reason: 'upload_quota',
    });
  }
  const row = await repo.insertUpload(db, {
    userId: owner,
    parentGuid: input.parentGuid,
    fileName: cleanUploadFileName(input.fileName),
    contentType: type,
    sha256: createHash('sha256').update(input.body).digest('hex'),
    bytes: input.body,
  });
  return view(row);
}

/** The first bytes of each allowed kind, so a file labelled PDF is one (and is served as what it is). */
function looksLike(type: string, body: Buffer): boolean {
  if (type === 'application/pdf') return body.subarray(0, 5).toString('latin1') === '%PDF-';
  if (type === 'image/png')
    return body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;
}

export async function list(db: Db, who: Uploader, parentGuid: string, userId?: string): Promise<UploadedFile[]> {
  return (await repo.uploadsOf(db, await ownerFor(db, who, userId), parentGuid)).map(view);
}

async function reachable(db: Db, who: Uploader, guid: string): Promise<string> {
  const owner = await repo.uploadOwner(db, guid);
  if (owner === null || (owner !== who.userId && !who.isSuperAdmin)) throw new AppError('not_found');
  return owner;
}

export async function download(db: Db, who: Uploader, guid: string): Promise<{ file: UploadedFile; bytes: Buffer }> {
  await reachable(db, who, guid);
  const row = await repo.uploadContent(db, guid);
  if (!row) throw new AppError('not_found');
  return { file: view(row), bytes: Buffer.from(row.bytes) };
}

export async function remove(db: Db, who: Uploader, guid: string): Promise<void> {
  const owner = await reachable(db, who, guid);
  if (!(await repo.deleteUpload(db, guid, owner))) throw new AppError('not_found');
}
