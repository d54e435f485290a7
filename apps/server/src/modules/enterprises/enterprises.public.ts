// What other modules may use of the enterprises module (DESIGN.md, Conventions 11): the one query of a user's
// memberships with their enterprise (the shell's enterprise list, the address book, the store, the staff area).
export { currentMembership, membershipsWithEnterprise, type MembershipWithEnterprise } from './enterprises.repo.ts';
// A farm business's crops by year (the farmer's home shows the bids of the crops grown, issue 17).
export { agronomicsOf } from './enterprises.repo.ts';
// The one enterprise access check (404 for a non-member, 403 accessDenied(flag)) for calls that name the enterprise by
// its uuid or numeric id (billing, decision 056).
export { enterpriseForAnyId } from './enterprises.service.ts';
// The enterprise such a call names, without the check (the team module checks membership by its own rules).
export { enterpriseByAnyId } from './enterprises.repo.ts';
