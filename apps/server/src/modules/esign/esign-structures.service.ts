// The third document kind of e-signing (decision 016's addendum, issue 18 'trade'): a structure traded with the
// client's confirmation through e-sign becomes a generated PDF of its terms (levels, dates, quantity, the rules in
// words, the fee) stored with its sha256, and a signing request linked to the structure (structure_confirmations);
// the built-in signing page reviews, serves and signs it as it does a contract, and signing moves the structure from
// pending_signature to live under its row lock.

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  canonicalJson,
  currencyForCountry,
  formatDay,
  formatNumber,
  formatPrice,
  intlLocaleOfCountry,
  signingExpiry,
  signingPagePath,
  structureInputSchema,
  structureKindLabel,
  structureRuleWords,
  type StructureInput,
  type StructureSigningTerms,
  type WhiteLabelPartner,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { linkOrigin } from '../identity/identity.public.ts';
import { enterpriseUsersOf, insertFile, insertRequest, setExternalId } from './esign.repo.ts';
import {
  insertStructureDocument,
  linkConfirmation,
  lockEsignStructure,
  voidOpenStructureRequests,
  type EsignStructure,
} from './esign-structures.repo.ts';
import { bytesSha256, fullName, partnerOf, type EsignDeps } from './esign.service.ts';

/** What the confirmation binds: the terms as built and typed, the client and the market (a change voids a request). */
export function structureTermsHash(s: Pick<EsignStructure, 'input' | 'terms' | 'clientId' | 'marketId'>): string {
  return sha256(canonicalJson({ input: s.input, terms: s.terms, clientId: s.clientId, marketId: s.marketId }));
}

function levelsOf(input: StructureInput): { label: string; price: string }[] {
  switch (input.kind) {
    case 'accumulator':
      return [
        { label: 'Accumulation level', price: input.accumulationLevel },
        ...(input.knockOut ? [{ label: 'Knock-out', price: input.knockOut }] : []),
        ...(input.doubleUp !== 'none'
          ? [{ label: 'Double-up trigger', price: input.doubleUpTrigger ?? input.accumulationLevel }]
          : []),
        ...(input.floor ? [{ label: 'Floor after a knock-out', price: input.floor }] : []),
        ...(input.pricingBarrier
          ? [
              { label: 'Pricing barrier', price: input.pricingBarrier.level },
              { label: 'Protection level', price: input.pricingBarrier.protectionLevel },
            ]
          : []),
      ];
    case 'minimum-price':
      return [{ label: input.side === 'sale' ? 'Floor' : 'Ceiling', price: input.floor }];
    case 'hta':
      return [{ label: 'Futures level', price: input.futuresLevel }];
    case 'average-price':
      return [];
  }
}

/** What the signing page shows and the PDF prints: the client, market, crop and month, the levels and rules. */
export function structureSigningTerms(
  s: EsignStructure,
  partner: WhiteLabelPartner,
): StructureSigningTerms & { input: StructureInput } {
  const input = structureInputSchema.parse(s.input);
  const currency = currencyForCountry(s.marketCountry);
  const locale = intlLocaleOfCountry(s.marketCountry);
  const observations = s.terms.observations;
  const rules = structureRuleWords(
    input,
    {
      observations: observations.length,
      perObservation: String(observations[0]?.bushels ?? 0),
      firstDate: observations[0]?.date ?? s.startDate,
      lastDate: observations.at(-1)?.date ?? s.endDate,
    },
    {
      price: (v) => formatPrice(v, { notation: partner.priceNotation.price, currency, unit: 'bushel', showUnit: true }),
      day: (d) => formatDay(d, locale),
      bushels: (v) => `${formatNumber(v, { maxFractionDigits: 2 })} bu`,
    },
  );
  return {
    input,
    structureId: s.id,
    partnerName: partner.branding.legalName,
    marketName: s.marketName,
    clientName: s.clientName,
    kindLabel: structureKindLabel(input),
    side: s.side,
    crop: s.cropName,
    cropYear: s.cropYear,
    futuresSymbol: s.futuresSymbol,
    optionMonth: s.optionMonth,
    quantity: input.quantity,
    start: s.startDate,
    end: s.endDate,
    fee: input.fee,
    currency,
    levels: levelsOf(input),
    rules,
  };
}

/**
 * Sends a structure's confirmation for signature, inside the caller's transaction (`tx`, where the caller has just
 * set the structure pending_signature): under the structure's lock its earlier open requests are voided, the PDF of
 * its terms generated and stored with its sha256, a signing request created (a one-time token, only its hash kept;
 * the signer the first user onboarded on the client's farm, owners first) and linked to the structure, and the
 * client's users told (in the app and by e-mail with the link). 409 no_signer when nobody of the client is onboarded.
 */
export async function sendStructureForSignature(
  deps: EsignDeps,
  request: FastifyRequest,
  tx: Db,
  structureId: number,
  sentBy: string,
): Promise<{ requestId: number; signingPath: string; notified: number }> {
  // pdf-lib is loaded with the first PDF (decision 049's addendum).
  const { structurePdf } = await import('./contract-pdf.ts');
  const structure = await lockEsignStructure(tx, structureId);
  if (!structure) throw new AppError('not_found', `No structure ${structureId}.`);
  const signers =
    structure.clientEnterpriseId !== null ? await enterpriseUsersOf(tx, structure.clientEnterpriseId) : [];
  if (signers.length === 0) {
    throw new AppError(
      'conflict',
      `No user of ${structure.clientName} is onboarded to sign: invite them to the app first, or trade on a verbal confirmation.`,
      { reason: 'no_signer' },
    );
  }
  const partner = await partnerOf(deps, structure.partnerId);
  const termsHash = structureTermsHash(structure);
  const now = new Date();
  const terms = structureSigningTerms(structure, partner);
  const pdf = Buffer.from(
    await structurePdf(
      terms,
      { termsHash, createdAt: now, locale: intlLocaleOfCountry(structure.marketCountry) },
      partner.priceNotation,
    ),
  );
  const pdfSha = bytesSha256(pdf);
  const voided = await voidOpenStructureRequests(tx, structure.id);
  const document = await insertStructureDocument(tx, { fileName: `structure-${structure.id}.pdf`, sha256: pdfSha });
  await insertFile(tx, { documentId: document.id, kind: 'generated', sha256: pdfSha, content: pdf });
  const token = randomBytes(32).toString('hex');
  const primary = signers[0]!;
  const row = await insertRequest(tx, {
    documentId: document.id,
    provider: deps.provider.name,
    tokenHash: sha256(token),
    termsHash,
    sentBy,
    expiresAt: signingExpiry(now),
    signerUserId: primary.id,
    signerEmail: primary.email,
    signerName: fullName(primary),
  });
  await linkConfirmation(tx, { requestId: row.id, documentId: document.id, structureId: structure.id });
  const origin = linkOrigin(deps.ctx, request, partner);
  const envelope = await deps.provider.createEnvelope({
    requestId: row.id,
    contractId: 0,
    displayContractId: `structure-${structure.id}`,
    pdf,
    signers: signers.map((s) => ({ name: fullName(s), email: s.email })),
    origin,
    token,
  });
  await setExternalId(tx, row.id, envelope.externalId);
  for (const v of voided)
    if (v.externalId && v.provider === deps.provider.name) await deps.provider.voidEnvelope(v.externalId);
  const title = `Your ${terms.kindLabel.toLowerCase()} is ready to sign`;
  const body = `${partner.branding.tradeName} traded a ${terms.kindLabel.toLowerCase()} of ${structure.cropName} ${structure.cropYear} with ${structure.clientName}; confirm it with your signature.`;
  const signingPath = signingPagePath(deps.provider.name, row.id);
  await notifyUsers(
    tx,
    signers.map((s) => ({ userId: s.id, topic: 'contract_signature.structure', title, body, link: signingPath })),
  );
  for (const s of signers) {
    await sendMail(tx, {
      template: 'structure_confirmation',
      data: {
        firstName: s.firstName,
        kind: terms.kindLabel,
        client: structure.clientName,
        crop: structure.cropName,
        cropYear: structure.cropYear,
        signingPath: envelope.signingUrl,
        expiresAt: row.expiresAt.toISOString(),
      },
      ctx: mailContext(partner, origin),
      recipient: s.email,
      userId: s.id,
    });
  }
  return { requestId: row.id, signingPath, notified: signers.length };
}

/** Voids a structure's open confirmation requests (a cancelled quote); runs inside the caller's transaction. */
export async function voidStructureSigning(deps: EsignDeps, tx: Db, structureId: number): Promise<void> {
  const voided = await voidOpenStructureRequests(tx, structureId);
  for (const v of voided)
    if (v.externalId && v.provider === deps.provider.name) await deps.provider.voidEnvelope(v.externalId);
}
