import { hmac, safeEqual } from './crypto.ts';

/**
 * CSRF tokens are derived, not stored: HMAC(secret, session token hash) for a signed-in visitor,
 * HMAC(secret, anonymous id) before sign-in. The bootstrap hands the token to the page, which sends it as
 * X-CSRF-Token; a cross-site form can neither read it nor compute it.
 */
export function csrfTokenFor(secret: string, anchor: { tokenHash: string } | { anonymousId: string }): string {
  return 'tokenHash' in anchor
    ? hmac(secret, `session:${anchor.tokenHash}`)
    : hmac(secret, `anon:${anchor.anonymousId}`);
}

export function csrfMatches(
  secret: string,
  sent: string | undefined,
  anchors: ({ tokenHash: string } | { anonymousId: string })[],
): boolean {
  if (!sent || sent.length > 200) return false;
  return anchors.some((a) => safeEqual(sent, csrfTokenFor(secret, a)));
}
