// Deliveries (issue 14, task D; docs/decisions/043): discount schedules, scale tickets entered at the scale or by hand
// (with splits between clients), applying them to contracts (FIFO by delivery window, or chosen; partial; unapply),
// and the spot sale. Every write checks under the rows' locks, then writes with its audit record in one transaction.

import type { FastifyRequest } from 'fastify';
import {
  bushelWeightLb,
  contractStatus,
  cropById,
  decimalString,
  defaultDiscountSchedule,
  fifoAllocate,
  maxDecimal,
  splitAmounts,
  ticketFigures,
  toDecimal,
  type CrmDecimal,
  type ScaleTicketRow,
  type TicketFigures,
} from '@granary/domain';
import type { z } from 'zod';
import type {
  applyTicketsSchema,
  scaleTicketCreateSchema,
  scaleTicketPreviewSchema,
  ApplyProposal,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import {
  hasPermission,
  loadCrmActor,
  requireClient,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  applicationsByIds,
  candidateContracts,
  deleteApplications,
  findDiscountSchedule,
  insertApplications,
  insertTickets,
  lastTicketDates,
  moveTicketQuantities,
  nextTicketNumber,
  setContractDeliveries,
  settledApplications,
  ticketsByIds,
  type OpenContractRecord,
  type TicketRecord,
} from './deliveries.repo.ts';

export const deliveriesAt = (actor: CrmActor, marketId: number): CrmMarket =>
  requireMarket(actor, marketId, hasPermission('deliveries'), 'deliveries');

const fieldError = (field: string, message: string) =>
  new AppError('invalid_request', message, { fields: { [field]: message } });

// ---------------------------------------------------------------------------------------------------
// Scale tickets

async function figuresFor(
  db: Db,
  partnerId: string,
  input: z.output<typeof scaleTicketPreviewSchema>,
): Promise<TicketFigures> {
  const crop = cropById(input.cropId);
  const weight = crop ? bushelWeightLb(crop.name) : null;
  if (!crop || weight === null) throw fieldError('cropId', 'This crop is not received by the bushel.');
  const stored = await findDiscountSchedule(db, partnerId, input.marketId, input.cropId);
  return ticketFigures(input, weight, stored ?? defaultDiscountSchedule(crop.name));
}

/** The figures of a load as typed (no write): the form's live preview. */
export async function previewTicket(
  deps: CrmDeps,
  request: FastifyRequest,
  input: z.output<typeof scaleTicketPreviewSchema>,
): Promise<TicketFigures> {
  const actor = await loadCrmActor(deps, request);
  deliveriesAt(actor, input.marketId);
  return figuresFor(deps.ctx.database.db, actor.partner.id, input);
}

export function ticketRowOf({ partnerId: _partnerId, ...row }: TicketRecord): ScaleTicketRow {
  return row;
}

/**
 * Enters a load: net bushels from the market's schedule, numbered T-<n> from the partner's counter; a load split
 * between clients becomes T-<n>-1, T-<n>-2 …, each share's bushels (and weights, shrink, charges) to the cent of its
 * percentage, the first taking the rest so the shares add up to the load exactly.
 */
export async function createTickets(
  deps: CrmDeps,
  request: FastifyRequest,
  input: z.output<typeof scaleTicketCreateSchema>,
): Promise<{ tickets: ScaleTicketRow[] }> {
  const actor = await loadCrmActor(deps, request);
  deliveriesAt(actor, input.marketId);
  const shares = input.splits.length > 1 ? input.splits : [{ clientId: input.clientId, splitPct: '100' }];
  for (const s of shares) await requireClient(deps, actor, s.clientId);
  const db = deps.ctx.database.db;
  const f = await figuresFor(db, actor.partner.id, input);
  if (!toDecimal(f.netBushels).greaterThan(0)) throw fieldError('gross', 'The load weighs less than a bushel.');
  const pcts = shares.map((s) => s.splitPct);
  const part = (total: string) => splitAmounts(total, pcts);
  const gross = part(toDecimal(input.gross).toFixed(2));
  const tare = part(toDecimal(input.tare).toFixed(2));
  const [grossBu, shrink, net, drying, discount] = [
    part(f.grossBushels),
    part(f.shrinkBushels),
    part(f.netBushels),
    part(f.dryingCharge),
    part(f.discountAmount),
  ];
  const ids = await db.transaction(async (tx) => {
    const n = await nextTicketNumber(tx, actor.partner.id);
    const ids = await insertTickets(
      tx,
      shares.map((s, i) => ({
        partnerId: actor.partner.id,
        marketId: input.marketId,
        clientId: s.clientId,
        displayScaleTicketId: shares.length > 1 ? `T-${n}-${i + 1}` : `T-${n}`,
        cropId: input.cropId,
        cropYear: input.cropYear,
        deliveryDate: input.deliveryDate,
        quantity: net[i]!,
        unappliedQuantity: net[i]!,
        grossWeight: gross[i]!,
        tareWeight: tare[i]!,
        weight: decimalString(toDecimal(gross[i]!).minus(toDecimal(tare[i]!))),
        weightUnit: input.weightUnit,
        grossQuantity: grossBu[i]!,
        shrinkQuantity: shrink[i]!,
        dryingCharge: drying[i]!,
        discountAmount: discount[i]!,
        moisture: input.moisture,
        testWeight: input.testWeight,
        foreignMaterial: input.foreignMaterial,
        damage: input.damage,
        source: input.source,
        enteredBy: actor.user.id,
      })),
    );
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'scale_ticket_create',
      targetType: 'scale_ticket',
      targetId: ids.join(','),
      details: {
        ticket: `T-${n}`,
        marketId: input.marketId,
        cropId: input.cropId,
        gross: input.gross,
        tare: input.tare,
        weightUnit: input.weightUnit,
        netBushels: f.netBushels,
        shares: shares.map((s, i) => ({ clientId: s.clientId, splitPct: s.splitPct, quantity: net[i] })),
      },
    });
    return ids;
  });
  const rows = await ticketsByIds(db, actor.partner.id, ids);
  return { tickets: rows.map(ticketRowOf) };
}

// ---------------------------------------------------------------------------------------------------
// Applying tickets to contracts

const openOf = (c: OpenContractRecord): CrmDecimal =>
  toDecimal(c.quantity).minus(toDecimal(c.cancelledQuantity)).minus(toDecimal(c.deliveredQuantity));

const sameLot = (t: TicketRecord, c: OpenContractRecord) =>
  c.clientId === t.clientId && c.marketId === t.marketId && c.cropId === t.cropId && c.cropYear === t.cropYear;

const isOpenPurchase = (c: OpenContractRecord) => c.status === 'open' && c.direction === 'purchase';

const keyOf = (t: { clientId: number; marketId: number; cropId: number; cropYear: number }) =>
  `${t.clientId}:${t.marketId}:${t.cropId}:${t.cropYear}`;

function lotKeys(tickets: readonly TicketRecord[]) {
  const keys = new Map<string, { clientId: number; marketId: number; cropId: number; cropYear: number }>();
  for (const t of tickets) keys.set(keyOf(t), t);
  return [...keys.values()];
}

export async function loadTickets(
  db: Db,
  actor: CrmActor,
  ids: readonly number[],
  lock: boolean,
): Promise<TicketRecord[]> {
  const unique = [...new Set(ids)];
  const tickets = await ticketsByIds(db, actor.partner.id, unique, lock);
  if (tickets.length !== unique.length) {
    const found = new Set(tickets.map((t) => t.id));
    throw new AppError('not_found', `No scale ticket ${unique.find((id) => !found.has(id))}.`);
  }
  for (const marketId of new Set(tickets.map((t) => t.marketId))) deliveriesAt(actor, marketId);
  return tickets;
}

/** What the Apply dialog proposes: each ticket's client's open contracts and the FIFO split of its unapplied bushels. */
export async function applyProposal(
  deps: CrmDeps,
  request: FastifyRequest,
  ticketIds: number[],
): Promise<ApplyProposal> {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const tickets = await loadTickets(db, actor, ticketIds, false);
  const contracts = await candidateContracts(db, actor.partner.id, lotKeys(tickets), [], false);
  const openLeft = new Map<number, CrmDecimal>();
  const ordered = [...tickets].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
  const byTicket = new Map<number, ApplyProposal['tickets'][number]>();
  for (const t of ordered) {
    const mine = contracts.filter((c) => sameLot(t, c));
    const fifo = fifoAllocate(
      t.unappliedQuantity,
      mine.map((c) => ({ ...c, open: decimalString(openOf(c)) })),
      openLeft,
    );
    byTicket.set(t.id, {
      ticket: ticketRowOf(t),
      contracts: mine.map((c) => ({
        id: c.id,
        displayContractId: c.displayContractId,
        contractType: c.contractType,
        deliveryStart: c.deliveryStart,
        deliveryEnd: c.deliveryEnd,
        open: decimalString(openOf(c)),
        cashPrice: c.cashPrice,
      })),
      allocations: fifo.allocations,
      unplaced: fifo.unplaced,
    });
  }
  return { tickets: tickets.map((t) => byTicket.get(t.id)!) };
}

type ApplyInput = z.output<typeof applyTicketsSchema>;
type PlannedApplication = { ticket: TicketRecord; contract: OpenContractRecord; quantity: CrmDecimal };

/**
 * Applies tickets under the locks (tickets by id, then contracts by id): each ticket's bushels FIFO or as chosen,
 * never past a ticket's unapplied nor a contract's open bushels as they stand once locked. Someone who applied the
 * same bushels first makes this a 409 naming what is left, and nothing is written.
 */
export async function applyTickets(deps: CrmDeps, request: FastifyRequest, input: ApplyInput) {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const requested = new Map(input.tickets.map((r) => [r.ticketId, r]));
  if (requested.size !== input.tickets.length) throw fieldError('tickets', 'Each ticket appears once.');
  return db.transaction(async (tx) => {
    const tickets = await loadTickets(tx, actor, [...requested.keys()], true);
    const chosenIds = input.tickets.flatMap((r) => (r.allocations ?? []).map((a) => a.contractId));
    const fifoTickets = tickets.filter((t) => !requested.get(t.id)!.allocations?.length);
    const contracts = await candidateContracts(
      tx,
      actor.partner.id,
      lotKeys(fifoTickets),
      [...new Set(chosenIds)],
      true,
    );
    const byId = new Map(contracts.map((c) => [c.id, c]));
    const openLeft = new Map(contracts.map((c) => [c.id, openOf(c)]));
    const plan: PlannedApplication[] = [];
    const unplaced: { ticketId: number; quantity: string }[] = [];
    const ordered = [...tickets].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
    for (const t of ordered) {
      const r = requested.get(t.id)!;
      const left = toDecimal(t.unappliedQuantity);
      if (!left.greaterThan(0))
        throw new AppError(
          'conflict',
          `Ticket ${t.displayScaleTicketId} has no unapplied bushels left: it was applied meanwhile.`,
          {
            ticketId: t.id,
            unapplied: '0',
          },
        );
      if (r.allocations?.length) {
        const total = r.allocations.reduce((s, a) => s.plus(toDecimal(a.quantity)), toDecimal(0));
        if (total.greaterThan(left))
          throw new AppError(
            'conflict',
            `Only ${decimalString(left)} bu of ticket ${t.displayScaleTicketId} are left to apply.`,
            {
              ticketId: t.id,
              unapplied: decimalString(left),
            },
          );
        for (const a of r.allocations) {
          const c = byId.get(a.contractId);
          if (!c) throw new AppError('not_found', `No contract ${a.contractId}.`);
          if (!sameLot(t, c) || c.direction !== 'purchase')
            throw fieldError(
              'tickets',
              `Contract ${c.displayContractId} is not a purchase of this client's crop and year at this market.`,
            );
          const open = openLeft.get(c.id)!;
          const q = toDecimal(a.quantity);
          if (!isOpenPurchase(c) || q.greaterThan(open))
            throw new AppError(
              'conflict',
              `Contract ${c.displayContractId} has only ${decimalString(maxDecimal(open, toDecimal(0)))} bu open.`,
              {
                contractId: c.id,
                open: decimalString(maxDecimal(open, toDecimal(0))),
              },
            );
          openLeft.set(c.id, open.minus(q));
          plan.push({ ticket: t, contract: c, quantity: q });
        }
      } else {
        const want = r.quantity === undefined ? left : toDecimal(r.quantity);
        if (want.greaterThan(left))
          throw new AppError(
            'conflict',
            `Only ${decimalString(left)} bu of ticket ${t.displayScaleTicketId} are left to apply.`,
            {
              ticketId: t.id,
              unapplied: decimalString(left),
            },
          );
        const mine = contracts.filter((c) => sameLot(t, c) && isOpenPurchase(c));
        const fifo = fifoAllocate(
          decimalString(want),
          mine.map((c) => ({ ...c, open: decimalString(openOf(c)) })),
          openLeft,
        );
        for (const a of fifo.allocations)
          plan.push({ ticket: t, contract: byId.get(a.contractId)!, quantity: toDecimal(a.quantity) });
        if (toDecimal(fifo.unplaced).greaterThan(0)) unplaced.push({ ticketId: t.id, quantity: fifo.unplaced });
      }
    }
    if (plan.length === 0)
      throw new AppError(
        'conflict',
        'No open contract of the client’s crop and year has bushels left to take these tickets.',
        {
          unplaced,
        },
      );
    const written = await writeApplications(tx, plan);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'scale_tickets_apply',
      targetType: 'scale_ticket',
      targetId: tickets
        .map((t) => t.id)
        .join(',')
        .slice(0, 200),
      details: {
        applications: written.map((a) => ({
          ticket: a.displayScaleTicketId,
          contract: a.displayContractId,
          quantity: a.quantity,
        })),
        unplaced,
      },
    });
    return { applications: written, unplaced };
  });
}

export async function writeApplications(tx: Db, plan: PlannedApplication[]) {
  const ids = await insertApplications(
    tx,
    plan.map((p) => ({
      ticketId: p.ticket.id,
      contractId: p.contract.id,
      quantity: decimalString(p.quantity),
      splitPct: p.quantity.times(100).div(toDecimal(p.ticket.quantity)).toDecimalPlaces(2).toFixed(2),
    })),
  );
  const perTicket = new Map<number, CrmDecimal>();
  const perContract = new Map<number, { c: OpenContractRecord; q: CrmDecimal; day: string }>();
  for (const p of plan) {
    perTicket.set(p.ticket.id, (perTicket.get(p.ticket.id) ?? toDecimal(0)).plus(p.quantity));
    const prev = perContract.get(p.contract.id);
    const day = prev && prev.day > p.ticket.deliveryDate ? prev.day : p.ticket.deliveryDate;
    perContract.set(p.contract.id, { c: p.contract, q: (prev?.q ?? toDecimal(0)).plus(p.quantity), day });
  }
  await moveTicketQuantities(
    tx,
    [...perTicket].map(([ticketId, q]) => ({ ticketId, delta: decimalString(q) })),
  );
  await setContractDeliveries(
    tx,
    [...perContract.values()].map(({ c, q, day }) => {
      const delivered = decimalString(toDecimal(c.deliveredQuantity).plus(q));
      return {
        contractId: c.id,
        delivered,
        lastTicketDate: c.lastTicketDate && c.lastTicketDate > day ? c.lastTicketDate : day,
        status: contractStatus({ ...c, deliveredQuantity: delivered }),
      };
    }),
  );
  return plan.map((p, i) => ({
    id: ids[i]!,
    scaleTicketId: p.ticket.id,
    displayScaleTicketId: p.ticket.displayScaleTicketId,
    contractId: p.contract.id,
    displayContractId: p.contract.displayContractId,
    quantity: decimalString(p.quantity),
  }));
}

/**
 * Takes applications back: the bushels return to the tickets' unapplied and leave the contracts' delivered. Refused
 * (409) when a settlement holds the bushels, and never below what a contract has settled.
 */
export async function unapplyTickets(deps: CrmDeps, request: FastifyRequest, applicationIds: number[]) {
  const actor = await loadCrmActor(deps, request);
  const db = deps.ctx.database.db;
  const ids = [...new Set(applicationIds)];
  return db.transaction(async (tx) => {
    const apps = await applicationsByIds(tx, actor.partner.id, ids);
    if (apps.length !== ids.length) {
      const found = new Set(apps.map((a) => a.id));
      throw new AppError('not_found', `No ticket application ${ids.find((id) => !found.has(id))}.`);
    }
    await loadTickets(
      tx,
      actor,
      apps.map((a) => a.scaleTicketId),
      true,
    );
    const contracts = await candidateContracts(
      tx,
      actor.partner.id,
      [],
      [...new Set(apps.map((a) => a.contractId))],
      true,
    );
    const settled = await settledApplications(tx, ids);
    if (settled.length > 0) {
      const a = apps.find((x) => x.id === settled[0]!.id)!;
      throw new AppError(
        'conflict',
        `Ticket ${a.displayScaleTicketId} on ${a.displayContractId} is on a settlement: void the settlement first.`,
        { applicationId: a.id },
      );
    }
    const perContract = new Map<number, CrmDecimal>();
    for (const a of apps)
      perContract.set(a.contractId, (perContract.get(a.contractId) ?? toDecimal(0)).plus(toDecimal(a.quantity)));
    for (const c of contracts) {
      const delivered = toDecimal(c.deliveredQuantity).minus(perContract.get(c.id)!);
      if (delivered.lessThan(toDecimal(c.settledQuantity)))
        throw new AppError(
          'conflict',
          `Contract ${c.displayContractId} has ${decimalString(toDecimal(c.settledQuantity))} bu settled.`,
          {
            contractId: c.id,
          },
        );
    }
    await deleteApplications(tx, ids);
    const perTicket = new Map<number, CrmDecimal>();
    for (const a of apps)
      perTicket.set(a.scaleTicketId, (perTicket.get(a.scaleTicketId) ?? toDecimal(0)).plus(toDecimal(a.quantity)));
    await moveTicketQuantities(
      tx,
      [...perTicket].map(([ticketId, q]) => ({ ticketId, delta: decimalString(q.negated()) })),
    );
    const days = await lastTicketDates(
      tx,
      contracts.map((c) => c.id),
    );
    await setContractDeliveries(
      tx,
      contracts.map((c) => {
        const delivered = decimalString(toDecimal(c.deliveredQuantity).minus(perContract.get(c.id)!));
        return {
          contractId: c.id,
          delivered,
          lastTicketDate: days.get(c.id) ?? null,
          status: c.status === 'cancelled' ? 'cancelled' : contractStatus({ ...c, deliveredQuantity: delivered }),
        };
      }),
    );
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'scale_tickets_unapply',
      targetType: 'scale_ticket',
      targetId: [...perTicket.keys()].join(',').slice(0, 200),
      details: {
        applications: apps.map((a) => ({
          id: a.id,
          ticket: a.displayScaleTicketId,
          contract: a.displayContractId,
          quantity: a.quantity,
        })),
      },
    });
    return {
      applications: apps.map((a) => ({
        id: a.id,
        scaleTicketId: a.scaleTicketId,
        displayScaleTicketId: a.displayScaleTicketId,
        contractId: a.contractId,
        displayContractId: a.displayContractId,
        quantity: decimalString(toDecimal(a.quantity)),
      })),
      unplaced: [],
    };
  });
}
