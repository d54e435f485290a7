// API tokens for integrations (issue 15; grain-marketing.md 7 'Authentication catalogue' users/:userLegacyId/tokens
// and .../tokens/:tokenId): an ERP or a script sends files as a user, for the scopes the token names only. The token is
// shown once when it is made (`gra_<prefix>_<secret>`); the server keeps its SHA-256 only, and lists the prefix, the
// scopes, when it was made, last used, when it expires and whether it was revoked.

import { z } from 'zod';
import { instant, noNul } from './api-fields.ts';

/** What a token may do: send files and records to the ingest endpoint, read the syncs' state and broken records. */
export const API_TOKEN_SCOPES = ['ingest:write', 'ingest:read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_NAME_MAX = 80;
/** Active (not revoked, not expired) tokens one user may hold. */
export const API_TOKEN_ACTIVE_LIMIT = 20;

/** `gra_` + 8 hex characters (the prefix, shown in lists) + `_` + 43 base64url characters (256 random bits). */
const TOKEN_PATTERN = /^gra_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

/** The prefix of a token in the API token format, or null when the text is not one. */
export function apiTokenPrefix(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

export function formatApiToken(prefix: string, secret: string): string {
  return `gra_${prefix}_${secret}`;
}

/** POST users/:userLegacyId/tokens. `expiresAt` is an instant in the future, or none for a token that does not expire. */
export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX).refine(noNul),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1)
    .transform((scopes) => API_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** `gra_<prefix>`: how the token is told apart in a list and in logs. */
  prefix: z.string(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
  expiresAt: instant.nullable(),
  revokedAt: instant.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/** The answer to a create: the token itself, this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export type ApiTokenState = 'active' | 'expired' | 'revoked';

/** Whether a listed token still works at `now`. */
export function apiTokenState(token: Pick<ApiToken, 'expiresAt' | 'revokedAt'>, now: Date = new Date()): ApiTokenState {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}
