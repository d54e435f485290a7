import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  enterpriseSelectiveFeaturesPutSchema,
  enterpriseSelectiveFeaturesSchema,
  enterprisesWithFeatureQuerySchema,
  enterprisesWithFeatureSchema,
  manualResourcePermissionGrantSchema,
  manualResourcePermissionsSchema,
  resourcePermissionsSchema,
  selectiveFeaturesCatalogueSchema,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import {
  changeManualPermission,
  enterpriseSelectiveFeatures,
  enterprisesHavingFeature,
  manualPermissionsOfUser,
  putEnterpriseSelectiveFeatures,
  resourcePermissionsOf,
  selectiveFeatureCatalogue,
} from './staff-permissions.service.ts';

const AUTH = '/api/auth';
const TAGS = ['identity'];
const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const session = { access: 'session' } as const;
const userParams = z.object({ userId: z.string().trim().min(1).max(64) });
const enterpriseParams = z.object({ legacyId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Manual resource permissions and selective features per enterprise, the staff tools under /api/auth of platform.md
 * 7.4 (issue 16; docs/decisions/053-staff-administration.md). The service checks staff and the admin permission.
 */
export const staffPermissionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    `${AUTH}/users/:userId/permissions/resource-permissions`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: "A user's resource permissions: automatic (memberships) and manual (view-manual-permissions)",
        params: userParams,
        response: { 200: resourcePermissionsSchema, ...readErrors },
      },
    },
    async (request) => resourcePermissionsOf(ctx, request, request.params.userId),
  );

  app.get(
    `${AUTH}/users/:userId/permissions/resource-permissions/manual`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: "A user's manual resource permissions (view-manual-permissions)",
        params: userParams,
        response: { 200: manualResourcePermissionsSchema, ...readErrors },
      },
    },
    async (request) => manualPermissionsOfUser(ctx, request, request.params.userId),
  );

  app.post(
    `${AUTH}/permissions/resource-permissions/manual`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Grant a user a permission on one enterprise by hand (grant-manual-permissions)',
        body: manualResourcePermissionGrantSchema,
        response: { 200: manualResourcePermissionsSchema, ...readErrors, 409: apiErrorSchema },
      },
    },
    async (request) => changeManualPermission(ctx, request, request.body, true),
  );

  app.delete(
    `${AUTH}/permissions/resource-permissions/manual`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Revoke a manual resource permission (grant-manual-permissions)',
        body: manualResourcePermissionGrantSchema,
        response: { 200: manualResourcePermissionsSchema, ...readErrors, 409: apiErrorSchema },
      },
    },
    async (request) => changeManualPermission(ctx, request, request.body, false),
  );

  app.get(
    `${AUTH}/selective-features`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'The selective features known and in use, with their enterprise counts (selective-features)',
        response: { 200: selectiveFeaturesCatalogueSchema, ...readErrors },
      },
    },
    async (request) => selectiveFeatureCatalogue(ctx, request),
  );

  app.get(
    `${AUTH}/enterprises/selective-features`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'The enterprises that have a selective feature (selective-features)',
        querystring: enterprisesWithFeatureQuerySchema,
        response: { 200: enterprisesWithFeatureSchema, ...readErrors },
      },
    },
    async (request) => enterprisesHavingFeature(ctx, request, request.query.feature),
  );

  app.get(
    `${AUTH}/enterprises/:legacyId/selective-features`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: "An enterprise's selective features (selective-features)",
        params: enterpriseParams,
        response: { 200: enterpriseSelectiveFeaturesSchema, ...readErrors },
      },
    },
    async (request) => enterpriseSelectiveFeatures(ctx, request, request.params.legacyId),
  );

  app.put(
    `${AUTH}/enterprises/:legacyId/selective-features`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: "Set an enterprise's selective features (selective-features; its profile's features)",
        params: enterpriseParams,
        body: enterpriseSelectiveFeaturesPutSchema,
        response: { 200: enterpriseSelectiveFeaturesSchema, ...readErrors },
      },
    },
    async (request) => putEnterpriseSelectiveFeatures(ctx, request, request.params.legacyId, request.body.features),
  );
};
