// Demo signing requests (issue 14, decision 042): the demo farmer's first contracts that the demo data marks sent and
// unsigned get a real signing request — a generated PDF stored with its sha256 and an open link — so that `npm start`
// shows My Sales Lite's Sign buttons and the contract page's sent state with its PDF, as sending would have made them.

import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  BUILTIN_ESIGN_PROVIDER,
  contractTermsText,
  intlLocaleOfCountry,
  signingExpiry,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { sha256 } from '../../platform/crypto.ts';
import { contracts, legalEntities, partners, users } from '../../db/schema/index.ts';
import {
  enterpriseUsersOf,
  findEsignContract,
  insertDocument,
  insertFile,
  insertRequest,
  setEsignSent,
} from './esign.repo.ts';
import { bytesSha256, fullName, termsOf } from './esign.service.ts';

/** Open signing requests for up to `count` of the client's sent, unsigned, open contracts (oldest first). */
export async function seedSigningDemo(
  db: Db,
  options: { partnerId: string; clientName: string; buyerEmail: string; count?: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const [client] = await db
    .select({ id: legalEntities.id, enterpriseId: legalEntities.enterpriseId })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.partnerId, options.partnerId),
        eq(legalEntities.name, options.clientName),
        isNotNull(legalEntities.enterpriseId),
      ),
    );
  const [partner] = await db
    .select({ branding: partners.branding, priceNotation: partners.priceNotation })
    .from(partners)
    .where(eq(partners.id, options.partnerId));
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, options.buyerEmail));
  if (!client?.enterpriseId || !partner || !buyer) return 0;
  const signers = await enterpriseUsersOf(db, client.enterpriseId);
  const signer = signers[0];
  if (!signer) return 0;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.clientId, client.id),
        eq(contracts.status, 'open'),
        eq(contracts.esignEligible, true),
        eq(contracts.esignSent, true),
        eq(contracts.signed, false),
      ),
    )
    .orderBy(asc(contracts.id))
    .limit(options.count ?? 2);
  const notation = partner.priceNotation as WhiteLabelPartner['priceNotation'];
  // pdf-lib is loaded with the first PDF (decision 049): a server that draws none need not hold it.
  const { contractPdf } = await import('./contract-pdf.ts');
  for (const { id } of rows) {
    const contract = (await findEsignContract(db, id))!;
    const termsHash = contract.termsHash ?? sha256(contractTermsText(contract));
    const pdf = Buffer.from(
      await contractPdf(
        termsOf(contract, { branding: partner.branding } as WhiteLabelPartner),
        { termsHash, createdAt: now, locale: intlLocaleOfCountry(contract.marketCountry) },
        notation,
      ),
    );
    const pdfSha = bytesSha256(pdf);
    const document = await insertDocument(db, {
      contractId: id,
      fileName: `contract-${contract.displayContractId}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'),
      sha256: pdfSha,
    });
    await insertFile(db, { documentId: document.id, kind: 'generated', sha256: pdfSha, content: pdf });
    await insertRequest(db, {
      documentId: document.id,
      contractId: id,
      provider: BUILTIN_ESIGN_PROVIDER,
      tokenHash: sha256(randomBytes(32).toString('hex')),
      termsHash,
      sentBy: buyer.id,
      expiresAt: signingExpiry(now),
      signerUserId: signer.id,
      signerEmail: signer.email,
      signerName: fullName(signer),
    });
    await setEsignSent(db, id, contract.termsHash === null ? termsHash : null);
  }
  return rows.length;
}
