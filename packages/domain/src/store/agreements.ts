// Agreements a farm business signs to buy certain inputs online (platform.md 2.4 /direct/{brand}-agreements,
// /direct/agreement/:agreementType/:enterpriseId/:userId) and the buyer's store readiness report
// (/direct/onboarding/report). The texts are built from the partner's branding words, never a literal brand.

import { z } from 'zod';
import type { ProductKind } from './catalogue.ts';
import type { PaymentTermGroup } from './payment-terms.ts';

export const AGREEMENT_TYPES = [
  'terms-of-sale',
  'seed-technology-use',
  'restricted-use-pesticide',
  'credit-application-terms',
] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export const agreementTypeSchema = z.enum(AGREEMENT_TYPES);

/** The partner's words an agreement's text is written with: branding.shortName and branding.legalName. */
export type AgreementWords = { brand: string; legalName: string };

/** What makes an agreement required: every order, some product kinds, restricted-use products, some payment-term groups. */
export type AgreementRequirement = {
  everyOrder: boolean;
  productKinds: readonly ProductKind[];
  restrictedUse: boolean;
  paymentTermGroups: readonly PaymentTermGroup[];
};

type AgreementDefinition = {
  type: AgreementType;
  /** Raised when the text changes in substance; a signature of an older version no longer counts. */
  version: number;
  title: string;
  summary: string;
  /** Paragraphs; `{brand}` and `{legal_name}` stand for the partner's words. */
  paragraphs: readonly string[];
  requiredFor: AgreementRequirement;
};

const DEFINITIONS: Readonly<Record<AgreementType, AgreementDefinition>> = {
  'terms-of-sale': {
    type: 'terms-of-sale',
    version: 1,
    title: '{brand} Direct terms of sale',
    summary: 'The terms every online purchase from the {brand} store is made on.',
    paragraphs: [
      'These terms of sale apply to every order the farm business places online with {legal_name} ("{brand}") through the {brand} Direct store, for products sold by {brand} and by marketplace sellers listed in the store.',
      "Prices are those shown at checkout in the currency of the farm business's region. An order is an offer to buy; it is accepted when {brand} or the marketplace seller confirms it. Taxes, shipping and payment fees are shown before the order is placed.",
      'Products are delivered to the address chosen at checkout or picked up at the warehouse chosen. Risk of loss passes to the farm business on delivery or pickup. Report damaged or missing goods within 5 days of receipt.',
      'Crop protection, seed and animal-health products must be stored, handled and applied according to their labels and the law of the place of use. The farm business is responsible for the use of the products it buys.',
      'Unopened products in resaleable condition may be returned within 30 days of receipt, except seed treated to order, bulk liquids and products marked non-returnable. Restocking charges may apply.',
      "Except as required by law, {brand}'s liability for any order is limited to the price paid for the products concerned.",
    ],
    requiredFor: { everyOrder: true, productKinds: [], restrictedUse: false, paymentTermGroups: [] },
  },
  'seed-technology-use': {
    type: 'seed-technology-use',
    version: 1,
    title: 'Seed technology use agreement',
    summary: 'Needed to buy treated or traited seed: the rules for planting seed that carries patented technology.',
    paragraphs: [
      'This agreement is between the farm business and {legal_name} ("{brand}") on behalf of the owners of the seed technologies sold through the {brand} Direct store.',
      'Seed bought under this agreement may be planted by the farm business for a single commercial crop only. Saving, cleaning, selling or transferring seed harvested from it for planting is not permitted.',
      'The farm business follows the stewardship requirements of each technology, including refuge requirements for insect-protected traits and the product use guide of each seed treatment.',
      'Treated seed is not used for food, feed or oil processing, and unused treated seed is disposed of according to its label.',
      "The technology owners may check compliance; {brand} may share the farm business's purchase records with them for that purpose.",
    ],
    requiredFor: { everyOrder: false, productKinds: ['treated_seed'], restrictedUse: false, paymentTermGroups: [] },
  },
  'restricted-use-pesticide': {
    type: 'restricted-use-pesticide',
    version: 1,
    title: 'Restricted-use pesticide acknowledgement',
    summary: 'Needed to buy restricted-use products: who may apply them and the records to keep.',
    paragraphs: [
      'The farm business acknowledges that restricted-use pesticides bought through the {brand} Direct store may be applied only by a certified applicator, or under the direct supervision of one, as the law of the place of use requires.',
      'A valid applicator licence for the place of use is kept on file with {brand} before a restricted-use product is ordered, and the farm business tells {brand} when it expires or is revoked.',
      'The farm business keeps the application records the law requires and makes them available to the authorities on request; {brand} reports restricted-use sales as the law requires.',
      'Restricted-use products are stored locked and away from food and feed, and their containers are disposed of according to their labels.',
    ],
    requiredFor: { everyOrder: false, productKinds: [], restrictedUse: true, paymentTermGroups: [] },
  },
  'credit-application-terms': {
    type: 'credit-application-terms',
    version: 1,
    title: '{brand} credit application terms',
    summary: "Needed to pay later with the store's financing terms.",
    paragraphs: [
      'By applying for credit with {legal_name} ("{brand}"), the farm business authorizes {brand} and its financing partners to obtain credit reports and to verify the information given in the application.',
      'Purchases on financing terms are due on the dates shown at checkout. Amounts not paid when due bear interest at the rate stated in the financing offer, not above the highest rate the law allows.',
      '{brand} may set, change or withdraw a credit limit, and may ask for security or guarantees, at its discretion.',
      'The farm business confirms that the person signing may bind it, and that the information it gives is true and complete.',
    ],
    requiredFor: { everyOrder: false, productKinds: [], restrictedUse: false, paymentTermGroups: ['financing'] },
  },
};

function fill(text: string, words: AgreementWords): string {
  const brand = words.brand.trim() || 'the store';
  const legal = words.legalName.trim() || brand;
  return text.replaceAll('{brand}', brand).replaceAll('{legal_name}', legal);
}

export function currentAgreementVersion(type: AgreementType): number {
  return DEFINITIONS[type].version;
}

export function agreementRequirement(type: AgreementType): AgreementRequirement {
  return DEFINITIONS[type].requiredFor;
}

/** The readable agreement for a partner: title, summary, version and paragraphs with the partner's words. */
export function agreementText(
  type: AgreementType,
  words: AgreementWords,
): { type: AgreementType; version: number; title: string; summary: string; paragraphs: string[] } {
  const d = DEFINITIONS[type];
  return {
    type,
    version: d.version,
    title: fill(d.title, words),
    summary: fill(d.summary, words),
    paragraphs: d.paragraphs.map((p) => fill(p, words)),
  };
}

/** What an order asks for: the product kinds in it, whether any product is restricted-use, the payment term's group. */
export type AgreementNeeds = {
  productKinds?: readonly ProductKind[];
  restrictedUse?: boolean;
  paymentTermGroup?: PaymentTermGroup | null;
};

/** The agreements a purchase needs signed, in AGREEMENT_TYPES order. */
export function agreementsRequiredFor(needs: AgreementNeeds): AgreementType[] {
  const kinds = new Set(needs.productKinds ?? []);
  return AGREEMENT_TYPES.filter((type) => {
    const r = DEFINITIONS[type].requiredFor;
    return (
      r.everyOrder ||
      r.productKinds.some((k) => kinds.has(k)) ||
      (r.restrictedUse && needs.restrictedUse === true) ||
      (needs.paymentTermGroup != null && r.paymentTermGroups.includes(needs.paymentTermGroup))
    );
  });
}

export type AgreementStatus = 'signed' | 'not_signed' | 'new_version';

/** signed: the current version is signed; new_version: only an older one; not_signed: none. */
export function agreementStatus(type: AgreementType, signedVersions: readonly number[]): AgreementStatus {
  const current = DEFINITIONS[type].version;
  if (signedVersions.includes(current)) return 'signed';
  return signedVersions.length > 0 ? 'new_version' : 'not_signed';
}

/** The path segment of the agreements page: '{brand}-agreements' with the partner's short word ('granary-agreements'). */
export function brandAgreementsSegment(brandShortName: string): string {
  const word = brandShortName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${word || 'house'}-agreements`;
}

// ---------- calls ----------

export const STORE_AGREEMENTS_PATH = '/agreements';
export const STORE_ONBOARDING_REPORT_PATH = '/onboarding/report';

/** Whose agreements: absent = the caller's current farm business; a public enterprise id and a user id otherwise. */
export const agreementOwnerQuerySchema = z
  .object({ enterpriseId: z.string().uuid().optional(), userId: z.string().uuid().optional() })
  .strict();
export type AgreementOwnerQuery = z.infer<typeof agreementOwnerQuerySchema>;

export const agreementSignatureSchema = z.object({
  version: z.number().int(),
  signedName: z.string(),
  signedAt: z.string(),
  signedBy: z.object({ userId: z.string(), name: z.string() }),
});
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;

export const agreementSummarySchema = z.object({
  type: agreementTypeSchema,
  title: z.string(),
  summary: z.string(),
  version: z.number().int(),
  status: z.enum(['signed', 'not_signed', 'new_version']),
  /** The latest signature of any version, if one. */
  signature: agreementSignatureSchema.nullable(),
  requiredFor: z.object({
    everyOrder: z.boolean(),
    productKinds: z.array(z.string()),
    restrictedUse: z.boolean(),
    paymentTermGroups: z.array(z.string()),
  }),
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

export const agreementEnterpriseSchema = z.object({ publicId: z.string(), name: z.string() });

export const agreementListSchema = z.object({
  enterprise: agreementEnterpriseSchema,
  userId: z.string(),
  agreements: z.array(agreementSummarySchema),
});
export type AgreementList = z.infer<typeof agreementListSchema>;

export const agreementDetailSchema = agreementSummarySchema.extend({
  paragraphs: z.array(z.string()),
  enterprise: agreementEnterpriseSchema,
  /** The user the page is about (the URL's :userId). */
  user: z.object({ id: z.string(), name: z.string() }),
  /** True when the caller is that user, a member of the enterprise, and the current version is not signed. */
  canSign: z.boolean(),
});
export type AgreementDetail = z.infer<typeof agreementDetailSchema>;

/** The signing form: the typed full name and the consent checkbox (checked in the service for a clear 400). */
export const signAgreementInputSchema = z.object({
  enterpriseId: z.string().uuid().optional(),
  signedName: z.string().max(200).optional(),
  consent: z.boolean().optional(),
});
export type SignAgreementInput = z.infer<typeof signAgreementInputSchema>;
export const SIGN_AGREEMENT_REFUSALS = ['signed_name_required', 'consent_required'] as const;

// ---------- the store readiness report ----------

export const READINESS_ITEMS = [
  'enterprise_profile',
  'billing_address',
  'input_purchasing',
  'applicator_licence',
  'agreements',
  'first_order',
] as const;
export type ReadinessItemId = (typeof READINESS_ITEMS)[number];

export const readinessItemSchema = z.object({
  id: z.enum(READINESS_ITEMS),
  /** done: nothing to do; attention: works but needs care soon (a licence expiring); todo: to fix. */
  state: z.enum(['done', 'attention', 'todo']),
  /** Item-specific facts for the message: licence 'valid'|'expiring'|'expired'|'none', counts, country. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Where to fix it (a web path without locale prefix). */
  fixPath: z.string(),
});
export type ReadinessItem = z.infer<typeof readinessItemSchema>;

export const onboardingReportSchema = z.object({
  enterprise: agreementEnterpriseSchema.nullable(),
  items: z.array(readinessItemSchema),
  done: z.number().int(),
  total: z.number().int(),
});
export type OnboardingReport = z.infer<typeof onboardingReportSchema>;
