// What other modules may use of the settlements module (DESIGN.md, Conventions 11): a client's applied ticket lines not
// yet on a settlement (the farmer's home lists these deliveries, issue 17).
export { appliedLines, unsettledLinesPage } from './settlements.repo.ts';
