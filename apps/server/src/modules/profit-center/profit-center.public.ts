// What other modules may use of the profit center (My Sales Lite) module (DESIGN.md, Conventions 11): the clients a
// farmer sells as (offers; app.ts hands it to the live events).
export { farmerClients, type FarmerClient } from './profit-center.repo.ts';
