// What the booking calls answer beyond the structure row of booking.ts (issue 18 'Booking and life of a structure';
// decision 062's booking section): the list row with today's close cost, the detail with its observations, rules
// and confirmation, and the farmer's read-only view (never the merchandiser's valuation nor who did what).

import { z } from 'zod';
import { pagedFields } from '../crm/api.ts';
import { decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { SIGNING_STATES } from '../esign/esign.ts';
import { structureObservationSchema, structureSchema } from './booking.ts';

const decimal = decimalStringSchema;
const instant = z.string();

/**
 * Today's close cost of a live structure, as the list shows it (cached per structure for a trading day, its version
 * and the futures price): dollars, the merchandiser's side — positive, the client pays to end it; negative, the
 * client is paid.
 */
export const structureCloseCostSummarySchema = z.object({
  closeCost: decimal,
  closeCostPerRemainingBushel: decimal.nullable(),
  /** The futures price ($/bu) and the quote's trading day it was priced at. */
  futures: decimal,
  tradingDay: isoDateSchema,
  computedAt: instant,
});
export type StructureCloseCostSummary = z.infer<typeof structureCloseCostSummarySchema>;

/** GET structures, GET saved-structure: a row with today's close cost (null unless live; or when it cannot be priced). */
export const structureListRowSchema = structureSchema.extend({
  todayCloseCost: structureCloseCostSummarySchema.nullable(),
});
export type StructureListRow = z.infer<typeof structureListRowSchema>;

export const structureRowsSchema = z.object({ rows: z.array(structureListRowSchema), ...pagedFields });
export type StructureRows = z.infer<typeof structureRowsSchema>;

/** The client's confirmation through e-sign (decision 016's structure kind): the latest request. */
export const structureConfirmationSchema = z.object({
  requestId: z.number().int(),
  state: z.enum(SIGNING_STATES),
  sentAt: instant,
  expiresAt: instant,
  signedAt: instant.nullable(),
  signerName: z.string().nullable(),
  documentId: z.number().int(),
});
export type StructureConfirmation = z.infer<typeof structureConfirmationSchema>;

/** GET structure/:structId: the structure, its observations (oldest first), its rules in words, its confirmation. */
export const structureDetailSchema = structureListRowSchema.extend({
  observations: z.array(structureObservationSchema),
  rules: z.array(z.string()),
  confirmation: structureConfirmationSchema.nullable(),
});
export type StructureDetail = z.infer<typeof structureDetailSchema>;

/** The farmer's read-only structure (profit center `structures/:structureId?`): never a quote nor the margin. */
export const farmerStructureSchema = structureSchema
  .omit({ lastQuote: true, quotedBy: true, tradedBy: true, closeRequest: true, signingRequestId: true })
  .extend({
    closeRequest: z
      .object({
        requestedAt: instant.nullable(),
        /** Dollars quoted for ending it (positive: the client pays). */
        cost: decimal.nullable(),
        closedAt: instant.nullable(),
        note: z.string().nullable(),
      })
      .nullable(),
    /** The signing page of the confirmation waiting for the farmer's signature (pending_signature), else null. */
    signingPath: z.string().nullable(),
    rules: z.array(z.string()),
  });
export type FarmerStructure = z.infer<typeof farmerStructureSchema>;

export const farmerStructureListSchema = z.object({ rows: z.array(farmerStructureSchema) });
export type FarmerStructureList = z.infer<typeof farmerStructureListSchema>;

export const farmerStructureDetailSchema = farmerStructureSchema.extend({
  observations: z.array(structureObservationSchema),
});
export type FarmerStructureDetail = z.infer<typeof farmerStructureDetailSchema>;
