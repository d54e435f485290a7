// What other modules may use of the uploads module (DESIGN.md, Conventions 11): the removal of a record's uploaded
// files with the record (checkout's licences).
export { deleteUploadsOf } from './uploads.repo.ts';
