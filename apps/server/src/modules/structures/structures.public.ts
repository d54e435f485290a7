// What other modules may use of the structures module (DESIGN.md, Conventions 11; issue 18, decision 062).
// Booking: the farmer's notices of a structure's life (the nightly observation tells of a knock-out and of the end),
// and the e-sign hook once a structure's confirmation is signed (app.ts passes it to the e-sign module).
export {
  FARMER_STRUCTURES_PATH,
  STRUCTURE_EVENTS,
  notifyStructureEvent,
  structureSignedHook,
  type StructureEvent,
} from './booking-notices.ts';

// Pricing (decision 062): the worker pool's shutdown (app.ts closes it with the app).
export { closePricingPool } from './engine-pool.ts';

// The nightly observation (decision 062 'Nightly observation'): the run itself, and the HTA contract written for a
// structure's priced bushels — at its end by the job, and on an approved close by booking.
export { observeStructures, writeStructureHta, type StructureHtaInput } from './observation.service.ts';
