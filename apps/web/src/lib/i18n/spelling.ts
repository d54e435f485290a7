import type { IntlLocale } from '@granary/domain';

/**
 * Spelling per locale (issue 13, docs/decisions/035-dates-times-and-spelling-per-locale.md): the catalogues are
 * written once, in either spelling, and each locale's catalogue gets its own: en-US 'canceled', 'fulfillment',
 * 'license'; en-CA and en-AU 'cancelled', 'fulfilment', 'licence'; en-AU also '-ise' ('authorised') where Canada
 * keeps '-ize'. Only the text of a message changes: ICU argument names, select keys and plural forms stay as they
 * are (they are codes, e.g. an offer's status 'canceled').
 */

/** [US, Commonwealth] pairs, lower case, whole words. 'Profit center' is a product name and keeps its spelling. */
const COMMONWEALTH: readonly (readonly [string, string])[] = [
  ['canceled', 'cancelled'],
  ['canceling', 'cancelling'],
  ['cancelation', 'cancellation'],
  ['fulfill', 'fulfil'],
  ['fulfills', 'fulfils'],
  ['fulfillment', 'fulfilment'],
  ['fulfillments', 'fulfilments'],
  ['license', 'licence'],
  ['licenses', 'licences'],
  ['catalog', 'catalogue'],
  ['catalogs', 'catalogues'],
  ['color', 'colour'],
  ['colors', 'colours'],
  ['center', 'centre'],
  ['centers', 'centres'],
  ['neighbor', 'neighbour'],
  ['neighbors', 'neighbours'],
  ['favorite', 'favourite'],
  ['favorites', 'favourites'],
  ['labeled', 'labelled'],
  ['labeling', 'labelling'],
  ['behavior', 'behaviour'],
  ['enroll', 'enrol'],
  ['enrolls', 'enrols'],
  ['enrollment', 'enrolment'],
  ['enrollments', 'enrolments'],
];

/** -ize / -ise: Australia writes -ise, Canada (like the US) -ize. */
const AUSTRALIAN: readonly (readonly [string, string])[] = [
  ['authorize', 'authorise'],
  ['authorized', 'authorised'],
  ['authorization', 'authorisation'],
  ['organization', 'organisation'],
  ['organizations', 'organisations'],
  ['organize', 'organise'],
  ['organized', 'organised'],
  ['recognize', 'recognise'],
  ['recognized', 'recognised'],
  ['minimize', 'minimise'],
  ['maximize', 'maximise'],
  ['customize', 'customise'],
  ['summarize', 'summarise'],
  ['prioritize', 'prioritise'],
  ['finalize', 'finalise'],
  ['finalized', 'finalised'],
];

/** Words kept whatever the locale: product names. */
const KEPT = [/\bprofit center\b/gi];

type WordMap = ReadonlyMap<string, string>;

function withCases(pairs: readonly (readonly [string, string])[], reverse: boolean): WordMap {
  const map = new Map<string, string>();
  for (const [us, cw] of pairs) {
    const [from, to] = reverse ? [cw, us] : [us, cw];
    map.set(from, to);
    map.set(from.charAt(0).toUpperCase() + from.slice(1), to.charAt(0).toUpperCase() + to.slice(1));
    map.set(from.toUpperCase(), to.toUpperCase());
  }
  return map;
}

const TO_US = withCases([...COMMONWEALTH, ...AUSTRALIAN], true);
const TO_CA = new Map([...withCases(AUSTRALIAN, true), ...withCases(COMMONWEALTH, false)]);
const TO_AU = new Map([...withCases(COMMONWEALTH, false), ...withCases(AUSTRALIAN, false)]);

function wordMapFor(locale: IntlLocale): WordMap {
  if (locale === 'en-AU') return TO_AU;
  if (locale === 'en-CA') return TO_CA;
  return TO_US;
}

/** Respells plain text word by word, leaving the kept product names as they are. */
export function respell(text: string, locale: IntlLocale): string {
  const words = wordMapFor(locale);
  const kept: string[] = [];
  let masked = text;
  for (const pattern of KEPT)
    masked = masked.replace(pattern, (m) => {
      kept.push(m);
      return `\uE000${kept.length - 1}\uE000`;
    });
  const spelled = masked.replace(/[A-Za-z]+/g, (word) => words.get(word) ?? word);
  return spelled.replace(/\uE000(\d+)\uE000/g, (_, i: string) => kept[Number(i)] ?? '');
}

/**
 * Respells the literal text of an ICU message, leaving its syntax alone: `{name}`, `{n, number}`, and the keys of
 * `{x, select, canceled {Canceled} other {…}}` stay; only 'Canceled' (and text nested in the options) changes.
 * Quoted ICU text ('{…}') is copied as written.
 */
export function respellMessage(message: string, locale: IntlLocale): string {
  let out = '';
  let i = 0;
  const n = message.length;

  const literal = (stopAtClose: boolean): void => {
    let start = i;
    const flush = () => {
      out += respell(message.slice(start, i), locale);
    };
    while (i < n) {
      const c = message[i];
      if (c === "'" && i + 1 < n && "{}#|'".includes(message[i + 1]!)) {
        flush();
        const end = message[i + 1] === "'" ? i + 2 : message.indexOf("'", i + 1) + 1 || n;
        out += message.slice(i, end);
        i = end;
        start = i;
      } else if (c === '{') {
        flush();
        argument();
        start = i;
      } else if (c === '}' && stopAtClose) {
        break;
      } else {
        i += 1;
      }
    }
    flush();
  };

  // At '{': copies the argument's name and type; for select / plural / selectordinal, each key as written and each
  // option's message respelled.
  const argument = (): void => {
    const headerEnd = findHeaderEnd(message, i);
    const header = message.slice(i, headerEnd);
    out += header;
    i = headerEnd;
    const type = header.split(',')[1]?.trim();
    if (type !== 'select' && type !== 'plural' && type !== 'selectordinal') return;
    while (i < n && message[i] !== '}') {
      if (message[i] === '{') {
        out += '{';
        i += 1;
        literal(true);
        if (i < n) {
          out += '}';
          i += 1;
        }
      } else {
        out += message[i];
        i += 1;
      }
    }
    if (i < n) {
      out += '}';
      i += 1;
    }
  };

  literal(false);
  return out;
}

/**
 * Where an argument's header ends: after the closing '}' of a simple argument ('{name}', '{n, number}'), or after
 * the comma that follows 'select' / 'plural' / 'selectordinal' (its options follow).
 */
function findHeaderEnd(message: string, open: number): number {
  let commas = 0;
  for (let j = open + 1; j < message.length; j += 1) {
    const c = message[j];
    if (c === '}') return j + 1;
    if (c === ',') {
      commas += 1;
      if (commas === 2) {
        const type = message.slice(message.indexOf(',', open) + 1, j).trim();
        if (type === 'select' || type === 'plural' || type === 'selectordinal') return j + 1;
      }
    }
    if (c === '{') return j;
  }
  return message.length;
}

const cache = new WeakMap<object, Map<IntlLocale, Readonly<Record<string, string>>>>();

/** A catalogue in the locale's spelling (computed once per catalogue and locale). */
export function spellCatalogue(
  catalogue: Readonly<Record<string, string>>,
  locale: IntlLocale,
): Readonly<Record<string, string>> {
  let byLocale = cache.get(catalogue);
  if (!byLocale) {
    byLocale = new Map();
    cache.set(catalogue, byLocale);
  }
  let spelled = byLocale.get(locale);
  if (!spelled) {
    spelled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, respellMessage(text, locale)]));
    byLocale.set(locale, spelled);
  }
  return spelled;
}
