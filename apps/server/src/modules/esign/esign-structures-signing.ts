// The signer's side of a structure's confirmation (decision 016's structure kind, issue 18 'trade'): the review the
// built-in signing page shows, and the structure kind of the one sign flow (esign-sign-flow.ts) — the same page, PDF
// and stamp as a contract's; its "on completed" hook makes the structure live under its row lock.

import type { SigningReview } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import type { RequestRow } from './esign.repo.ts';
import { lockEsignStructure, setStructureSigned, type EsignStructure } from './esign-structures.repo.ts';
import { structureSigningTerms, structureTermsHash } from './esign-structures.service.ts';
import { partnerOf, type EsignDeps } from './esign.service.ts';
import { reviewOf, type SignKind, type Signed } from './esign-sign-flow.ts';

const REFUSED = {
  signed: 'This structure is already confirmed.',
  expired: 'This signing link has expired. Ask your merchandiser to send the confirmation again.',
  void: 'This signing link was replaced or withdrawn. Use the latest link you received.',
  terms_changed: 'The structure changed since it was sent; your merchandiser must send it again.',
  not_pending: 'This structure is no longer waiting for a signature.',
} as const;

export async function structureReview(
  deps: EsignDeps,
  row: RequestRow,
  structure: EsignStructure,
  signerUser: UserRow | null,
): Promise<SigningReview> {
  const review = await reviewOf(deps, row, structureTermsHash(structure), signerUser);
  const partner = await partnerOf(deps, structure.partnerId);
  const { input: _input, ...terms } = structureSigningTerms(structure, partner);
  return { ...review, contractId: null, terms: null, structure: terms };
}

/**
 * The structure's "on completed" hook, in the signing transaction (the structure's row locked, the request and its
 * document completed): the structure made live, only from pending_signature (else 409 not_pending, nothing of it
 * changed). What else signing does to the structure in that transaction belongs here.
 */
async function structureSigned(
  deps: EsignDeps,
  tx: Db,
  structure: EsignStructure,
  signed: Signed,
): Promise<'not_pending' | null> {
  if (!(await setStructureSigned(tx, structure.id, signed.signedAt))) return 'not_pending';
  return null;
}

/**
 * The structure kind: under the structure's row lock the request must be open and the structure's terms those sent
 * (a change voids the request: 409 terms_changed) and the structure still pending_signature (409 not_pending:
 * cancelled meanwhile); signing makes it live (structureSigned); the booking module's hook (app.ts) tells the farmer
 * after the commit, in the same request.
 */
export function structureSignKind(
  deps: EsignDeps,
  structure0: EsignStructure,
): SignKind<EsignStructure, 'not_pending'> {
  return {
    lock: (tx) => lockEsignStructure(tx, structure0.id),
    termsHash: (structure) => structureTermsHash(structure),
    refuse: async (_tx, structure) => (structure.status === 'pending_signature' ? null : 'not_pending'),
    onCompleted: (tx, structure, signed) => structureSigned(deps, tx, structure, signed),
    refusals: REFUSED,
    audit: (structure) => ({
      action: 'structure_esign_signed',
      targetType: 'structure',
      targetId: String(structure.id),
    }),
    afterCommit: async (request, structure) => deps.onStructureSigned?.(request, structure.id),
    result: (structure) => ({
      contractId: null,
      structureId: structure.id,
      displayContractId: `${structure.cropName} structure ${structure.id}`,
      redirectTo: '/my-sales-lite/structures',
    }),
  };
}
