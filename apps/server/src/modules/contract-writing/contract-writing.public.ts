// What other modules may use of contract writing (DESIGN.md, Conventions 11): the partner's next contract number
// (a spot sale from a scale ticket numbers its contract from the same sequence), and the sequences started after the
// seeded contracts (demo seed), and the terms snapshot every amendment keeps (the contract operations' amendments).
export { nextContractNumber, syncContractNumberSequences, termsSnapshotOf } from './contract-writing.repo.ts';
