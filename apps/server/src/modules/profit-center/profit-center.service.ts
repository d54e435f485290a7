// My Sales Lite's calls (grain-marketing.md 7 'Grain and profit center'): the farmer's own contracts and tickets (the
// summary, balances, task list, crops, filters and markets are farmer-overview.service.ts). Access mirrors the web's
// gate (2 'Page guards', 6 'Experience gates'): the enterpriseAgronomics experience and the flag allowing my sales
// lite, else 403. A farmer sees only the contracts and tickets of the client legal entities onboarded to their
// enterprises; any other id answers 404, as an unknown one does.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  PROFIT_CENTER_ACCESS_PERMISSION,
  canUseMySalesLite,
  clampPageSize,
  contractQuantities,
  cropLabel,
  decimalString,
  farmerAmendmentChanges,
  toDecimal,
  type FarmerContractDetail,
  type FarmerContractList,
  type FarmerContractRow,
  type FarmerContractsQuery,
  type FarmerTicketList,
  type FarmerTicketRow,
  type FarmerTicketsQuery,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import { listTicketApplications } from '../crm-contracts/crm-contracts.public.ts';
import { keysetPage } from '../../platform/crm-access.ts';
import {
  contractAmendmentRows,
  contractDocumentRows,
  contractPage,
  contractPricingEvents,
  countContracts,
  countTickets,
  farmerClients,
  lacksAccessEverywhere,
  findContract,
  ticketApplicationsOf,
  ticketPage,
  ticketsByIds,
  type FarmerClient,
  type FarmerContractData,
  type FarmerTicketData,
} from './profit-center.repo.ts';

export type ProfitCenterDeps = { ctx: AppContext };

export type Farmer = { userId: string; clients: FarmerClient[]; clientIds: number[] };

const farmers = new WeakMap<FastifyRequest, Promise<Farmer>>();

/**
 * The farmer of a request (once per request): 401 without a session; 403 without the agronomics experience or the
 * my sales lite flag. A farmer whose enterprises are nobody's client yet has no client ids: every list is empty.
 */
export function loadFarmer(deps: ProfitCenterDeps, request: FastifyRequest): Promise<Farmer> {
  let cached = farmers.get(request);
  if (!cached) {
    cached = (async () => {
      const { user } = await requireSession(deps.ctx, request);
      if (!canUseMySalesLite(user)) {
        throw new AppError(
          'forbidden',
          'My sales lite needs the agronomics experience and the flag allowing my sales lite.',
        );
      }
      const db = deps.ctx.database.db;
      // Issue 16: a member without profit center access on any of their enterprises is told whom to ask.
      if (await lacksAccessEverywhere(db, user.id, PROFIT_CENTER_ACCESS_PERMISSION))
        throw accessDenied(PROFIT_CENTER_ACCESS_PERMISSION);
      const clients = await farmerClients(db, user.id);
      return { userId: user.id, clients, clientIds: clients.map((c) => c.id) };
    })();
    farmers.set(request, cached);
  }
  return cached;
}

const norm = (v: string | null): string | null => (v === null ? null : decimalString(toDecimal(v)));
const normOr0 = (v: string | null): string => norm(v) ?? '0';

function marketLabel(r: { marketDisplayName: string | null; marketCity: string; marketState: string }): string {
  return r.marketDisplayName ?? `${r.marketCity}, ${r.marketState}`;
}

export function contractRow(c: FarmerContractData): FarmerContractRow {
  const q = contractQuantities(c);
  return {
    id: c.id,
    displayContractId: c.displayContractId,
    contractType: c.contractType,
    status: c.status,
    cropId: c.cropId,
    crop: cropLabel(c.cropId),
    cropYear: c.cropYear,
    marketId: c.marketId,
    market: marketLabel(c),
    clientId: c.clientId,
    clientName: c.clientName,
    quantityUnit: c.quantityUnit,
    quantity: q.quantity,
    cancelled: q.cancelled,
    contracted: q.open,
    delivered: q.delivered,
    remaining: q.undelivered,
    overDelivered: q.overDelivered,
    priced: q.priced,
    unpriced: q.unpriced,
    priceStatus: c.priceStatus,
    futuresPrice: norm(c.futuresPrice),
    basis: norm(c.basis),
    cashPrice: norm(c.cashPrice),
    optionMonth: c.optionMonth,
    deliveryStart: c.deliveryStart,
    deliveryEnd: c.deliveryEnd,
    contractDate: c.contractDate,
    expiration: c.expiration,
    lastTicketDate: c.lastTicketDate,
    signatureNeeded: c.status !== 'cancelled' && c.esignSent && !c.signed,
    signed: c.signed,
  };
}

const PAGE = { page: 1, pageSize: 25, paginationToken: null } as const;

function paging(q: { page?: number | undefined; pageSize?: number | undefined; paginationToken?: string | undefined }) {
  const page = q.page ?? PAGE.page;
  return {
    page,
    pageSize: q.pageSize ?? clampPageSize(PAGE.pageSize),
    paginationToken: page > 1 ? (q.paginationToken ?? null) : null,
  };
}

const emptyPage = (p: { page: number; pageSize: number }) => ({
  rows: [],
  totalCount: 0,
  paginationToken: null,
  page: p.page,
  pageSize: p.pageSize,
});

/** GET contracts: the farmer's contracts, newest first, filtered by crop, crop year, status and price status. */
export async function listFarmerContracts(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  q: FarmerContractsQuery,
): Promise<FarmerContractList> {
  const farmer = await loadFarmer(deps, request);
  const p = paging(q);
  if (farmer.clientIds.length === 0) return emptyPage(p);
  const db = deps.ctx.database.db;
  const filter = {
    clientIds: farmer.clientIds,
    cropId: q.crop,
    cropYear: q.cropYear,
    status: q.status,
    priceStatus: q.priceStatus,
  };
  const page = await keysetPage<FarmerContractData>(
    deps.ctx,
    p,
    { list: 'farmer-contracts', user: farmer.userId, ...filter, pageSize: p.pageSize },
    {
      keyOf: (row) => row.contractDate,
      fetch: (after, limit, offset) => contractPage(db, filter, after, limit, offset),
      count: () => countContracts(db, filter, MAX_TOTAL_ROWS),
    },
  );
  return { ...page, rows: page.rows.map(contractRow) };
}

/** The farmer's contract, else 404 (someone else's contract is answered as an unknown one). */
async function farmerContract(deps: ProfitCenterDeps, farmer: Farmer, contractId: number): Promise<FarmerContractData> {
  const contract =
    farmer.clientIds.length > 0 ? await findContract(deps.ctx.database.db, farmer.clientIds, contractId) : null;
  if (!contract) throw new AppError('not_found', `No contract ${contractId}.`);
  return contract;
}

/** GET contracts/:id: the contract with its pricing, deliveries, amendments and documents; buyer-only fields left out. */
export async function farmerContractDetail(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  contractId: number,
): Promise<FarmerContractDetail> {
  const farmer = await loadFarmer(deps, request);
  const contract = await farmerContract(deps, farmer, contractId);
  const db = deps.ctx.database.db;
  const [events, applications, amendments, documents] = await Promise.all([
    contractPricingEvents(db, contract.id),
    listTicketApplications(db, contract.id),
    contractAmendmentRows(db, contract.id),
    contractDocumentRows(db, contract.id),
  ]);
  return {
    contract: contractRow(contract),
    pricingEvents: events.map((e) => ({
      id: e.id,
      quantity: normOr0(e.quantity),
      futuresPrice: norm(e.futuresPrice),
      basis: norm(e.basis),
      cashPrice: norm(e.cashPrice),
      pricedAt: e.pricedAt.toISOString(),
    })),
    ticketApplications: applications.map((a) => ({
      ...a,
      quantity: normOr0(a.quantity),
      splitPct: normOr0(a.splitPct),
    })),
    // A contract note is the buyer's own record: never shown to the farmer.
    amendments: amendments
      .filter((a) => a.action !== 'note')
      .map((a) => ({
        id: a.id,
        displayContractAmendmentId: a.displayContractAmendmentId,
        action: a.action,
        createdAt: a.createdAt.toISOString(),
        changes: farmerAmendmentChanges(a.details),
      })),
    documents: documents.map((d) => ({
      ...d,
      createdAt: d.createdAt.toISOString(),
      signedAt: d.signedAt?.toISOString() ?? null,
    })),
  };
}

async function ticketRows(deps: ProfitCenterDeps, tickets: FarmerTicketData[]): Promise<FarmerTicketRow[]> {
  const applications = await ticketApplicationsOf(
    deps.ctx.database.db,
    tickets.map((t) => t.id),
  );
  const byTicket = new Map<number, FarmerTicketRow['applications']>();
  for (const a of applications) {
    const list = byTicket.get(a.scaleTicketId) ?? [];
    list.push({
      contractId: a.contractId,
      displayContractId: a.displayContractId,
      quantity: normOr0(a.quantity),
      splitPct: normOr0(a.splitPct),
    });
    byTicket.set(a.scaleTicketId, list);
  }
  return tickets.map((t) => ({
    id: t.id,
    displayScaleTicketId: t.displayScaleTicketId,
    marketId: t.marketId,
    market: marketLabel(t),
    clientId: t.clientId,
    clientName: t.clientName,
    cropId: t.cropId,
    crop: cropLabel(t.cropId),
    cropYear: t.cropYear,
    deliveryDate: t.deliveryDate,
    quantity: normOr0(t.quantity),
    quantityUnit: 'bushels',
    weight: norm(t.weight),
    applied: normOr0(t.appliedQuantity),
    unapplied: normOr0(t.unappliedQuantity),
    moisture: norm(t.moisture),
    testWeight: norm(t.testWeight),
    foreignMaterial: norm(t.foreignMaterial),
    damage: norm(t.damage),
    shrinkQuantity: normOr0(t.shrinkQuantity),
    dryingCharge: normOr0(t.dryingCharge),
    discountAmount: normOr0(t.discountAmount),
    applications: byTicket.get(t.id) ?? [],
  }));
}

/** GET scale-tickets: the farmer's tickets, newest delivery first. */
export async function listFarmerTickets(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  q: FarmerTicketsQuery,
): Promise<FarmerTicketList> {
  const farmer = await loadFarmer(deps, request);
  const p = paging(q);
  if (farmer.clientIds.length === 0) return emptyPage(p);
  const db = deps.ctx.database.db;
  const filter = {
    clientIds: farmer.clientIds,
    cropId: q.crop,
    cropYear: q.cropYear,
    unappliedOnly: q.unapplied === 'true',
  };
  const page = await keysetPage<FarmerTicketData>(
    deps.ctx,
    p,
    { list: 'farmer-tickets', user: farmer.userId, ...filter, pageSize: p.pageSize },
    {
      keyOf: (row) => row.deliveryDate,
      fetch: (after, limit, offset) => ticketPage(db, filter, after, limit, offset),
      count: () => countTickets(db, filter, MAX_TOTAL_ROWS),
    },
  );
  return { ...page, rows: await ticketRows(deps, page.rows) };
}

/** GET scale-tickets/:ticketIds: those tickets; 404 when any of them is not the farmer's. */
export async function farmerTicketsByIds(
  deps: ProfitCenterDeps,
  request: FastifyRequest,
  ids: number[],
): Promise<FarmerTicketList> {
  const farmer = await loadFarmer(deps, request);
  const tickets = farmer.clientIds.length > 0 ? await ticketsByIds(deps.ctx.database.db, farmer.clientIds, ids) : [];
  const missing = ids.filter((id) => !tickets.some((t) => t.id === id));
  if (missing.length > 0) throw new AppError('not_found', `No scale ticket ${missing.join(', ')}.`);
  return {
    rows: await ticketRows(deps, tickets),
    totalCount: tickets.length,
    paginationToken: null,
    page: 1,
    pageSize: tickets.length,
  };
}
