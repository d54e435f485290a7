/**
 * A phone number as a tel: link: only its digits and a leading '+' ('1-800-555-0199' → 'tel:18005550199'), as a
 * dialer reads it; the number is shown as written beside it.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
