// The farmer's notices of their enrolment (issue 17 sustainability; decision 059's e-sign addendum): in the app, as
// their 'contract_signing' preference says (decision 055: an enrolment waiting for a signature is a document to sign).
// Still to come: the e-mail of the same notice and the market's buyers' in-app notice.

import type { Db } from '../../platform/db.ts';
import { notifyUsers } from '../../platform/notifications.ts';

const SUSTAINABILITY_PATH = '/profit-center/sustainability';

/** Sent for signature: the farmer who sent it is told where to sign. */
export async function enrolmentSentNotices(
  tx: Db,
  n: { program: { name: string }; clientName: string; farmerUserId: string; signing: { signingPath: string } },
): Promise<void> {
  await notifyUsers(tx, [
    {
      userId: n.farmerUserId,
      topic: 'contract_signature.enrolment',
      title: `Enrolment in ${n.program.name} is ready to sign`,
      body: `${n.clientName}'s enrolment in ${n.program.name} waits for your signature.`,
      link: n.signing.signingPath,
    },
  ]);
}

/** Signed: the farmer is told the farm business is enrolled. */
export async function enrolledNotices(
  db: Db,
  n: { program: { name: string }; clientName: string; farmerUserId: string },
): Promise<void> {
  await notifyUsers(db, [
    {
      userId: n.farmerUserId,
      topic: 'contract_signature.enrolled',
      title: `${n.clientName} is enrolled in ${n.program.name}`,
      body: `The signed enrolment of ${n.clientName} in ${n.program.name} is stored with your documents.`,
      link: SUSTAINABILITY_PATH,
    },
  ]);
}
