// What other modules may use of the CRM contracts module (DESIGN.md, Conventions 11): the contract list's query
// plan and rule conditions (the markets dashboard's task counts), the contract record's columns (a client's
// contracts) and a contract's ticket applications (My Sales Lite).
export { countRows, listPlan } from './crm-contracts.service.ts';
export { conditionSql } from './contract-sql.ts';
export { contractRecordFields } from './crm-contracts.repo.ts';
export { listTicketApplications } from './contract-record.repo.ts';
// The structured addenda a partner starts with (the demo seed; decision 041).
export { seedStructuredAddendaNames } from './pricing-operations.repo.ts';
