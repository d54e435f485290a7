// What other modules may use of the bids module (DESIGN.md, Conventions 11): the public read of a market's bids,
// which the public market page builds on.
export { publicBids } from './bids.repo.ts';
