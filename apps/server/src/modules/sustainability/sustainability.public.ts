// What other modules may use of the sustainability module (DESIGN.md, Conventions 11): the demo's programs (the seed).
export { seedSustainabilityDemo } from './sustainability-demo.ts';
