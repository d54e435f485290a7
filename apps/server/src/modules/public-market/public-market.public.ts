// What other modules may use of the public market module (DESIGN.md, Conventions 11): the type of the public page
// renderer that the pages route is handed (app.ts builds it).
export type { PublicPageRenderer } from './public-market.routes.ts';
