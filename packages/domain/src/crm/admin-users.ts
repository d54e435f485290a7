// The CRM administrator's users (issue 15; grain-marketing.md 6, 7 'admin users' and 'admin users/:userId/permissions',
// 8 'CRM' admin user errors): the partner's users, their invitations, the per-market permission matrix and the
// admin permissions. Shared by the server (request and answer schemas) and the web (forms and pages).

import { z } from 'zod';
import { EMAIL_PATTERN } from '../identity/patterns.ts';
import { instant, noNul } from './api-fields.ts';
import { ADMIN_PERMISSIONS, MARKET_PERMISSIONS, type AdminGrants, type AdminPermission } from './permissions.ts';

export const USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USERS_PAGE_SIZE = 25;

const NAME_MAX = 100;
const nameSchema = z.string().trim().min(1).max(NAME_MAX).refine(noNul);
const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN)
  .transform((s) => s.toLowerCase());
/** A phone number as typed; the server reads it with libphonenumber ('The mobile phone number is invalid'). */
const phoneSchema = z.string().trim().max(40).refine(noNul);

export const marketPermissionSchema = z.enum(MARKET_PERMISSIONS);
export const adminPermissionSchema = z.enum(ADMIN_PERMISSIONS);

/** One market's row of the matrix: the permissions granted there (none: the market is not the user's). */
export const marketGrantSchema = z.object({
  marketId: z.number().int().positive(),
  permissions: z.array(marketPermissionSchema).max(MARKET_PERMISSIONS.length),
});
export type MarketGrant = z.infer<typeof marketGrantSchema>;

const marketGrantsSchema = z
  .array(marketGrantSchema)
  .max(5000)
  .refine((rows) => new Set(rows.map((r) => r.marketId)).size === rows.length, 'Each market once');
const adminPermissionsSchema = z
  .array(adminPermissionSchema)
  .max(ADMIN_PERMISSIONS.length)
  .transform((ps) => ADMIN_PERMISSIONS.filter((p) => ps.includes(p)));

// ---------------------------------------------------------------------------------------------------
// List

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).refine(noNul).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  paginationToken: z.string().max(2048).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  /** Markets on which the user holds any permission. */
  marketsCount: z.number().int(),
  adminPermissions: z.array(adminPermissionSchema),
  lastSignInAt: instant.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const invitationRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  marketsCount: z.number().int(),
  adminPermissions: z.array(adminPermissionSchema),
  sentAt: instant,
  expiresAt: instant,
  /** The link is no longer valid (resend to send a new one). */
  expired: z.boolean(),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

export const adminUsersListSchema = z.object({
  users: z.array(adminUserRowSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  paginationToken: z.string().nullable(),
  /** The partner's pending invitations (newest first). */
  invitations: z.array(invitationRowSchema),
});
export type AdminUsersList = z.infer<typeof adminUsersListSchema>;

// ---------------------------------------------------------------------------------------------------
// Invite

export const inviteUserSchema = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phoneNumber: phoneSchema.nullish().transform((p) => (p ? p : null)),
  markets: marketGrantsSchema.default([]),
  adminPermissions: adminPermissionsSchema.default([]),
});
export type InviteUser = z.input<typeof inviteUserSchema>;

// ---------------------------------------------------------------------------------------------------
// One user

export const adminUserSchema = adminUserRowSchema.extend({
  phoneNumber: z.string().nullable(),
  createdAt: instant,
  /** The user is the caller (who cannot suspend themself nor drop their own buyer-admin). */
  isSelf: z.boolean(),
  /** The version an If-Match names (PATCH, PUT permissions). */
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPatchSchema = z
  .object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    phoneNumber: phoneSchema.nullable().optional(),
    status: z.enum(USER_STATUSES).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');
export type AdminUserPatch = z.input<typeof adminUserPatchSchema>;

// ---------------------------------------------------------------------------------------------------
// The permission matrix

export const permissionMatrixMarketSchema = z.object({
  marketId: z.number().int(),
  displayName: z.string().nullable(),
  city: z.string(),
  administrativeAreaLevel1: z.string(),
  permissions: z.array(marketPermissionSchema),
});
export type PermissionMatrixMarket = z.infer<typeof permissionMatrixMarketSchema>;

export const userPermissionsSchema = z.object({
  userId: z.number().int(),
  version: z.number().int(),
  /** Every market of the partner, in id order. */
  markets: z.array(permissionMatrixMarketSchema),
  adminPermissions: z.array(adminPermissionSchema),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

export const userPermissionsPutSchema = z.object({
  /** Markets left out keep nothing (the matrix is written whole). */
  markets: marketGrantsSchema,
  adminPermissions: adminPermissionsSchema,
});
export type UserPermissionsPut = z.input<typeof userPermissionsPutSchema>;

/** The admin permissions a user's stored grants hold on every market or some (grain-marketing.md 6). */
export function adminPermissionList(grants: AdminGrants | null | undefined): AdminPermission[] {
  if (!grants) return [];
  if (Array.isArray(grants)) return ADMIN_PERMISSIONS.filter((p) => (grants as readonly string[]).includes(p));
  const record = grants as Readonly<Record<string, unknown>>;
  return ADMIN_PERMISSIONS.filter((p) => {
    const v = record[p];
    return v === true || v === 'all' || (Array.isArray(v) && v.length > 0);
  });
}

// ---------------------------------------------------------------------------------------------------
// The invitation, as the invited person sees it (/api/auth/invitations/:token)

export const invitationInfoSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The partner's trade name. */
  partnerName: z.string(),
  inviterName: z.string().nullable(),
  /** An account with this e-mail exists: it joins by signing in as it (no password set here). */
  accountExists: z.boolean(),
  /** The caller is signed in as that account: accepting needs no password. */
  signedInAsInvitee: z.boolean(),
  expiresAt: instant,
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  /** Not needed when the caller is signed in as the invited account. */
  password: z.string().max(256).optional(),
});
export type AcceptInvitation = z.input<typeof acceptInvitationSchema>;

export const acceptedInvitationSchema = z.object({ redirect: z.string() });
