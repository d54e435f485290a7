// Demo public pages (issue 5): each demo market's page settings (the features its partner offers, on), office hours,
// contacts, delivery information, additional info and announcements — one current, one expired, one coming — so
// that /crm/public-bids-admin and the public /market page show real-looking content. Mason City is left unpublished.

import { asc, eq } from 'drizzle-orm';
import {
  localDateIn,
  offeredMarketFeatures,
  type DayHours,
  type MarketClosure,
  type PublicContact,
} from '@granary/domain';
import type { Db } from '../platform/db.ts';
import {
  announcements,
  marketClosures,
  marketHours,
  marketPublicPages,
  markets,
  partners,
} from '../db/schema/index.ts';

export type PublicPagesSeedOptions = {
  /** 'YYYY-MM-DD': the demo's today. */
  today: string;
};

/** The demo market whose public page is not published (its settings are kept, the page shows nothing). */
const UNPUBLISHED_DEMO_MARKET = 'mason-city';

/** Harvest, when elevators also open Saturday mornings: August through mid-December. */
function isHarvest(today: string): boolean {
  const month = Number(today.slice(5, 7));
  const day = Number(today.slice(8, 10));
  return (month >= 8 && month <= 11) || (month === 12 && day <= 15);
}

function weekHours(today: string): DayHours[] {
  const weekday = (dayOfWeek: number): DayHours => ({ dayOfWeek, closed: false, opensAt: '07:00', closesAt: '17:00' });
  return [
    { dayOfWeek: 0, closed: true, opensAt: null, closesAt: null },
    weekday(1),
    weekday(2),
    weekday(3),
    weekday(4),
    weekday(5),
    isHarvest(today)
      ? { dayOfWeek: 6, closed: false, opensAt: '07:00', closesAt: '12:00' }
      : { dayOfWeek: 6, closed: true, opensAt: null, closesAt: null },
  ];
}

const PEOPLE = [
  ['Dana Whitfield', 'Erik Lindqvist'],
  ['Marcus Bell', 'Teresa Novak'],
  ['Laura Kimball', 'Joe Hernandez'],
  ['Chris Osei', 'Megan Brandt'],
  ['Priya Natarajan', 'Wes Kowalchuk'],
  ['Jordan Fehr', 'Anne Dueck'],
  ['Kyle Harder', 'Lise Gagnon'],
  ['Tom Reimer', 'Shauna Wiebe'],
] as const;

function contactsFor(slug: string, phone: string | null, index: number, domain: string): PublicContact[] {
  const [merchandiser, manager] = PEOPLE[index % PEOPLE.length]!;
  const base = (phone ?? '(515) 555-0100').replace(/\d{2}$/, '');
  return [
    {
      name: merchandiser,
      title: 'Grain merchandiser',
      phone: `${base}${String(20 + index).padStart(2, '0')}`,
      email: `${slug}.grain@${domain}`,
    },
    {
      name: manager,
      title: 'Location manager',
      phone: `${base}${String(40 + index).padStart(2, '0')}`,
      email: `${slug}.manager@${domain}`,
    },
  ];
}

function deliveryInformation(country: string, today: string): string {
  const saturday = isHarvest(today) ? ', Saturday 7:00 am – noon during harvest' : '';
  if (country === 'CAN') {
    return [
      `Receiving: Monday to Friday 7:00 am – 5:00 pm${saturday}. Call ahead to book a delivery slot.`,
      'Canola: 10.0% moisture base; tough and damp canola accepted with a drying charge.',
      'Wheat and barley: graded to the Canadian Grain Commission official standards; protein tested on every load.',
      'Dockage: assessed per the CGC dockage schedule and deducted from the gross weight.',
      'Bring your permit book number and contract number with each load.',
    ].join('\n');
  }
  return [
    `Receiving: Monday to Friday 7:00 am – 5:00 pm${saturday}. Trucks in line by closing time are unloaded.`,
    'Corn: 15.0% moisture base, shrink 1.4% per point above, drying 4¢ per point.',
    'Soybeans: 13.0% moisture base, shrink 1.3% per point above; no drying.',
    'Foreign material and dockage: over 2.0% deducted from the net weight.',
    'Give your contract number at the scale to apply the load to a contract.',
  ].join('\n');
}

function additionalInfo(country: string): string {
  return country === 'CAN'
    ? 'Payment by direct deposit within 2 business days of settlement. Ask our merchandisers about deferred payment and pricing targets.'
    : 'Settlements are paid by ACH within 2 business days. Free storage through December 31 on grain priced by then; ask about deferred payment and price later contracts.';
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The instant of a wall-clock time on a day in a time zone (e.g. midnight local). */
function zonedInstant(day: string, time: string, timeZone: string): Date {
  const guess = new Date(`${day}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
  );
  return new Date(guess.getTime() - (asUtc - guess.getTime()));
}

/** 'Thursday, November 26' of a 'YYYY-MM-DD'. */
function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** Thanksgiving of a year: the fourth Thursday of November (US), the second Monday of October (Canada). */
function thanksgiving(year: number, country: string): string {
  const [month, weekday, nth] = country === 'CAN' ? [10, 1, 2] : [11, 4, 4];
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const date = 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** The demo market with an announced closure today (its page says 'Closed today'). */
const CLOSED_TODAY_DEMO_MARKET = 'decatur';
const SCALE_REPAIRS = 'Closed for scale repairs';

/** The next occurrence (today or later) of a month-day. */
function nextDate(today: string, monthDay: string): string {
  const year = Number(today.slice(0, 4));
  const date = `${year}-${monthDay}`;
  return date >= today ? date : `${year + 1}-${monthDay}`;
}

/**
 * A market's holiday hours (issue 13): Thanksgiving (as its announcement says), Christmas Eve until noon, Christmas
 * and New Year's Day closed; and at CLOSED_TODAY_DEMO_MARKET an announced closure today.
 */
/**
 * The market's own date when the seed is dated today (UTC): between midnight UTC and the market's midnight the two
 * differ, and its page says 'Closed today' by the market's date. A seed dated another day keeps that day.
 */
function marketToday(today: string, timeZone: string): string {
  const now = new Date();
  return today === now.toISOString().slice(0, 10) ? localDateIn(now, timeZone) : today;
}

function closuresFor(
  slug: string,
  country: string,
  today: string,
  holiday: string,
  localToday: string = today,
): MarketClosure[] {
  const closed = (date: string, label: string): MarketClosure => ({
    date,
    label,
    closed: true,
    opensAt: null,
    closesAt: null,
  });
  const list = [
    closed(holiday, 'Thanksgiving Day'),
    { date: nextDate(today, '12-24'), label: 'Christmas Eve', closed: false, opensAt: '07:00', closesAt: '12:00' },
    closed(nextDate(today, '12-25'), 'Christmas Day'),
    closed(nextDate(today, '01-01'), "New Year's Day"),
  ];
  if (country === 'CAN') list.push(closed(nextDate(today, '12-26'), 'Boxing Day'));
  // Closed on the seed's day and on the market's own day when they differ (see marketToday).
  if (slug === CLOSED_TODAY_DEMO_MARKET)
    for (const day of new Set([today, localToday])) list.push(closed(day, SCALE_REPAIRS));
  const dates = new Set<string>();
  return list.filter((c) => (dates.has(c.date) ? false : (dates.add(c.date), true)));
}

export async function seedPublicPagesDemo(db: Db, options: PublicPagesSeedOptions): Promise<void> {
  const { today } = options;
  const rows = await db
    .select({
      id: markets.id,
      slug: markets.slug,
      phone: markets.phone,
      country: markets.countryCode,
      timezone: markets.timezone,
      features: partners.publicPageFeatures,
      vhost: partners.vhost,
    })
    .from(markets)
    .innerJoin(partners, eq(partners.id, markets.partnerId))
    .orderBy(asc(markets.id));
  if (rows.length === 0) return;
  const year = Number(today.slice(0, 4));

  await db.insert(marketPublicPages).values(
    rows.map((m, i) => ({
      marketId: m.id,
      features: offeredMarketFeatures(m.features),
      published: m.slug !== UNPUBLISHED_DEMO_MARKET,
      deliveryInformation: deliveryInformation(m.country, today),
      additionalInfo: additionalInfo(m.country),
      contacts: contactsFor(m.slug, m.phone, i, (m.vhost ?? 'demo.localhost').replace(/\.localhost$/, '.granary.test')),
    })),
  );
  await db.insert(marketHours).values(rows.flatMap((m) => weekHours(today).map((d) => ({ marketId: m.id, ...d }))));

  const holidayOf = (country: string) => {
    const holiday = thanksgiving(year, country);
    return holiday < today ? thanksgiving(year + 1, country) : holiday;
  };
  await db.insert(marketClosures).values(
    rows.flatMap((m) =>
      closuresFor(m.slug, m.country, today, holidayOf(m.country), marketToday(today, m.timezone)).map((c) => ({
        marketId: m.id,
        ...c,
      })),
    ),
  );

  const notes = rows.flatMap((m) => {
    const at = (day: string, time = '00:00') => zonedInstant(day, time, m.timezone);
    const holiday = holidayOf(m.country);
    const holidayName = 'Thanksgiving Day';
    const list = [
      {
        marketId: m.id,
        title: `Closed ${holidayName}`,
        body: `The elevator and office are closed ${longDay(holiday)} for ${holidayName}. We reopen the next business day at 7:00 am; bids posted the day before stay good through the holiday.`,
        startsAt: at(addDays(holiday, -10)),
        endsAt: at(addDays(holiday, 1)),
      },
      {
        marketId: m.id,
        title: 'Scale house maintenance',
        body: 'The inbound scale was closed for recalibration. Thank you for your patience.',
        startsAt: at(addDays(today, -30), '07:00'),
        endsAt: at(addDays(today, -27), '17:00'),
      },
    ];
    if (m.slug === CLOSED_TODAY_DEMO_MARKET) {
      list.unshift({
        marketId: m.id,
        title: SCALE_REPAIRS,
        body: 'The scale is being replaced today: no receiving and the office is closed. Bids stay good; we reopen tomorrow.',
        startsAt: at(addDays(today, -2), '07:00'),
        endsAt: at(addDays(today, 1)),
      });
    }
    if (isHarvest(today)) {
      list.unshift({
        marketId: m.id,
        title: 'Extended harvest hours',
        body: 'During harvest we receive until 9:00 pm Monday to Friday and 7:00 am – noon on Saturdays. Call the scale house before coming in after 5:00 pm.',
        startsAt: at(addDays(today, -14), '07:00'),
        endsAt: at(addDays(today, 21), '21:00'),
      });
    } else {
      list.unshift({
        marketId: m.id,
        title: 'Bin space available',
        body: 'We have open storage for corn and soybeans. Ask a merchandiser about storage and deferred pricing.',
        startsAt: at(addDays(today, -7), '07:00'),
        endsAt: at(addDays(today, 30), '17:00'),
      });
    }
    return list;
  });
  await db.insert(announcements).values(notes);
}
