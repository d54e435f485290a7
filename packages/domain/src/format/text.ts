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

// The one definition of "control character" (C0 and DEL) for every rule that refuses or strips them: names, notes,
// file names, redirect targets. The lint rule no-control-regex guards against control characters written into a
// pattern by mistake; here matching them is the point.
// eslint-disable-next-line no-control-regex -- this is the shared control-character class
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Whether the text holds a control character (C0, including tab and line ends, or DEL). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The text without control characters; tab and line ends are kept when `keepLineBreaks`. */
export function withoutControlCharacters(text: string, options: { keepLineBreaks?: boolean } = {}): string {
  return options.keepLineBreaks
    ? text.replace(CONTROL_CHARACTERS_BUT_LINE_BREAKS, '')
    : text.replace(CONTROL_CHARACTERS, '');
}
