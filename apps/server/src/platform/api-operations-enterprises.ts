/** The enterprise profile calls (issue 16, decision 050): the `enterprises` module's lines of the API reference. */
const ENTERPRISES_OPERATIONS: Readonly<Record<string, string>> = {
  'GET /api/effu/enterprises/:enterpriseId/profile': "An enterprise's profile (platform.md 3.3) by its legacy id",
  'GET /api/effu/v1/enterprises/:enterpriseId/profile': "An enterprise's first-version profile (name, crops, location)",
  'GET /api/effu/enterprises/:enterpriseId/fields': "An enterprise's fields and their summary (count, acres)",
  'GET /api/effu/v2/enterprises/:enterprisePublicId/profile': "An enterprise's profile by its public id",
  'GET /api/effu/v2/users/:userPublicId/profile': "A user's profile with their enterprises",
  'PATCH /api/effu/profile/partial': "Change an enterprise's profile (owner or has_manage)",
  'GET /api/effu/software-tools': 'The farm-management software an enterprise may say it uses',
  'GET /api/effu/monitor-brands': 'The planting, harvest and application monitor brands',
  'GET /api/effu/user/:userPublicId/enterprises':
    "A user's enterprises (their own, or staff with list-all-user-details)",
  'GET /api/effu/user/:userPublicId/enterprise/:enterprisePublicId': "One of a user's enterprises, its profile",
  'PUT /api/effu/user/current-enterprise': 'Select the current enterprise (the header switcher), kept with the session',
  'GET /api/effu/enterprises/:enterpriseId/contributed-data':
    'Whether the enterprise has contributed data (fields, agronomics)',
  'GET /api/effu/enterprises/:enterpriseId/data-feature-unlocks': 'The features its contributed data unlocks',
  'GET /api/effu/enterprises/:enterpriseId/qualifying-questions': 'The qualifying questions with their answers',
  'PUT /api/effu/enterprises/:enterpriseId/qualifying-questions/answers': 'Answer qualifying questions (has_manage)',
  'PUT /api/effu/enterprises/:enterpriseId/qualifying-questions/business-units': 'Set the business units (has_manage)',
  'PUT /api/effu/enterprises/:enterpriseId/qualifying-questions/hide': 'Hide or show the qualifying questions prompt',
  'GET /api/effu/enterprises/:enterpriseId/agronomics':
    "The enterprise's agronomic summaries by crop year (has_agronomics)",
  'PUT /api/effu/enterprises/:enterpriseId/agronomics': 'Save a crop year and crop summary (has_agronomics)',
  'DELETE /api/effu/enterprises/:enterpriseId/agronomics/:cropYear/:crop': 'Remove a crop year and crop summary',
  'GET /api/auth/user/:userId/profile': "The signed-in user's profile",
  'PATCH /api/auth/user/:userId/profile': "Change the signed-in user's first and last name",
  'POST /api/auth/users/:userId/phone_number/delete': "Remove the signed-in user's phone number",
  'GET /api/auth/users/:userId/permissions/readable-enterprise-facts': "The facts of a user's enterprises",
};

/** The 'enterprises' area of the API reference (api-operations.ts lists it). */
export const ENTERPRISES_AREA = {
  tag: 'enterprises',
  description:
    'The farm business (enterprise) of platform.md 3.3: its profile, fields, qualifying questions, contributed ' +
    "data and agronomics, a user's enterprises and the current-enterprise switcher, and the user's own profile.",
  modules: { enterprises: ENTERPRISES_OPERATIONS },
};
