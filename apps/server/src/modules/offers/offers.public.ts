// What other modules may use of the offers module (DESIGN.md, Conventions 11): the price watcher, which bids run
// when an instrument's price changes, and its count of the offers a basis change would hit.
export { checkOffers, offersHitByBasis } from './offers.service.ts';
// The farmer's offers and their markets, My Sales Lite's rule (the farmer's home, issue 17).
export { farmerOffers } from './farmer-offers.service.ts';
