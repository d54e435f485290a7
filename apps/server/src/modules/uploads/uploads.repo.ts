// Uploaded files (store_uploads). Only this file touches the table; every read and delete names the owner.

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';

export type UploadRow = {
  guid: string;
  parent_guid: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  status: 'completed';
  created_at: string;
};

const cols = sql`guid::text, parent_guid, file_name, content_type, size, sha256, status,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export async function insertUpload(
  db: Db,
  u: { userId: string; parentGuid: string; fileName: string; contentType: string; sha256: string; bytes: Buffer },
): Promise<UploadRow> {
  return rowsOf<UploadRow>(
    await db.execute(sql`
      insert into store_uploads (user_id, parent_guid, file_name, content_type, size, sha256, bytes, status)
      values (${u.userId}::uuid, ${u.parentGuid}, ${u.fileName}, ${u.contentType}, ${u.bytes.length}, ${u.sha256}, ${u.bytes}, 'completed')
      returning ${cols}`),
  )[0]!;
}

/** A parent's files of one owner, oldest first. */
export async function uploadsOf(db: Db, userId: string, parentGuid: string): Promise<UploadRow[]> {
  return rowsOf<UploadRow>(
    await db.execute(sql`
      select ${cols} from store_uploads
      where user_id = ${userId}::uuid and parent_guid = ${parentGuid}
      order by created_at, guid limit 200`),
  );
}

export async function uploadOwner(db: Db, guid: string): Promise<string | null> {
  return (
    rowsOf<{ user_id: string }>(
      await db.execute(sql`select user_id::text from store_uploads where guid = ${guid}::uuid`),
    )[0]?.user_id ?? null
  );
}

export async function uploadContent(
  db: Db,
  guid: string,
): Promise<(UploadRow & { bytes: Buffer | Uint8Array }) | null> {
  return (
    rowsOf<UploadRow & { bytes: Buffer | Uint8Array }>(
      await db.execute(sql`select ${cols}, bytes from store_uploads where guid = ${guid}::uuid`),
    )[0] ?? null
  );
}

export async function deleteUpload(db: Db, guid: string, userId: string): Promise<boolean> {
  return (
    rowsOf(
      await db.execute(
        sql`delete from store_uploads where guid = ${guid}::uuid and user_id = ${userId}::uuid returning guid`,
      ),
    ).length > 0
  );
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from users where id = ${userId}::uuid`)).length > 0;
}

/** Removes a parent's files (its record was deleted), in the caller's transaction. */
export async function deleteUploadsOf(db: Db, userId: string, parentGuid: string): Promise<void> {
  await db.execute(sql`delete from store_uploads where user_id = ${userId}::uuid and parent_guid = ${parentGuid}`);
}

export async function countUploads(db: Db, userId: string, parentGuid: string): Promise<number> {
  return Number(
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from store_uploads where user_id = ${userId}::uuid and parent_guid = ${parentGuid}`,
      ),
    )[0]!.n,
  );
}

export async function bytesOf(db: Db, userId: string): Promise<number> {
  return Number(
    rowsOf<{ n: string }>(
      await db.execute(
        sql`select coalesce(sum(size), 0)::bigint::text as n from store_uploads where user_id = ${userId}::uuid`,
      ),
    )[0]!.n,
  );
}
