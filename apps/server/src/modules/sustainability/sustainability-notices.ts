// The notices of an enrolment (issue 17 sustainability; decision 059's e-sign addendum). The farmer who sent it hears,
// in the app and by e-mail as their 'contract_signing' preference says (decision 055: an enrolment waiting for their
// signature is a document to sign; the e-mails carry the one-click unsubscribe of that topic), that it waits for their
// signature and then that it is signed. The market's buyers who may see its enrolled clients (the client profile
// permission, the buyer's list's rule) hear of both in the app.

import type { FastifyRequest } from 'fastify';
import { canViewClientProfile } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { linkOrigin } from '../identity/identity.public.ts';
import type { SustainabilityDeps } from './sustainability.service.ts';
import { marketUsers } from './sustainability.repo.ts';

// The texts are stored as written and shown as they come (server-written texts are not respelled, decision 035), and
// the recipient's locale is not known here (the e-mails go out with mailContext's en-US): they use the en-US spelling
// ('enrollment'), as these e-mails and the web's en-US pages do.

const SUSTAINABILITY_PATH = '/profit-center/sustainability';
const BUYER_PATH = '/crm/clients';

type Farmer = { id: string; email: string; firstName: string | null };

type Program = { name: string; partnerId: string; marketId: number; cropName: string; cropYear: number };

async function buyersOf(db: Db, marketId: number, except: string): Promise<string[]> {
  const rows = await marketUsers(db, marketId);
  return rows.filter((r) => r.userId !== except && canViewClientProfile(r.permissions)).map((r) => r.userId);
}

async function contextOf(deps: SustainabilityDeps, request: FastifyRequest, partnerId: string) {
  const partner = await deps.partners.byId(partnerId);
  return partner ? mailContext(partner, linkOrigin(deps.ctx, request, partner)) : null;
}

/** Sent for signature: the farmer is told where to sign (in the app, by e-mail), the market's buyers in the app. */
export async function enrolmentSentNotices(
  deps: SustainabilityDeps,
  request: FastifyRequest,
  tx: Db,
  n: {
    program: Program;
    clientName: string;
    farmer: Farmer;
    signing: { signingPath: string; signingUrl: string; expiresAt: string };
  },
): Promise<void> {
  const buyers = await buyersOf(tx, n.program.marketId, n.farmer.id);
  await notifyUsers(tx, [
    {
      userId: n.farmer.id,
      topic: 'contract_signature.enrolment',
      title: `Enrollment in ${n.program.name} is ready to sign`,
      body: `${n.clientName}'s enrollment in ${n.program.name} waits for your signature.`,
      link: n.signing.signingPath,
    },
    ...buyers.map((userId) => ({
      userId,
      topic: 'sustainability.enrolment_sent',
      title: `${n.clientName} is enrolling in ${n.program.name}`,
      body: `${n.clientName} sent their enrollment in ${n.program.name}; it waits for their signature.`,
      link: BUYER_PATH,
    })),
  ]);
  const ctx = await contextOf(deps, request, n.program.partnerId);
  if (!ctx) return;
  await sendMail(tx, {
    template: 'sustainability_enrolment_signature',
    data: {
      firstName: n.farmer.firstName,
      program: n.program.name,
      client: n.clientName,
      crop: n.program.cropName,
      cropYear: n.program.cropYear,
      signingPath: n.signing.signingUrl,
      expiresAt: n.signing.expiresAt,
    },
    ctx,
    recipient: n.farmer.email,
    userId: n.farmer.id,
  });
}

/** Signed: the farmer is told the farm business is enrolled (in the app, by e-mail), the market's buyers in the app. */
export async function enrolledNotices(
  deps: SustainabilityDeps,
  request: FastifyRequest,
  db: Db,
  n: { program: Program; clientName: string; farmer: Farmer },
): Promise<void> {
  const buyers = await buyersOf(db, n.program.marketId, n.farmer.id);
  await notifyUsers(db, [
    {
      userId: n.farmer.id,
      topic: 'contract_signature.enrolled',
      title: `${n.clientName} is enrolled in ${n.program.name}`,
      body: `The signed enrollment of ${n.clientName} in ${n.program.name} is kept with your programs.`,
      link: SUSTAINABILITY_PATH,
    },
    ...buyers.map((userId) => ({
      userId,
      topic: 'sustainability.enrolled',
      title: `${n.clientName} enrolled in ${n.program.name}`,
      body: `${n.clientName} signed their enrollment in ${n.program.name}.`,
      link: BUYER_PATH,
    })),
  ]);
  const ctx = await contextOf(deps, request, n.program.partnerId);
  if (!ctx) return;
  await sendMail(db, {
    template: 'sustainability_enrolled',
    data: {
      firstName: n.farmer.firstName,
      program: n.program.name,
      client: n.clientName,
      programsPath: SUSTAINABILITY_PATH,
    },
    ctx,
    recipient: n.farmer.email,
    userId: n.farmer.id,
  });
}
