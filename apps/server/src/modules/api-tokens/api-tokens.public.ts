// What other modules use of API tokens (issue 15): the ingest endpoint authenticates an integration's bearer token.

import { apiTokenPrefix, type ApiTokenScope } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { safeEqual, sha256 } from '../../platform/crypto.ts';
import { findTokenForAuth, touchToken } from './api-tokens.repo.ts';

export type ApiTokenPrincipal = { userId: string; partnerId: string; scopes: ApiTokenScope[]; tokenId: string };

/**
 * The user and scopes an API token (`gra_<prefix>_<secret>`, with or without `Bearer `) acts for, or null: unknown,
 * wrong secret (compared in constant time), revoked, expired, or its user suspended, deleted or no longer a partner's
 * buyer. The token's last use is written at most once a minute. The caller checks the scope it needs.
 */
export async function authenticateApiToken(
  db: Db,
  bearer: string,
  now: Date = new Date(),
): Promise<ApiTokenPrincipal | null> {
  const token = bearer.replace(/^Bearer\s+/i, '').trim();
  const prefix = apiTokenPrefix(token);
  if (!prefix) return null;
  const row = await findTokenForAuth(db, prefix);
  if (!row || !safeEqual(sha256(token), row.tokenHash)) return null;
  if (row.revokedAt !== null) return null;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.userStatus !== 'active' || !row.partnerId) return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= 60_000) await touchToken(db, row.id, now);
  return { userId: row.userId, partnerId: row.partnerId, scopes: row.scopes, tokenId: row.id };
}
