// users/:userLegacyId/tokens (issue 15): a user's integration tokens. Only the user themself manages them, or a super
// admin; anyone else's id answers 404 as an unknown one does. A token is made for a buyer of a partner (it sends that
// partner's files), shown once, kept as its SHA-256; revoking keeps the row so the list still shows it.

import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_ACTIVE_LIMIT,
  formatApiToken,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenListResponse,
  type ApiTokenScope,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import {
  countActiveTokens,
  findToken,
  findUserByLegacyId,
  insertToken,
  listTokens,
  revokeToken,
  type ApiTokenRow,
} from './api-tokens.repo.ts';

type Owner = NonNullable<Awaited<ReturnType<typeof findUserByLegacyId>>>;
type Scope = { owner: Owner; realUser: UserRow; actingAs: UserRow | null };

/** The token owner named by the path, when the caller may manage their tokens; 404 otherwise. */
async function ownerScope(ctx: AppContext, request: FastifyRequest, legacyId: number): Promise<Scope> {
  const state = await requireSession(ctx, request);
  const realUser = state.actor ?? state.user;
  const owner = await findUserByLegacyId(ctx.database.db, legacyId);
  const mayManage = owner !== null && (owner.id === realUser.id || realUser.isSuperAdmin);
  if (!owner || !mayManage) throw new AppError('not_found', `No user ${legacyId}.`);
  return { owner, realUser, actingAs: state.actor ? state.user : null };
}

function toApi(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: `gra_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function tokensOf(
  ctx: AppContext,
  request: FastifyRequest,
  legacyId: number,
): Promise<ApiTokenListResponse> {
  const { owner } = await ownerScope(ctx, request, legacyId);
  const rows = await listTokens(ctx.database.db, owner.id);
  return { tokens: rows.map(toApi) };
}

export async function createToken(
  ctx: AppContext,
  request: FastifyRequest,
  legacyId: number,
  input: { name: string; scopes: ApiTokenScope[]; expiresAt?: string | null | undefined },
  now: Date = new Date(),
): Promise<ApiTokenCreated> {
  const db = ctx.database.db;
  const { owner, realUser, actingAs } = await ownerScope(ctx, request, legacyId);
  if (owner.status !== 'active') throw new AppError('forbidden', 'A suspended user cannot hold API tokens.');
  if (!owner.partnerId || owner.experiences.grain_buying !== true)
    throw new AppError('forbidden', 'API tokens are for the buyers of a partner.');
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw new AppError('invalid_request', 'The expiry must be in the future.', { field: 'expiresAt' });
  if ((await countActiveTokens(db, owner.id, now)) >= API_TOKEN_ACTIVE_LIMIT)
    throw new AppError('conflict', `At most ${API_TOKEN_ACTIVE_LIMIT} active tokens: revoke one first.`);
  const prefix = randomBytes(4).toString('hex');
  const token = formatApiToken(prefix, randomToken(32));
  const row = await insertToken(db, {
    userId: owner.id,
    name: input.name,
    scopes: input.scopes,
    prefix,
    tokenHash: sha256(token),
    expiresAt,
    createdByUserId: realUser.id,
  });
  await audit(db, request, {
    actorUserId: realUser.id,
    actingAsUserId: actingAs?.id ?? null,
    action: 'api_token_create',
    targetType: 'api_token',
    targetId: row.id,
    details: { userId: owner.id, name: row.name, scopes: row.scopes, prefix: `gra_${prefix}`, expiresAt },
  });
  return { ...toApi(row), token };
}

/** Revokes a token (revoking one already revoked changes nothing). */
export async function revokeUserToken(
  ctx: AppContext,
  request: FastifyRequest,
  legacyId: number,
  tokenId: string,
  now: Date = new Date(),
): Promise<void> {
  const db = ctx.database.db;
  const { owner, realUser, actingAs } = await ownerScope(ctx, request, legacyId);
  const token = await findToken(db, owner.id, tokenId);
  if (!token) throw new AppError('not_found', 'No such token.');
  const revoked = await revokeToken(db, token.id, now);
  if (!revoked) return;
  await audit(db, request, {
    actorUserId: realUser.id,
    actingAsUserId: actingAs?.id ?? null,
    action: 'api_token_revoke',
    targetType: 'api_token',
    targetId: token.id,
    details: { userId: owner.id, name: token.name, prefix: `gra_${token.prefix}` },
  });
}
