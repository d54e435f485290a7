// Sustainability programs (issue 17, docs/decisions/059-sustainability-programs.md): a buyer's program at one market
// for a crop and crop year (a premium per bushel or per acre, practices, an enrolment window, a cap on acres), its
// survey (choice / number / text / yes-no questions), and a farmer's enrolment of one of their client legal entities
// (answers and enrolled acres, signed with a typed name: draft → sent → enrolled / withdrawn). Money and acres are
// exact decimal strings on the wire.

import { z } from 'zod';
import { decimalStringSchema, isDecimalString, isoDateSchema, toDecimal } from '../crm/exact.ts';

export const SUSTAINABILITY_QUESTION_KINDS = ['choice', 'number', 'text', 'yes_no'] as const;
export type SustainabilityQuestionKind = (typeof SUSTAINABILITY_QUESTION_KINDS)[number];

export const sustainabilityQuestionSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]{1,40}$/),
  kind: z.enum(SUSTAINABILITY_QUESTION_KINDS),
  label: z.string().min(1).max(300),
  required: z.boolean(),
  /** The options of a choice question. */
  options: z.array(z.string().min(1).max(120)).max(20).optional(),
  /** Bounds of a number question. */
  min: z.number().optional(),
  max: z.number().optional(),
});
export type SustainabilityQuestion = z.infer<typeof sustainabilityQuestionSchema>;

export const sustainabilityAnswerSchema = z.object({
  questionId: z.string().max(40),
  /** The chosen option, the number as typed (decimal string), the text, or 'yes' / 'no'. */
  value: z.string().max(2000),
});
export type SustainabilityAnswer = z.infer<typeof sustainabilityAnswerSchema>;

export type SustainabilityFieldError = { path: string; message: string };

/** The problems of a survey's answers, one per question (path `answers.<questionId>`); empty when they are fine. */
export function surveyAnswerErrors(
  questions: readonly SustainabilityQuestion[],
  answers: readonly SustainabilityAnswer[],
): SustainabilityFieldError[] {
  const byId = new Map(answers.map((a) => [a.questionId, a.value.trim()]));
  const errors: SustainabilityFieldError[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const a of answers) {
    if (!known.has(a.questionId)) errors.push({ path: `answers.${a.questionId}`, message: 'No such question' });
  }
  for (const q of questions) {
    const path = `answers.${q.id}`;
    const value = byId.get(q.id) ?? '';
    if (value === '') {
      if (q.required) errors.push({ path, message: 'Required' });
      continue;
    }
    if (q.kind === 'yes_no' && value !== 'yes' && value !== 'no') errors.push({ path, message: 'Answer yes or no' });
    if (q.kind === 'choice' && !(q.options ?? []).includes(value))
      errors.push({ path, message: 'Choose one of the options' });
    if (q.kind === 'number') {
      // isDecimalString: the pattern and a length toDecimal takes (61 digits made it throw, a 500).
      if (!isDecimalString(value)) errors.push({ path, message: 'Expected a number' });
      else {
        const n = toDecimal(value);
        if (q.min !== undefined && n.lessThan(q.min)) errors.push({ path, message: `At least ${q.min}` });
        else if (q.max !== undefined && n.greaterThan(q.max)) errors.push({ path, message: `At most ${q.max}` });
      }
    }
  }
  return errors;
}

export const SUSTAINABILITY_ENROLMENT_STATUSES = ['draft', 'sent', 'enrolled', 'withdrawn'] as const;
export type SustainabilityEnrolmentStatus = (typeof SUSTAINABILITY_ENROLMENT_STATUSES)[number];

export const SUSTAINABILITY_PROGRAM_STATUSES = ['draft', 'open', 'closed'] as const;
export type SustainabilityProgramStatus = (typeof SUSTAINABILITY_PROGRAM_STATUSES)[number];

/** Acres typed by the farmer: above zero, at most two decimals. */
export const acresSchema = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Expected acres such as 320 or 80.5')
  // The regex's refusal does not stop zod from running this check: only a number is compared.
  // isDecimalString caps the length too: a 61-digit value made toDecimal throw (a 500, not the field's 400).
  .refine(
    (v) => !/^\d+(\.\d+)?$/.test(v) || !isDecimalString(v) || toDecimal(v).greaterThan(0),
    'Expected acres above zero',
  );

const id = z.number().int();

export const sustainabilityEnrolmentSchema = z.object({
  id,
  programId: id,
  surveyId: id,
  clientId: id,
  clientName: z.string(),
  cropId: id,
  cropYear: id,
  acres: decimalStringSchema,
  answers: z.array(sustainabilityAnswerSchema),
  status: z.enum(SUSTAINABILITY_ENROLMENT_STATUSES),
  sentAt: z.string().nullable(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** The built-in signing page of the open signing request (sent enrolments; decision 059's e-sign addendum). */
  signingUrl: z.string().nullable().optional(),
});
export type SustainabilityEnrolment = z.infer<typeof sustainabilityEnrolmentSchema>;

export const sustainabilityProgramSchema = z.object({
  id,
  surveyId: id,
  marketId: id,
  marketLabel: z.string(),
  partnerName: z.string(),
  cropId: id,
  crop: z.string(),
  cropYear: id,
  name: z.string(),
  description: z.string(),
  premium: decimalStringSchema,
  premiumUnit: z.enum(['bushel', 'acre']),
  practices: z.array(z.string()),
  enrolmentOpens: isoDateSchema,
  enrolmentCloses: isoDateSchema,
  maxAcres: decimalStringSchema.nullable(),
  status: z.enum(SUSTAINABILITY_PROGRAM_STATUSES),
  /** Whether a farmer may enrol today (open, inside the window). */
  enrolmentOpen: z.boolean(),
  questions: z.array(sustainabilityQuestionSchema),
});
export type SustainabilityProgram = z.infer<typeof sustainabilityProgramSchema>;

/** GET sustainability: the programs of the farmer's buyers, their clients there and their enrolments. */
export const farmerSustainabilitySchema = z.object({
  programs: z.array(
    sustainabilityProgramSchema.extend({
      /** The farmer's client legal entities that sell to the program's market (who may enrol). */
      clients: z.array(z.object({ id, name: z.string() })),
      enrolments: z.array(sustainabilityEnrolmentSchema),
    }),
  ),
  /** Enrolled acres per crop and crop year (enrolled status only). */
  enrolledAcres: z.array(z.object({ cropId: id, crop: z.string(), cropYear: id, acres: decimalStringSchema })),
});
export type FarmerSustainability = z.infer<typeof farmerSustainabilitySchema>;

/** POST sustainability/:surveyId/sign: the survey's answers and acres, sent for signature. */
export const sustainabilityEnrolBodySchema = z
  .object({
    clientId: id,
    acres: acresSchema,
    answers: z.array(sustainabilityAnswerSchema).max(100),
    /** Save as a draft (answers and acres kept, not sent; required answers may still be missing). */
    draft: z.boolean().optional(),
  })
  .strict();
export type SustainabilityEnrolBody = z.infer<typeof sustainabilityEnrolBodySchema>;

/** POST sustainability/sign: the signer's typed name and consent. */
export const sustainabilitySignBodySchema = z
  .object({
    enrolmentId: id,
    name: z.string().trim().min(2).max(200),
    consent: z.literal(true),
  })
  .strict();
export type SustainabilitySignBody = z.infer<typeof sustainabilitySignBodySchema>;

/** Program body of the buyer's CRUD. */
export const sustainabilityProgramBodySchema = z
  .object({
    cropId: id,
    cropYear: z.number().int().min(2000).max(2100),
    name: z.string().trim().min(1).max(120),
    description: z.string().max(4000),
    premium: z.string().regex(/^\d{1,4}(\.\d{1,4})?$/, 'Expected dollars such as 0.10'),
    premiumUnit: z.enum(['bushel', 'acre']),
    practices: z.array(z.string().trim().min(1).max(120)).max(20),
    enrolmentOpens: isoDateSchema,
    enrolmentCloses: isoDateSchema,
    maxAcres: acresSchema.nullable(),
    status: z.enum(SUSTAINABILITY_PROGRAM_STATUSES),
    questions: z.array(sustainabilityQuestionSchema).max(50),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.enrolmentCloses < p.enrolmentOpens)
      ctx.addIssue({ code: 'custom', path: ['enrolmentCloses'], message: 'Closes before it opens' });
    const ids = new Set<string>();
    p.questions.forEach((q, i) => {
      if (ids.has(q.id)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'Duplicate id' });
      ids.add(q.id);
      if (q.kind === 'choice' && (q.options ?? []).length < 2)
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: 'At least two options' });
    });
  });
export type SustainabilityProgramBody = z.infer<typeof sustainabilityProgramBodySchema>;

/** le/:platformId/market/:marketId/legal-entities: the market's enrolled clients (the buyer's side). */
export const sustainabilityLegalEntitySchema = z.object({
  clientId: id,
  name: z.string(),
  programId: id,
  programName: z.string(),
  cropId: id,
  crop: z.string(),
  cropYear: id,
  acres: decimalStringSchema,
  status: z.enum(SUSTAINABILITY_ENROLMENT_STATUSES),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
});
export type SustainabilityLegalEntity = z.infer<typeof sustainabilityLegalEntitySchema>;

export const sustainabilityLegalEntitiesSchema = z.object({
  marketId: id,
  items: z.array(sustainabilityLegalEntitySchema),
  /** Enrolled acres of the listed rows per crop and year. */
  totals: z.array(z.object({ cropId: id, crop: z.string(), cropYear: id, acres: decimalStringSchema })),
});
export type SustainabilityLegalEntities = z.infer<typeof sustainabilityLegalEntitiesSchema>;

export const sustainabilityLegalEntitiesQuerySchema = z.object({
  programId: z.coerce.number().int().optional(),
  cropId: z.coerce.number().int().optional(),
  cropYear: z.coerce.number().int().optional(),
  status: z.enum(SUSTAINABILITY_ENROLMENT_STATUSES).optional(),
});

/** instrument/filters: what the enrolled-clients list can be filtered by, for the buyer's markets. */
export const sustainabilityFiltersSchema = z.object({
  programs: z.array(z.object({ id, name: z.string(), marketId: id, cropId: id, cropYear: id })),
  crops: z.array(z.object({ id, name: z.string() })),
  cropYears: z.array(id),
  statuses: z.array(z.enum(SUSTAINABILITY_ENROLMENT_STATUSES)),
});
export type SustainabilityFilters = z.infer<typeof sustainabilityFiltersSchema>;

export const sustainabilityProgramListSchema = z.object({ items: z.array(sustainabilityProgramSchema) });

/** The enrolment's terms as hashed when sent and checked when signed (canonical order). */
export function enrolmentTerms(e: {
  programId: number;
  clientId: number;
  acres: string;
  answers: readonly SustainabilityAnswer[];
}): string {
  const answers = [...e.answers]
    .map((a) => ({ questionId: a.questionId, value: a.value.trim() }))
    .sort((a, b) => a.questionId.localeCompare(b.questionId));
  return JSON.stringify({
    programId: e.programId,
    clientId: e.clientId,
    acres: toDecimal(e.acres).toFixed(2),
    answers,
  });
}

/** Whether a farmer may enrol in (or sign for) a program on `today` (an ISO date): open and inside its window. */
export function enrolmentWindowOpen(
  p: { status: SustainabilityProgramStatus; enrolmentOpens: string; enrolmentCloses: string },
  today: string,
): boolean {
  return p.status === 'open' && p.enrolmentOpens <= today && today <= p.enrolmentCloses;
}

/** The time zone a program's enrolment window is read in (decision 059). */
export const SUSTAINABILITY_PROGRAM_ZONE = 'America/Chicago';

/** What the built-in signing page shows of an enrolment (the same as its PDF; decision 016's enrolment kind). */
export const enrolmentSigningTermsSchema = z.object({
  enrolmentId: id,
  partnerName: z.string(),
  marketName: z.string(),
  clientName: z.string(),
  programName: z.string(),
  crop: z.string(),
  cropYear: id,
  premium: decimalStringSchema,
  premiumUnit: z.enum(['bushel', 'acre']),
  practices: z.array(z.string()),
  acres: decimalStringSchema,
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type EnrolmentSigningTerms = z.infer<typeof enrolmentSigningTermsSchema>;
