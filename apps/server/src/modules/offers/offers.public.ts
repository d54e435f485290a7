// What other modules may use of the offers module (DESIGN.md, Conventions 11): the price watcher, which bids run
// when an instrument's price changes.
export { checkOffers } from './offers.service.ts';
