// What other modules may use of payments (DESIGN.md, Conventions 11): the payment requests standing on a settlement
// (settlements refuses to void one a standing request holds; decision 044, addendum).
export { standingRequestsOfSettlement } from './payments.repo.ts';
