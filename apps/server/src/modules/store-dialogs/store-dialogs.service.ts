import type { FastifyRequest } from 'fastify';
import { MARKETING_SUBSCRIBE_DIALOG_ID, type AcceptTermsResponse, type MarketingDialogResponse } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { setMarketing, type NotificationsDeps } from '../notifications/notifications.public.ts';
import * as repo from './store-dialogs.repo.ts';

/**
 * Accepting the terms and the marketing consent are the user's own acts: an admin acting as the user may not do
 * them on the user's behalf.
 */
function ownAct(session: SessionState): string {
  if (session.actor) throw new AppError('forbidden', 'Only the user can do this, not an admin acting as them.');
  return session.user.id;
}

/** POST /api/store/terms/accept: records acceptance of the current terms (idempotent; audited the first time). */
export async function acceptTerms(
  db: Db,
  request: FastifyRequest,
  session: SessionState,
): Promise<AcceptTermsResponse> {
  const userId = ownAct(session);
  const result = await repo.acceptTerms(db, userId);
  if (!result) throw new AppError('unauthenticated');
  if (result.recorded) {
    await audit(db, request, {
      actorUserId: userId,
      action: 'store_terms_accepted',
      targetType: 'user',
      targetId: userId,
    });
  }
  return { must_accept_tos: false, tos_accepted: true, tos_accepted_at: result.acceptedAt.toISOString() };
}

/** POST /api/store/marketing-dialog/seen: the dialog was closed without subscribing; it never shows again. */
export async function marketingDialogSeen(db: Db, session: SessionState): Promise<MarketingDialogResponse> {
  const userId = ownAct(session);
  await repo.markDialogSeen(db, userId, MARKETING_SUBSCRIBE_DIALOG_ID);
  return { seen: true, subscribed: false };
}

/**
 * POST /api/store/marketing-dialog/subscribe: the dialog is seen and the marketing consent given the one way the
 * notifications module gives it (decision 055): recorded where signup keeps it, audited, and the welcome e-mail with
 * the one-click unsubscribe link, all in one transaction. Subscribing again sends nothing.
 */
export async function marketingSubscribe(
  deps: NotificationsDeps,
  request: FastifyRequest,
  session: SessionState,
): Promise<MarketingDialogResponse> {
  const userId = ownAct(session);
  await deps.ctx.database.db.transaction(async (tx) => {
    await repo.markDialogSeen(tx, userId, MARKETING_SUBSCRIBE_DIALOG_ID);
    await setMarketing(deps, tx, request, userId, userId, true, 'store_dialog');
  });
  return { seen: true, subscribed: true };
}
