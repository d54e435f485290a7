// The staff administration area (issue 16; platform.md 4.1 'User lifecycle', 6.2, 6.4, 6.5, 7.4 'Users admin list',
// users/:id/unlock|suspend|unsuspend, user/:id/delete|recover, enterprises/admin-list; 8.4): Granary's staff find any
// user of the platform, read their enterprises, sessions and recent audit, act on their account and grant roles and
// admin permissions. snake_case on the wire (platform.md 3: server fields arrive in snake_case); the web reads them
// camelCased (`CamelCased`). See docs/decisions/053-staff-administration.md.

import { z } from 'zod';
import { COMMUNITY_BUILDER_ROLES } from '../store/dialogs.ts';

/** platform.md 6.4: the roles of Granary's employees (employee_info.role). */
export const EMPLOYEE_ROLES = [
  'seed_specialist',
  'account_manager',
  'direct_specialist',
  'farm_marketing_associate',
  'crop_insurance_agent',
  'farm_marketing_advisor',
  'account_executive',
  'inside_account_executive',
  'outside_account_executive',
  'regional_account_manager',
  'regional_manager',
  'regional_vice_president',
  'risk_management_advisor',
  'livestock_account_executive',
  'cx_representative',
  'primary_account_executive',
  'regional_proprietary_agronomist',
  'finance_account_executive',
  'sustainability_program_leads',
  'loan_advisor',
] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/**
 * The admin permissions of platform.md 6.5 that the staff area grants and revokes: the accounts-and-access and
 * role-administration groups (the ones the platform's own tools check). A value is true, 'all' or a list of ids
 * (partner ids for the account tools), checked by 6.2's rule.
 */
export const STAFF_ADMIN_PERMISSIONS = [
  'developer-debug',
  'act-as',
  'suspend-account',
  'restore-delete-users',
  'reset-password',
  'list-all-user-details',
  'selective-features',
  'create-primary-account',
  'create-professional-account',
  'create-australian-account',
  'grant-permissions',
  'manage-admins',
  'manage-apis',
  'upload',
  'community-moderation',
  'manage-enterprise-data-unlock',
  'manage-member-verification',
  'view-manual-act-as',
  'view-rbac',
  'view-manual-permissions',
  'view-crm-roles',
  'grant-manual-act-as',
  'grant-manual-permissions',
] as const;
export type StaffAdminPermission = (typeof STAFF_ADMIN_PERMISSIONS)[number];

/** The lifecycle actions of platform.md 4.1 and the admin permission each needs (6.5). */
export const USER_LIFECYCLE_ACTIONS = ['suspend', 'unsuspend', 'unlock', 'delete', 'recover'] as const;
export type UserLifecycleAction = (typeof USER_LIFECYCLE_ACTIONS)[number];
export const LIFECYCLE_PERMISSION: Record<UserLifecycleAction, StaffAdminPermission> = {
  suspend: 'suspend-account',
  unsuspend: 'suspend-account',
  unlock: 'suspend-account',
  delete: 'restore-delete-users',
  recover: 'restore-delete-users',
};

/** Which admin permission each part of the area needs (the server checks each; the web hides what it cannot use). */
export const STAFF_AREA_PERMISSIONS = {
  users: 'list-all-user-details',
  roles: 'grant-permissions',
  adminPermissions: 'manage-admins',
  resetPassword: 'reset-password',
  endSessions: 'suspend-account',
} as const satisfies Record<string, StaffAdminPermission>;

export const STAFF_USERS_PAGE_SIZE = 25;

/** Deep camelCase of a snake_case wire type (what the web's request wrapper gives with `snakeCase`). */
type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : S;
export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: CamelCased<T[K]> }
    : T;

const searchText = z
  .string()
  .trim()
  .max(100)
  .refine((s) => !s.includes('\u0000'), 'No NUL characters');

export const staffListQuerySchema = z.object({
  search: searchText.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(STAFF_USERS_PAGE_SIZE),
  pagination_token: z.string().max(2048).optional(),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

export const accountStatusSchema = z.enum(['active', 'suspended', 'deleted']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const instant = z.string();

/** Who a user is, as the list and the user page show them. */
const staffPersonFields = {
  id: z.string(),
  legacy_id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone_number: z.string().nullable(),
  status: accountStatusSchema,
};

export const staffUserRowSchema = z.object({
  ...staffPersonFields,
  enterprise_names: z.array(z.string()),
  is_staff: z.boolean(),
  last_login_at: instant.nullable(),
});
export type StaffUserRow = z.infer<typeof staffUserRowSchema>;

const pageFields = {
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  pagination_token: z.string().nullable(),
};

export const staffUsersListSchema = z.object({ users: z.array(staffUserRowSchema), ...pageFields });
export type StaffUsersList = z.infer<typeof staffUsersListSchema>;

export const staffEnterpriseRowSchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  country_code: z.string(),
  members_count: z.number().int(),
  owner_names: z.array(z.string()),
});
export const staffEnterprisesListSchema = z.object({ enterprises: z.array(staffEnterpriseRowSchema), ...pageFields });
export type StaffEnterprisesList = z.infer<typeof staffEnterprisesListSchema>;

const adminPermissionValueSchema = z.union([z.literal(true), z.literal('all'), z.array(z.string().min(1).max(100))]);

export const staffUserDetailSchema = z.object({
  ...staffPersonFields,
  /** Password sign-ins are refused for a while (too many wrong passwords): unlock lifts it. */
  locked: z.boolean(),
  verification_status: z.string(),
  partner_id: z.string().nullable(),
  country_code: z.string(),
  is_super_admin: z.boolean(),
  employee_role: z.string().nullable(),
  community_builder_roles: z.array(z.string()),
  admin_permissions: z.record(z.string(), adminPermissionValueSchema),
  created_at: instant,
  last_login_at: instant.nullable(),
  enterprises: z.array(
    z.object({
      id: z.number().int(),
      public_id: z.string(),
      name: z.string(),
      role: z.string(),
      permissions: z.array(z.string()),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      created_at: instant,
      last_seen_at: instant,
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      acting_as: z.boolean(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      at: instant,
      actor_name: z.string().nullable(),
      /** What the entry is about, in words: a person's name, a contract's number, an enterprise's name; or null. */
      target_name: z.string().nullable(),
      /** The entry was made by this user (actor), about them (target), or while someone acted as them. */
      relation: z.enum(['actor', 'target', 'acted_as']),
    }),
  ),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

export const staffUserIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export const staffRolesPutSchema = z.object({
  employee_role: z.enum(EMPLOYEE_ROLES).nullable(),
  community_builder_roles: z
    .array(z.enum(COMMUNITY_BUILDER_ROLES))
    .max(COMMUNITY_BUILDER_ROLES.length)
    .transform((roles) => COMMUNITY_BUILDER_ROLES.filter((r) => roles.includes(r))),
});
export type StaffRolesPut = z.input<typeof staffRolesPutSchema>;

/** Grant (or change) one admin permission: true, 'all' or a list of ids (platform.md 6.2). */
export const adminPermissionGrantSchema = z.object({
  permission: z.enum(STAFF_ADMIN_PERMISSIONS),
  value: adminPermissionValueSchema.refine(
    (v) => !Array.isArray(v) || (v.length > 0 && v.length <= 200),
    'A list holds 1 to 200 ids',
  ),
});
export type AdminPermissionGrant = z.input<typeof adminPermissionGrantSchema>;
export const adminPermissionParamsSchema = z.object({
  id: z.string().trim().min(1).max(64),
  permission: z.enum(STAFF_ADMIN_PERMISSIONS),
});

export const lifecycleResultSchema = z.object({ status: accountStatusSchema, locked: z.boolean() });

// ---------------------------------------------------------------------------------------------------
// Manual resource permissions (platform.md 6.2 'resource permissions (automatic and manual)'; 7.4 under /api/auth
// users/:userId/permissions/resource-permissions (and /manual), permissions/resource-permissions/manual)

/** A permission on one enterprise (an access flag of 3.3, by the enterprise's legacy id). */
export const RESOURCE_TYPES = ['enterprise'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

const resourcePermissionSchema = z.object({
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z.string(),
  resource_name: z.string().nullable(),
  permission: z.string(),
});

export const manualResourcePermissionSchema = resourcePermissionSchema.extend({
  id: z.number().int(),
  granted_by_name: z.string().nullable(),
  created_at: instant,
  /**
   * Whether the caller may revoke it: they hold grant-manual-permissions for the enterprise (a grant limited to some
   * partners reaches only those partners' clients' enterprises, decision 053).
   */
  revocable: z.boolean(),
});
export type ManualResourcePermission = z.infer<typeof manualResourcePermissionSchema>;

export const resourcePermissionsSchema = z.object({
  /** What the user's memberships give them (an owner every flag of the enterprise). */
  automatic: z.array(resourcePermissionSchema),
  /** What staff granted by hand. */
  manual: z.array(manualResourcePermissionSchema),
});
export type ResourcePermissions = z.infer<typeof resourcePermissionsSchema>;
export const manualResourcePermissionsSchema = z.object({ manual: z.array(manualResourcePermissionSchema) });

export const manualResourcePermissionGrantSchema = z.object({
  user_id: z.string().trim().min(1).max(64),
  resource_type: z.enum(RESOURCE_TYPES),
  resource_id: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'An enterprise id'),
  permission: z.string().trim().min(1).max(60),
});
export type ManualResourcePermissionGrant = z.input<typeof manualResourcePermissionGrantSchema>;

// ---------------------------------------------------------------------------------------------------
// Selective features per enterprise (platform.md 6.2, 6.5 selective-features; 7.4 under /api/auth
// enterprises/:legacyId/selective-features, selective-features, enterprises/selective-features)

/** The features the platform knows (6.5's selective-feature-pay-by-check and the tax vendor's). */
export const KNOWN_SELECTIVE_FEATURES = ['pay-by-check', 'tax-exemption'] as const;
export const SELECTIVE_FEATURE_PATTERN = /^[a-z0-9][a-z0-9-]{1,59}$/;

const featureName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SELECTIVE_FEATURE_PATTERN, 'Lower-case letters, digits and -');

export const selectiveFeaturesCatalogueSchema = z.object({
  features: z.array(z.object({ name: z.string(), enterprises_count: z.number().int() })),
});
export const enterpriseSelectiveFeaturesSchema = z.object({
  enterprise_id: z.number().int(),
  name: z.string(),
  features: z.array(z.string()),
});
export type EnterpriseSelectiveFeatures = z.infer<typeof enterpriseSelectiveFeaturesSchema>;
export const enterpriseSelectiveFeaturesPutSchema = z.object({
  features: z
    .array(featureName)
    .max(50)
    .transform((names) => [...new Set(names)].sort()),
});
export const enterprisesWithFeatureQuerySchema = z.object({ feature: featureName });
export const enterprisesWithFeatureSchema = z.object({
  enterprises: z.array(z.object({ enterprise_id: z.number().int(), name: z.string() })),
});
