// The spot sale (issue 14, task D; docs/decisions/043): an unapplied ticket sold at today's cash bid becomes a priced
// spot contract, applied, in one step.

import { bidCashPrice, contractTermsText, decimalString, toDecimal, type RoundingMode } from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import {
  hasPermission,
  loadCrmActor,
  marketToday,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { candidateContracts, currentBid, insertSpotContract, type TicketRecord } from './deliveries.repo.ts';
import { nextContractNumber } from '../contract-writing/contract-writing.public.ts';
import { deliveriesAt, loadTickets, ticketRowOf, writeApplications } from './deliveries.service.ts';

// ---------------------------------------------------------------------------------------------------
// Spot sale

async function spotBid(db: Db, actor: CrmActor, market: CrmMarket, t: TicketRecord) {
  const bid = await currentBid(db, actor.partner.id, t.marketId, t.cropId, t.cropYear, marketToday(market));
  if (!bid) return null;
  const cash = bidCashPrice(
    { futuresPrice: bid.futuresLast, basis: bid.basis, flatPrice: bid.futuresSymbol === null ? bid.flatPrice : null },
    (bid.roundingMode ?? undefined) as RoundingMode | undefined,
  );
  if (cash === null) return null;
  return {
    id: bid.id,
    optionMonth: bid.optionMonth,
    futuresPrice: bid.futuresSymbol === null ? null : bid.futuresLast,
    basis: bid.futuresSymbol === null ? null : bid.basis,
    cashPrice: cash,
    deliveryStart: bid.deliveryStart,
    deliveryEnd: bid.deliveryEnd,
  };
}

function spotMarket(actor: CrmActor, marketId: number): CrmMarket {
  const market = deliveriesAt(actor, marketId);
  requireMarket(actor, marketId, hasPermission('contracts'), 'contracts');
  return market;
}

/** What a spot sale of the ticket would be: its unapplied bushels at today's cash bid (null: no bid today). */
export async function spotSaleQuote(deps: CrmDeps, request: FastifyRequest, ticketId: number) {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const [t] = await loadTickets(db, actor, [ticketId], false);
  const market = spotMarket(actor, t!.marketId);
  return {
    ticket: ticketRowOf(t!),
    quantity: decimalString(toDecimal(t!.unappliedQuantity)),
    bid: await spotBid(db, actor, market, t!),
  };
}

/**
 * Sells the ticket's unapplied bushels at today's cash bid: a priced spot contract, delivered by the ticket, in one
 * step. `cashPrice` is the bid the user saw: a bid that moved since is a 409 with the new one.
 */
export async function spotSale(deps: CrmDeps, request: FastifyRequest, ticketId: number, cashPrice: string) {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  return db.transaction(async (tx) => {
    const [t] = await loadTickets(tx, actor, [ticketId], true);
    const market = spotMarket(actor, t!.marketId);
    const quantity = toDecimal(t!.unappliedQuantity);
    if (!quantity.greaterThan(0))
      throw new AppError('conflict', `Ticket ${t!.displayScaleTicketId} has no unapplied bushels left.`, {
        unapplied: '0',
      });
    const bid = await spotBid(tx, actor, market, t!);
    if (!bid) throw new AppError('conflict', 'There is no cash bid for this crop at this market today.');
    if (!toDecimal(bid.cashPrice).equals(toDecimal(cashPrice)))
      throw new AppError('conflict', `The bid moved to ${bid.cashPrice} since it was shown.`, {
        cashPrice: bid.cashPrice,
      });
    const today = marketToday(market);
    const q = decimalString(quantity);
    const displayContractId = await nextContractNumber(tx, actor.partner.id);
    const terms = {
      contractType: 'spot' as const,
      direction: 'purchase' as const,
      cropId: t!.cropId,
      cropYear: t!.cropYear,
      quantity: q,
      cancelledQuantity: '0',
      deliveryStart: t!.deliveryDate,
      deliveryEnd: t!.deliveryDate,
      optionMonth: bid.optionMonth,
      futuresPrice: bid.futuresPrice,
      basis: bid.basis,
      cashPrice: bid.cashPrice,
      offerPrice: null,
      strike: null,
      callOptionFee: null,
      expiration: null,
      mpOption: null,
    };
    const contractId = await insertSpotContract(
      tx,
      {
        ...terms,
        partnerId: actor.partner.id,
        marketId: t!.marketId,
        clientId: t!.clientId,
        displayContractId,
        quantity: q,
        deliveredQuantity: '0',
        pricedQuantity: q,
        priceStatus: 'priced',
        status: 'open',
        contractDate: today,
        description: `Spot sale of ticket ${t!.displayScaleTicketId}`,
        termsHash: sha256(contractTermsText(terms)),
        createdBy: actor.user.id,
      },
      { quantity: q, futuresPrice: bid.futuresPrice, basis: bid.basis, cashPrice: bid.cashPrice },
    );
    const [contract] = await candidateContracts(tx, actor.partner.id, [], [contractId], true);
    await writeApplications(tx, [{ ticket: t!, contract: contract!, quantity }]);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'scale_ticket_spot_sale',
      targetType: 'scale_ticket',
      targetId: String(t!.id),
      details: {
        ticket: t!.displayScaleTicketId,
        contract: displayContractId,
        quantity: q,
        cashPrice: bid.cashPrice,
        bidId: bid.id,
      },
    });
    return { contractId, displayContractId, quantity: q, cashPrice: bid.cashPrice };
  });
}
