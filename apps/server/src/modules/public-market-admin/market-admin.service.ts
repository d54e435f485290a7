// The CRM administrator's markets (issue 15; grain-marketing.md 7 'Merchandising' market, le/:partnerLegalEntity/
// market/:marketId/posts): a market's details (display name, address, phone, e-mail, time zone) and its posts to its
// farmers, for the buyer-admins of that market (or a super admin). Another partner's market answers 404 as an unknown
// one does; every write is at the version read (If-Match: 428 without, 412 when stale) and audited.

import type { FastifyRequest } from 'fastify';
import {
  marketLabel,
  type MarketDetails,
  type MarketDetailsUpdate,
  type FarmerMarketPostList,
  type MarketPost,
  type MarketPostList,
  type marketDetailsUpdateSchema,
  type marketPostInputSchema,
} from '@granary/domain';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import {
  adminGrantsFor,
  ifMatchVersion,
  loadCrmActor,
  partnerMarket,
  requirePlatform,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { loadFarmer } from '../profit-center/profit-center.public.ts';
import {
  clientsSellTo,
  deleteMarketPost,
  findMarketDetails,
  findMarketPost,
  insertMarketPost,
  listMarketPosts,
  listPublishedPosts,
  updateMarketDetails,
  updateMarketPost,
  type MarketDetailsRow,
  type MarketPostRow,
} from './market-admin.repo.ts';

/** Whether the actor is a buyer-admin of this market (for all markets, or this one). */
function isBuyerAdminOf(actor: CrmActor, marketId: number): boolean {
  const grant = adminGrantsFor(actor)['buyer-admin'];
  return grant === 'all' || (Array.isArray(grant) && grant.includes(marketId));
}

async function adminScope(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<{ actor: CrmActor; market: CrmMarket }> {
  const actor = await loadCrmActor(deps, request);
  const market = partnerMarket(actor, marketId);
  if (!isBuyerAdminOf(actor, market.id))
    throw new AppError('forbidden', 'Only the buyer-admins of this market manage it.');
  return { actor, market };
}

function detailsOf(row: MarketDetailsRow): MarketDetails {
  return {
    marketId: row.id,
    label: marketLabel({
      displayName: row.displayName,
      address: { city: row.city, administrativeAreaLevel1: row.administrativeAreaLevel1 },
    }),
    displayName: row.displayName,
    addressLine1: row.addressLine1,
    city: row.city,
    administrativeAreaLevel1: row.administrativeAreaLevel1,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    phone: row.phone,
    email: row.email,
    timezone: row.timezone,
    version: row.version,
  };
}

export async function marketDetails(deps: CrmDeps, request: FastifyRequest, marketId: number): Promise<MarketDetails> {
  const { market } = await adminScope(deps, request, marketId);
  const row = await findMarketDetails(deps.ctx.database.db, market.id);
  if (!row) throw new AppError('not_found', `No market ${marketId}.`);
  return detailsOf(row);
}

export async function changeMarketDetails(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  body: z.output<typeof marketDetailsUpdateSchema>,
): Promise<MarketDetails> {
  const db = deps.ctx.database.db;
  const { actor, market } = await adminScope(deps, request, marketId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const before = await findMarketDetails(db, market.id);
  if (!before) throw new AppError('not_found', `No market ${marketId}.`);
  if (before.version !== expected)
    throw new AppError('precondition_failed', undefined, { currentVersion: before.version });
  const saved = await updateMarketDetails(db, market.id, expected, body);
  if (!saved) {
    const fresh = await findMarketDetails(db, market.id);
    throw new AppError('precondition_failed', undefined, { currentVersion: fresh?.version ?? 0 });
  }
  const changed = (Object.keys(body) as (keyof MarketDetailsUpdate)[]).filter((k) => before[k] !== saved[k]);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_details_update',
    targetType: 'market',
    targetId: String(market.id),
    details: { fields: changed, version: saved.version },
  });
  return detailsOf(saved);
}

// ---------------------------------------------------------------------------------------------------
// Posts

function postOf(row: MarketPostRow): MarketPost {
  return {
    id: row.id,
    marketId: row.marketId,
    title: row.title,
    body: row.body,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    author: row.author,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function postScope(deps: CrmDeps, request: FastifyRequest, partnerLegalEntity: number, marketId: number) {
  const scope = await adminScope(deps, request, marketId);
  requirePlatform(scope.actor, partnerLegalEntity);
  return scope;
}

export async function marketPosts(
  deps: CrmDeps,
  request: FastifyRequest,
  partnerLegalEntity: number,
  marketId: number,
): Promise<MarketPostList> {
  const { market } = await postScope(deps, request, partnerLegalEntity, marketId);
  const rows = await listMarketPosts(deps.ctx.database.db, market.id);
  return { marketId: market.id, posts: rows.map(postOf) };
}

/** A farmer reads at most this many posts of a market (the newest). */
const FARMER_POSTS_LIMIT = 20;

/**
 * profit-center/market/:marketId/posts: a market's published posts, for a farmer (My Sales Lite's rule: 401, 403)
 * whose farm sells to it; any other market, of any partner, answers 404 as an unknown one does.
 */
export async function farmerMarketPosts(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<FarmerMarketPostList> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  if (!(await clientsSellTo(db, farmer.clientIds, marketId))) throw new AppError('not_found', `No market ${marketId}.`);
  const rows = await listPublishedPosts(db, marketId, FARMER_POSTS_LIMIT);
  return {
    marketId,
    posts: rows.flatMap((r) =>
      r.publishedAt ? [{ id: r.id, title: r.title, body: r.body, publishedAt: r.publishedAt.toISOString() }] : [],
    ),
  };
}

export async function createMarketPost(
  deps: CrmDeps,
  request: FastifyRequest,
  partnerLegalEntity: number,
  marketId: number,
  body: z.output<typeof marketPostInputSchema>,
  now: Date = new Date(),
): Promise<MarketPost> {
  const db = deps.ctx.database.db;
  const { actor, market } = await postScope(deps, request, partnerLegalEntity, marketId);
  const id = await insertMarketPost(db, market.id, body, actor.user.id, now);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_post_create',
    targetType: 'market_post',
    targetId: String(id),
    details: { marketId: market.id, title: body.title, published: body.published },
  });
  const row = await findMarketPost(db, market.id, id);
  if (!row) throw new Error('market post vanished');
  return postOf(row);
}

async function existingPost(deps: CrmDeps, marketId: number, postId: number): Promise<MarketPostRow> {
  const row = await findMarketPost(deps.ctx.database.db, marketId, postId);
  if (!row) throw new AppError('not_found', `No post ${postId}.`);
  return row;
}

export async function changeMarketPost(
  deps: CrmDeps,
  request: FastifyRequest,
  partnerLegalEntity: number,
  marketId: number,
  postId: number,
  body: z.output<typeof marketPostInputSchema>,
  now: Date = new Date(),
): Promise<MarketPost> {
  const db = deps.ctx.database.db;
  const { actor, market } = await postScope(deps, request, partnerLegalEntity, marketId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const before = await existingPost(deps, market.id, postId);
  if (before.version !== expected || !(await updateMarketPost(db, postId, expected, body, now)))
    throw new AppError('precondition_failed', undefined, { currentVersion: before.version });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_post_update',
    targetType: 'market_post',
    targetId: String(postId),
    details: { marketId: market.id, title: body.title, published: body.published, version: expected + 1 },
  });
  return postOf(await existingPost(deps, market.id, postId));
}

export async function removeMarketPost(
  deps: CrmDeps,
  request: FastifyRequest,
  partnerLegalEntity: number,
  marketId: number,
  postId: number,
): Promise<void> {
  const db = deps.ctx.database.db;
  const { actor, market } = await postScope(deps, request, partnerLegalEntity, marketId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const before = await existingPost(deps, market.id, postId);
  if (before.version !== expected || !(await deleteMarketPost(db, postId, expected)))
    throw new AppError('precondition_failed', undefined, { currentVersion: before.version });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_post_delete',
    targetType: 'market_post',
    targetId: String(postId),
    details: { marketId: market.id, title: before.title },
  });
}
