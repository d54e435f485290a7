// What other modules may use of the profit center (My Sales Lite) module (DESIGN.md, Conventions 11): the clients a
// farmer sells as (offers; app.ts hands it to the live events), and the farmer of a request (My Sales Lite's rule:
// 401, 403), for the farmer reads other modules own (a market's posts).
export { farmerClients, lacksAccessEverywhere, type FarmerClient } from './profit-center.repo.ts';
// Whether the user holds the profit center flag on one farm business (the marketing plan's business, decision 058).
export { holdsFlagOn } from './profit-center.repo.ts';
export { loadFarmer } from './profit-center.service.ts';
// The summary of one crop and crop year (production estimate, % sold, average price): the marketing plan's progress
// (marketing-plan module, decision 058). Types of the farmer it takes.
export { profitCropYearSummary } from './profit-summary.service.ts';
export type { Farmer } from './profit-center.service.ts';
