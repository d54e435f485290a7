// What other modules may use of the sustainability module (DESIGN.md, Conventions 11): the demo's programs (the seed).
export { seedSustainabilityDemo } from './sustainability-demo.ts';
// The notices once an enrolment is signed on the e-sign page (app.ts hands it to the e-sign module, decision 059).
export { enrolmentSignedHook } from './sustainability.service.ts';
