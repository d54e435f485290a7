// What app.ts hands the live-event routes (platform/events.routes.ts) from the modules, for tests that mount the
// routes on a server of their own: platform builds on no module, so its tests take the modules' parts from here.

import type { Db } from '../platform/db.ts';
import type { EventsRoutesOptions } from '../platform/events.routes.ts';
import { createPartnerDirectory } from '../modules/partners/partners.service.ts';
import { farmerClients } from '../modules/profit-center/profit-center.public.ts';

export function liveEventDeps(db: Db): Pick<EventsRoutesOptions, 'partners' | 'farmerClients'> {
  return { partners: createPartnerDirectory(db), farmerClients };
}
