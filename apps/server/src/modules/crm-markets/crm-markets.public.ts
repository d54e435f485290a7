// What other modules may use of the CRM markets module (DESIGN.md, Conventions 11): a client's next follow-up and
// its row as the API sends it (the client detail).
export { followupRow } from './crm-markets.service.ts';
export { nextFollowup } from './crm-markets.repo.ts';
