// What other modules may use of the e-sign module (DESIGN.md, Conventions 11): a contract document sent as a PDF
// when the caller asks for one (the CRM contract's document route).
export { sendDocumentPdf, wantsPdf } from './esign-documents.service.ts';
// The demo's open signing requests (the seed).
export { seedSigningDemo } from './esign-demo.ts';
// The signed-in signer's open signing links (the farmer's home, issue 17).
export { signingLinksOf } from './esign-signing.service.ts';
// Sustainability enrolments as e-sign documents (decision 016's enrolment kind): sent, signed, withdrawn, and their
// open signing links.
export type { EsignDeps } from './esign.service.ts';
export { enrolmentSigningPaths, sendEnrolmentForSignature, voidEnrolmentSigning } from './esign-enrolments.service.ts';
export { signEnrolmentAsFarmer } from './esign-signing.service.ts';
// A structure's confirmation as an e-sign document (decision 016's structure kind, issue 18): sent when the
// merchandiser trades on an e-signed confirmation, voided when the structure is cancelled.
export { sendStructureForSignature, voidStructureSigning } from './esign-structures.service.ts';
export { latestStructureRequest } from './esign-structures.repo.ts';
