// What other modules may use of the store catalogue module (DESIGN.md, Conventions 11): the refresh of products'
// regional availability after their stock changes (checkout).
export { refreshProductRegions } from './store-catalog.repo.ts';
