import type { FastifyRequest } from 'fastify';
import { isCrmAdmin, type ContractSigningSettings, type PriceNotationSettings } from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { loadCrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import { AppError } from '../../platform/errors.ts';
import {
  partnerContractSigningOf,
  setPartnerContractSigning,
  setPartnerPriceNotation,
} from './partner-settings.repo.ts';

// A partner's own settings that its CRM administrators change on /crm/administrator (issue 13): how its pages write
// prices. Read by every page through the bootstrap's partner; here for the administrator page and its write.

/** The price notation of the buyer's partner (any CRM user may read it: every page writes prices with it). */
export async function partnerPriceNotation(deps: CrmDeps, request: FastifyRequest): Promise<PriceNotationSettings> {
  const actor = await loadCrmActor(deps, request);
  return actor.partner.priceNotation;
}

/** Changes the partner's price notation: a CRM administrator of the partner only (buyer-admin or farmer-admin). */
export async function changePartnerPriceNotation(
  deps: CrmDeps,
  request: FastifyRequest,
  notation: PriceNotationSettings,
): Promise<PriceNotationSettings> {
  const actor = await loadCrmActor(deps, request);
  if (!isCrmAdmin(actor.adminGrants, { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', "Only a CRM administrator may change the partner's price notation.");
  const db = deps.ctx.database.db;
  const value = { price: notation.price, basis: notation.basis };
  if (!(await setPartnerPriceNotation(db, actor.partner.id, value)))
    throw new AppError('not_found', `No partner '${actor.partner.id}'.`);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'partner_price_notation_update',
    targetType: 'partner',
    targetId: actor.partner.id,
    details: { from: actor.partner.priceNotation, to: value },
  });
  // This process reads the partners again at once; the others within their cache time (30 s).
  deps.partners.forget();
  return value;
}

/** The partner's contract signing rules (issue 14, decision 042); any CRM user may read them. */
export async function partnerContractSigning(deps: CrmDeps, request: FastifyRequest): Promise<ContractSigningSettings> {
  const actor = await loadCrmActor(deps, request);
  const settings = await partnerContractSigningOf(deps.ctx.database.db, actor.partner.id);
  if (!settings) throw new AppError('not_found', `No partner '${actor.partner.id}'.`);
  return settings;
}

/** Changes them: a CRM administrator of the partner only; the audit record commits with the change. */
export async function changePartnerContractSigning(
  deps: CrmDeps,
  request: FastifyRequest,
  settings: ContractSigningSettings,
): Promise<ContractSigningSettings> {
  const actor = await loadCrmActor(deps, request);
  if (!isCrmAdmin(actor.adminGrants, { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', "Only a CRM administrator may change the partner's contract signing rules.");
  const value = {
    amendmentsRequireSignature: settings.amendmentsRequireSignature,
    programRequired: settings.programRequired,
  };
  return deps.ctx.database.db.transaction(async (tx) => {
    const before = await partnerContractSigningOf(tx, actor.partner.id);
    if (!before || !(await setPartnerContractSigning(tx, actor.partner.id, value)))
      throw new AppError('not_found', `No partner '${actor.partner.id}'.`);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'partner_contract_signing_update',
      targetType: 'partner',
      targetId: actor.partner.id,
      details: { from: before, to: value },
    });
    return value;
  });
}
