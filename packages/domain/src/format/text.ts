// Text helpers of platform.md 9.9: slugs, humanized field names, document titles.

/**
 * URL slug: keeps letters, digits, spaces, '-', '/' and ','; turns spaces, '/' and ',' into '-'.
 * Beyond the spec (recorded in the tests): lower-cased; accents are folded to their base letter
 * ('Café' → 'cafe') before stripping so that words are not cut apart; runs of '-' collapse to one
 * and leading/trailing '-' are dropped ('Corn, Yellow #2' → 'corn-yellow-2').
 */
export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 \-/,]/g, '')
    .replace(/[ /,]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** 'client_legal_entity_id' → 'Client legal entity'. Drops a trailing '_id', '_' → ' ', capitalises the first letter. */
export function humanize(s: string): string {
  const text = s.replace(/_id$/i, '').replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Document title: the non-empty parts joined with ' | ' (['Contracts', '', 'Granary'] → 'Contracts | Granary'). */
export function joinTitle(parts: readonly (string | null | undefined | false)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' | ');
}
