// What other modules may use of the bids module (DESIGN.md, Conventions 11): the public read of a market's bids,
// which the public market page builds on.
export { publicBidRowsByIds, publicBids } from './bids.repo.ts';
// A bid's daily closes (bid_history, decision 057 addendum): the profit center's bid chart and the basis analysis.
export { bidHistoryBetween, type BidHistoryPoint } from './bid-history.repo.ts';
