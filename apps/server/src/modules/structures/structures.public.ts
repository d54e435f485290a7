// What other modules may use of the structures module (DESIGN.md, Conventions 11; issue 18, decision 062).
// Booking: the e-sign hook once a structure's confirmation is signed (app.ts passes it to the e-sign module): the
// farmer told, a late-booked structure's past days observed by the job at once. The
// farmer's notices of a structure's life (booking-notices.ts notifyStructureEvent) serve the nightly observation too,
// inside this module.
export { structureSignedHook } from './booking-signed.ts';

// Pricing (decision 062): the worker pool's shutdown (app.ts closes it with the app).
export { closePricingPool } from './engine-pool.ts';

// The nightly observation (decision 062 'Nightly observation'): the run itself, and the HTA contract written for a
// structure's priced bushels — at its end by the job, and on an approved close by booking.
export { observeStructures, writeStructureHta } from './observation.service.ts';

// The demo's structures (the full demo seed).
export { seedStructuresDemo } from './structures-demo.ts';
