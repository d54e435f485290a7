// What other modules may use of payments (DESIGN.md, Conventions 11): the payment requests standing on a settlement
// (settlements refuses to void one a standing request holds; decision 044, addendum).
export { standingRequestsOfSettlement } from './payments.repo.ts';
// The farmer's payment requests with their payments, financial access only (the farmer's home, issue 17).
export { farmerRequests } from './farmer-payments.service.ts';
