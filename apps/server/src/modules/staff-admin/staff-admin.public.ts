// What other modules may use of the staff administration module (DESIGN.md, Conventions 11): the check that the caller
// is staff holding an admin permission by 6.2's rule, not acting as someone, and the enterprises such staff may see
// under it (a grant limited to partners: their clients' enterprises only; decision 053).
export { requireStaff } from './staff-admin.service.ts';
export { visibleEnterprise } from './staff-permissions.service.ts';
