// Who calls the offers module (issue 5; docs/decisions/019): a buyer (a CRM user of the offer's partner, with the
// offers permission at its market), a farmer (My Sales Lite: the clients they farm as), or the system (the price
// watcher, expiry). Each may touch only its own offers: the authorize checks run on the locked offer.

import type { FastifyRequest } from 'fastify';
import { canUseMySalesLite } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { hasPermission, loadCrmActor, requireMarket, type CrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import type { LockedOffer } from './offers.repo.ts';
import { farmerClients, type FarmerClient } from '../profit-center/profit-center.public.ts';

export type OffersDeps = CrmDeps;

export type Buyer = { kind: 'buyer'; actor: CrmActor; userId: string };
export type Farmer = { kind: 'farmer'; userId: string; clients: FarmerClient[]; clientIds: number[] };
export type Caller = Buyer | Farmer | { kind: 'system'; userId: null };

export async function buyerOf(deps: OffersDeps, request: FastifyRequest): Promise<Buyer> {
  const actor = await loadCrmActor(deps, request);
  return { kind: 'buyer', actor, userId: actor.user.id };
}

const farmers = new WeakMap<FastifyRequest, Promise<Farmer>>();

/** The farmer of a request: My Sales Lite's rule (agronomics experience and the allowing flag), else 403. */
export function farmerOf(ctx: AppContext, request: FastifyRequest): Promise<Farmer> {
  let cached = farmers.get(request);
  if (!cached) {
    cached = (async () => {
      const { user } = await requireSession(ctx, request);
      if (!canUseMySalesLite(user))
        throw new AppError(
          'forbidden',
          'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
        );
      const clients = await farmerClients(ctx.database.db, user.id);
      return { kind: 'farmer' as const, userId: user.id, clients, clientIds: clients.map((c) => c.id) };
    })();
    farmers.set(request, cached);
  }
  return cached;
}

/** The buyer's market of an offer: their partner's (else 404, as an unknown offer), with the offers permission (else 403). */
export function requireOffersMarket(actor: CrmActor, marketId: number) {
  return requireMarket(actor, marketId, hasPermission('offers'), 'offers');
}

export function buyerAuthorize(buyer: Buyer): (locked: LockedOffer) => void {
  return (locked) => {
    if (locked.partnerId !== buyer.actor.partner.id) throw new AppError('not_found', `No offer ${locked.id}.`);
    requireOffersMarket(buyer.actor, locked.marketId);
  };
}

export function farmerAuthorize(farmer: Farmer): (locked: LockedOffer) => void {
  return (locked) => {
    if (!farmer.clientIds.includes(locked.clientId)) throw new AppError('not_found', `No offer ${locked.id}.`);
  };
}
