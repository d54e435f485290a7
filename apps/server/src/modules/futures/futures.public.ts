// What other modules may use of the futures module (DESIGN.md, Conventions 11): the latest quotes and the markets'
// rounding modes that bids are priced with, a root's quotes (the profit center's market summary), and the in-process
// hook after quotes change (the offers' price watcher).
export { findSymbol, latestQuotes, quotesWhere, roundingModesOf, roundingModesOfMarkets } from './futures.repo.ts';
export { notifyQuotesChanged, onQuotesChanged } from './quotes-listeners.ts';
