// What other modules may use of the store dialogs module (DESIGN.md, Conventions 11): the dialogs a user has seen
// (the shell's bootstrap).
export { dialogsSeenBy } from './store-dialogs.repo.ts';
