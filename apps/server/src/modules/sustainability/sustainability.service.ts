// The farmer's side of sustainability programs (issue 17, docs/decisions/059): the programs of the markets their
// client legal entities sell to, enrolment of one of those clients with the program's survey and the enrolled acres
// (POST sustainability/:surveyId/sign: sent for signature), the signature (POST sustainability/sign: a typed name and
// consent, stamped with the user, time, IP and user agent; enrolled), and withdrawal. Same access as the profit
// center (loadFarmer: 401; 403 without profit center access); another farmer's enrolment or client answers 404.

import type { FastifyRequest } from 'fastify';
import {
  cropRecord,
  decimalString,
  enrolmentTerms,
  enrolmentWindowOpen,
  isoDateInZone,
  SUSTAINABILITY_PROGRAM_ZONE,
  marketLabel,
  surveyAnswerErrors,
  toDecimal,
  type CrmDecimal,
  type FarmerSustainability,
  type SustainabilityEnrolBody,
  type SustainabilityEnrolment,
  type SustainabilityProgram,
  type SustainabilitySignBody,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { requireSession } from '../../platform/access.ts';
import {
  enrolmentSigningPaths,
  sendEnrolmentForSignature,
  signEnrolmentAsFarmer,
  voidEnrolmentSigning,
  type EsignDeps,
} from '../esign/esign.public.ts';
import { enrolledNotices, enrolmentSentNotices } from './sustainability-notices.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import { loadFarmer, type Farmer } from '../profit-center/profit-center.public.ts';
import {
  committedAcres,
  enrolmentsOfClients,
  lockEnrolment,
  lockEnrolmentOf,
  lockProgram,
  markWithdrawn,
  marketsOfClients,
  programById,
  programBySurvey,
  publishedProgramsAt,
  saveEnrolment,
  userById,
  type EnrolmentRow,
  type ProgramRow,
} from './sustainability.repo.ts';

export type SustainabilityDeps = EsignDeps;

const PROGRAM_ZONE = SUSTAINABILITY_PROGRAM_ZONE;
/** surveyAnswerErrors' message for a required question left empty (a draft may leave it). */
const REQUIRED_MESSAGE = 'Required';

/** Whether a farmer may enrol in the program on `today` (open, inside its window; the domain's rule). */
const enrolmentOpen = enrolmentWindowOpen;

const noticeProgram = (p: ProgramRow) => ({
  name: p.name,
  partnerId: p.partnerId,
  marketId: p.marketId,
  cropName: cropRecord(p.cropId).displayName,
  cropYear: p.cropYear,
});

const fullNameOf = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

export function programWire(p: ProgramRow, now: Date): SustainabilityProgram {
  return {
    id: p.id,
    surveyId: p.surveyId,
    marketId: p.marketId,
    marketLabel: marketLabel({
      displayName: p.marketDisplayName,
      address: { city: p.marketCity, administrativeAreaLevel1: p.marketState },
    }),
    partnerName: p.partnerName,
    cropId: p.cropId,
    crop: cropRecord(p.cropId).displayName,
    cropYear: p.cropYear,
    name: p.name,
    description: p.description,
    premium: decimalString(toDecimal(p.premium)),
    premiumUnit: p.premiumUnit,
    practices: p.practices,
    enrolmentOpens: p.enrolmentOpens,
    enrolmentCloses: p.enrolmentCloses,
    maxAcres: p.maxAcres === null ? null : decimalString(toDecimal(p.maxAcres)),
    status: p.status,
    enrolmentOpen: enrolmentOpen(p, isoDateInZone(now, PROGRAM_ZONE)),
    questions: p.questions,
  };
}

function enrolmentWire(e: EnrolmentRow, program: Pick<ProgramRow, 'cropId' | 'cropYear'>): SustainabilityEnrolment {
  return {
    id: e.id,
    programId: e.programId,
    surveyId: e.surveyId,
    clientId: e.clientId,
    clientName: e.clientName,
    cropId: program.cropId,
    cropYear: program.cropYear,
    acres: decimalString(toDecimal(e.acres)),
    answers: e.answers,
    status: e.status,
    sentAt: e.sentAt?.toISOString() ?? null,
    signerName: e.signerName,
    signedAt: e.signedAt?.toISOString() ?? null,
    withdrawnAt: e.withdrawnAt?.toISOString() ?? null,
  };
}

/** The enrolments on the wire with their open signing links (sent ones). */
async function enrolmentsWire(
  db: Db,
  rows: EnrolmentRow[],
  program: Pick<ProgramRow, 'cropId' | 'cropYear'>,
): Promise<SustainabilityEnrolment[]> {
  const signing = await enrolmentSigningPaths(
    db,
    rows.filter((e) => e.status === 'sent').map((e) => e.id),
  );
  return rows.map((e) => ({ ...enrolmentWire(e, program), signingUrl: signing.get(e.id) ?? null }));
}

/** GET sustainability: the programs of the farmer's buyers, who of the farmer may enrol, their enrolments. */
export async function farmerSustainability(
  deps: SustainabilityDeps,
  request: FastifyRequest,
): Promise<FarmerSustainability> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  const links = await marketsOfClients(db, farmer.clientIds);
  const programs = await publishedProgramsAt(db, [...new Set(links.map((l) => l.marketId))]);
  const enrolments = await enrolmentsOfClients(db, farmer.clientIds);
  const signing = await enrolmentSigningPaths(
    db,
    enrolments.filter((e) => e.status === 'sent').map((e) => e.id),
  );
  const now = new Date();
  const acres = new Map<string, { cropId: number; cropYear: number; acres: ReturnType<typeof toDecimal> }>();
  const out = programs.map((p) => {
    const clientIds = new Set(links.filter((l) => l.marketId === p.marketId).map((l) => l.clientId));
    const mine = enrolments.filter((e) => e.programId === p.id);
    for (const e of mine) {
      if (e.status !== 'enrolled') continue;
      const key = `${p.cropId}:${p.cropYear}`;
      const before = acres.get(key);
      acres.set(key, {
        cropId: p.cropId,
        cropYear: p.cropYear,
        acres: (before?.acres ?? toDecimal(0)).plus(toDecimal(e.acres)),
      });
    }
    return {
      ...programWire(p, now),
      clients: farmer.clients
        .filter((c) => clientIds.has(c.id) && c.partnerId === p.partnerId)
        .map((c) => ({ id: c.id, name: c.name })),
      enrolments: mine.map((e) => ({ ...enrolmentWire(e, p), signingUrl: signing.get(e.id) ?? null })),
    };
  });
  return {
    programs: out,
    enrolledAcres: [...acres.values()]
      .sort((a, b) => b.cropYear - a.cropYear || a.cropId - b.cropId)
      .map((a) => ({
        cropId: a.cropId,
        crop: cropRecord(a.cropId).displayName,
        cropYear: a.cropYear,
        acres: decimalString(a.acres),
      })),
  };
}

/** The farmer's client that sells to the program's market, else 404 (another farmer's client included). */
async function farmerClientAt(deps: SustainabilityDeps, farmer: Farmer, program: ProgramRow, clientId: number) {
  const client = farmer.clients.find((c) => c.id === clientId && c.partnerId === program.partnerId);
  if (!client) throw new AppError('not_found', `No client ${clientId}.`);
  const links = await marketsOfClients(deps.ctx.database.db, [client.id]);
  if (!links.some((l) => l.marketId === program.marketId)) throw new AppError('not_found', `No client ${clientId}.`);
  return client;
}

const termsHashOf = (e: { programId: number; clientId: number; acres: string; answers: EnrolmentRow['answers'] }) =>
  sha256(enrolmentTerms(e));

const acresLeftError = (left: CrmDecimal) => ({
  path: 'acres',
  message: `At most ${decimalString(left.greaterThan(0) ? left : toDecimal(0))} acres are left in this program`,
});

/**
 * POST sustainability/:surveyId/sign: the survey's answers and the acres of one of the farmer's clients, checked
 * (400 with each refused field: details [{path, message}]) and sent for signature through the e-sign module (the
 * enrolment's PDF and signing request, decision 016's enrolment kind), or with `draft: true` saved as a draft (not
 * sent; required answers may be missing). 404: a survey of a program the farmer's clients cannot see (a draft,
 * another buyer's market) or a client that is not theirs; 409: enrolment is closed, or the client is enrolled already
 * (withdraw first). The farmer is told in-app (the link to sign) and the market's buyers in-app when it is sent.
 */
export async function enrol(
  deps: SustainabilityDeps,
  request: FastifyRequest,
  surveyId: number,
  body: SustainabilityEnrolBody,
): Promise<SustainabilityEnrolment> {
  const farmer = await loadFarmer(deps, request);
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const program = await programBySurvey(db, surveyId);
  if (!program || program.status === 'draft') throw new AppError('not_found', `No survey ${surveyId}.`);
  const client = await farmerClientAt(deps, farmer, program, body.clientId);
  const draft = body.draft === true;
  const now = new Date();
  if (!enrolmentOpen(program, isoDateInZone(now, PROGRAM_ZONE)))
    throw new AppError('conflict', 'Enrolment in this program is closed.', { reason: 'enrolment_closed' });
  // A draft keeps what was answered so far: only a missing required answer is let through.
  const errors = surveyAnswerErrors(program.questions, body.answers).filter(
    (e) => !draft || e.message !== REQUIRED_MESSAGE,
  );
  if (program.maxAcres !== null && !draft) {
    const taken = toDecimal(await committedAcres(db, program.id, client.id));
    const left = toDecimal(program.maxAcres).minus(taken);
    if (toDecimal(body.acres).greaterThan(left)) errors.push(acresLeftError(left));
  }
  if (errors.length > 0) throw new AppError('invalid_request', 'Please check the highlighted fields.', errors);
  const answers = body.answers
    .filter((a) => a.value.trim() !== '')
    .map((a) => ({ questionId: a.questionId, value: a.value.trim() }));
  const acres = decimalString(toDecimal(body.acres));
  const signer = { id: user.id, email: user.email, name: fullNameOf(user) };
  const id = await db.transaction(async (tx) => {
    if (program.maxAcres !== null && !draft) {
      // Again under the program's lock: two clients checking the cap at once could both take its last acres.
      await lockProgram(tx, program.id);
      const left = toDecimal(program.maxAcres).minus(await committedAcres(tx, program.id, client.id));
      if (toDecimal(acres).greaterThan(left))
        throw new AppError('invalid_request', 'Please check the highlighted fields.', [acresLeftError(left)]);
    }
    const existing = await lockEnrolmentOf(tx, program.id, client.id);
    if (existing?.status === 'enrolled')
      throw new AppError('conflict', 'This farm business is enrolled in the program already.', { reason: 'enrolled' });
    const saved = await saveEnrolment(
      tx,
      {
        programId: program.id,
        surveyId: program.surveyId,
        clientId: client.id,
        enterpriseId: client.enterpriseId,
        answers,
        acres,
        termsHash: termsHashOf({ programId: program.id, clientId: client.id, acres, answers }),
        userId: farmer.userId,
      },
      now,
      draft ? 'draft' : 'sent',
    );
    if (draft) {
      // A draft replacing a sent enrolment withdraws its signing link.
      await voidEnrolmentSigning(deps, tx, saved);
    } else {
      const signing = await sendEnrolmentForSignature(deps, request, tx, saved, signer);
      await enrolmentSentNotices(deps, request, tx, {
        program: noticeProgram(program),
        clientName: client.name,
        farmer: user,
        signing,
      });
    }
    await audit(tx, request, {
      actorUserId: farmer.userId,
      action: draft ? 'sustainability_enrolment_drafted' : 'sustainability_enrolment_sent',
      targetType: 'sustainability_enrolment',
      targetId: String(saved),
      details: { programId: program.id, clientId: client.id, acres },
    });
    return saved;
  });
  return (await enrolmentsWire(db, [(await lockEnrolment(db, id))!], program))[0]!;
}

/** The farmer's enrolment (locked, when db is a transaction) and its program, else 404. */
async function farmerEnrolment(db: Db, farmer: Farmer, enrolmentId: number) {
  const enrolment = await lockEnrolment(db, enrolmentId);
  if (!enrolment || !farmer.clientIds.includes(enrolment.clientId))
    throw new AppError('not_found', `No enrolment ${enrolmentId}.`);
  const program = (await programById(db, enrolment.programId))!;
  return { enrolment, program };
}

/**
 * POST sustainability/sign {enrolmentId, name, consent: true}: signs an enrolment sent for signature (enrolled)
 * through the e-sign module — the built-in signing page's call with the enrolment's request, the same stamp and
 * stored PDF. 409 with details.reason: not_sent (a draft, enrolled or withdrawn one), enrolment_closed,
 * terms_changed (and the e-sign refusals expired / void / signed).
 */
export async function signEnrolment(
  deps: SustainabilityDeps,
  request: FastifyRequest,
  body: SustainabilitySignBody,
): Promise<SustainabilityEnrolment> {
  const farmer = await loadFarmer(deps, request);
  const { user, actor } = await requireSession(deps.ctx, request);
  // An admin acting as the farmer never signs in their name (the store agreements' rule and refusal).
  if (actor) throw new AppError('forbidden', 'Only the farmer signs, not an admin acting as them.');
  const db = deps.ctx.database.db;
  const { enrolment, program } = await farmerEnrolment(db, farmer, body.enrolmentId);
  if (enrolment.status !== 'sent')
    throw new AppError('conflict', 'This enrolment is not waiting for a signature.', { reason: 'not_sent' });
  if (program.status === 'draft' || !enrolmentOpen(program, isoDateInZone(new Date(), PROGRAM_ZONE)))
    throw new AppError('conflict', 'Enrolment in this program is closed.', { reason: 'enrolment_closed' });
  if (termsHashOf(enrolment) !== enrolment.termsHash)
    throw new AppError('conflict', 'The enrolment changed since it was sent; send it again.', {
      reason: 'terms_changed',
    });
  await signEnrolmentAsFarmer(
    deps,
    request,
    enrolment.id,
    { name: body.name.trim(), consent: true },
    { id: user.id, email: user.email, name: fullNameOf(user) },
  );
  const signed = (await lockEnrolment(db, enrolment.id))!;
  return (await enrolmentsWire(db, [signed], program))[0]!;
}

/** POST sustainability/enrolments/:enrolmentId/withdraw: a sent or enrolled enrolment withdrawn (409 otherwise). */
export async function withdrawEnrolment(
  deps: SustainabilityDeps,
  request: FastifyRequest,
  enrolmentId: number,
): Promise<SustainabilityEnrolment> {
  const farmer = await loadFarmer(deps, request);
  const db = deps.ctx.database.db;
  // Read, checked and written under the enrolment's row lock, and written only in the status read (a signature
  // landing meanwhile is not overwritten).
  const { enrolment, program } = await db.transaction(async (tx) => {
    const found = await farmerEnrolment(tx, farmer, enrolmentId);
    const { status } = found.enrolment;
    if (status !== 'sent' && status !== 'enrolled')
      throw new AppError('conflict', 'This enrolment cannot be withdrawn.', { reason: status });
    if (!(await markWithdrawn(tx, found.enrolment.id, farmer.userId, new Date(), status)))
      throw new AppError('conflict', 'This enrolment changed meanwhile: reload it.', { reason: 'changed' });
    await voidEnrolmentSigning(deps, tx, found.enrolment.id);
    return found;
  });
  await audit(db, request, {
    actorUserId: farmer.userId,
    action: 'sustainability_enrolment_withdrawn',
    targetType: 'sustainability_enrolment',
    targetId: String(enrolment.id),
    details: { programId: program.id, clientId: enrolment.clientId, was: enrolment.status },
  });
  return (await enrolmentsWire(db, [(await lockEnrolment(db, enrolment.id))!], program))[0]!;
}

/**
 * The e-sign module's hook once an enrolment is signed (app.ts passes it as EsignDeps.onEnrolmentSigned): the signer
 * and the market's buyers are told (sustainability-notices.ts), whichever way it was signed (the page, its e-mailed
 * link, sustainability/sign).
 */
export function enrolmentSignedHook(deps: Omit<SustainabilityDeps, 'onEnrolmentSigned'>) {
  return async (request: FastifyRequest, enrolmentId: number): Promise<void> => {
    const db = deps.ctx.database.db;
    const enrolment = await lockEnrolment(db, enrolmentId);
    if (!enrolment?.signerUserId) return;
    const [program, signer] = await Promise.all([
      programById(db, enrolment.programId),
      userById(db, enrolment.signerUserId),
    ]);
    if (!program || !signer) return;
    await enrolledNotices({ ...deps, onEnrolmentSigned: undefined }, request, db, {
      program: noticeProgram(program),
      clientName: enrolment.clientName,
      farmer: signer,
    });
  };
}
