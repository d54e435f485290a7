import {
  intlLocaleOfCountry,
  fullWeek,
  marketLabel,
  marketDayStatus,
  upcomingClosures,
  shownMarketFeatures,
  type PublicCropBids,
  type PublicMarketPage,
  type PublicPageFeature,
  type PublicPartnerHeader,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { publicBids } from '../bids/bids.public.ts';
import { lastIngestSuccessAt } from '../ingest/ingest.public.ts';
import {
  latestBidChange,
  listActiveAnnouncements,
  listMarketClosures,
  listMarketHours,
  listPublishedMarkets,
  type PublicMarketRow,
} from './public-market.repo.ts';

/** The partner's part of the public page: its header, footer, colours and the features it offers. */
export function publicPartnerHeader(partner: WhiteLabelPartner): PublicPartnerHeader {
  return {
    id: partner.id,
    displayName: partner.displayName,
    logo: partner.logo,
    publicHeader: partner.publicHeader,
    legalFooter: partner.legalFooter,
    theme: partner.theme,
    publicPageFeatures: partner.publicPageFeatures,
    supportEmail: partner.branding.supportEmail,
    supportPhone: partner.branding.supportPhone,
    priceNotation: partner.priceNotation,
  };
}

function labelOf(market: PublicMarketRow): string {
  return marketLabel({
    displayName: market.displayName,
    address: { city: market.city, administrativeAreaLevel1: market.administrativeAreaLevel1 },
  });
}

type PublicBidRow = PublicCropBids['bids'][number];

function toCropGroups(rows: PublicBidRow[]): PublicCropBids[] {
  const groups: PublicCropBids[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group.cropId !== row.cropId) {
      group = { cropId: row.cropId, crop: row.cropName, bids: [] };
      groups.push(group);
    }
    group.bids.push(row);
  }
  return groups;
}

function latest(dates: (Date | string | null)[]): string | null {
  let max: number | null = null;
  for (const d of dates) {
    const t = d === null ? null : new Date(d).getTime();
    if (t !== null && (max === null || t > max)) max = t;
  }
  return max === null ? null : new Date(max).toISOString();
}

/**
 * The public page of one of the partner's markets: `marketName` (its slug) or, without one, the first published
 * market. Another partner's market, an unknown or an unpublished one is not found (404). A partner with no
 * published market gets a page without a market.
 */
export async function buildPublicMarketPage(
  db: Db,
  partner: WhiteLabelPartner,
  marketName: string | undefined,
  now: Date = new Date(),
): Promise<PublicMarketPage> {
  const published = await listPublishedMarkets(db, partner.id);
  const market = marketName === undefined ? published[0] : published.find((m) => m.slug === marketName);
  if (marketName !== undefined && !market) throw new AppError('not_found');
  const header = publicPartnerHeader(partner);
  const base = {
    partner: header,
    markets: published.map((m) => ({ slug: m.slug, label: labelOf(m) })),
    generatedAt: now.toISOString(),
  };
  if (!market) {
    return {
      ...base,
      market: null,
      features: [],
      locale: 'en-US',
      crops: [],
      hours: null,
      contacts: null,
      announcements: null,
      deliveryInformation: null,
      additionalInfo: null,
      updatedAt: null,
      futuresAt: null,
      dataUpdatedAt: null,
    };
  }
  // A market without saved settings is published with no optional features.
  const features: PublicPageFeature[] = shownMarketFeatures(
    market.page ?? { features: [], published: true },
    partner.publicPageFeatures,
  );
  const on = (f: PublicPageFeature) => features.includes(f);
  const scope = { partnerId: partner.id, marketId: market.id };
  const [bidRows, bidsChangedAt, hourRows, closureRows, announcementRows, syncedAt] = await Promise.all([
    // The bids module's public read: public, not deleted bids with their cash prices.
    publicBids(db, scope).then((r) => r.rows),
    latestBidChange(db, scope),
    on('market-office-hours') ? listMarketHours(db, market.id) : Promise.resolve([]),
    on('market-office-hours') ? listMarketClosures(db, market.id) : Promise.resolve([]),
    on('market-announcements') ? listActiveAnnouncements(db, market.id, now) : Promise.resolve([]),
    // A partner fed by its ERP (ingested-data) says how fresh its data is: its last successful sync (issue 15).
    partner.publicPageFeatures.includes('ingested-data') ? lastIngestSuccessAt(db, partner.id) : Promise.resolve(null),
  ]);
  const days = fullWeek(
    hourRows.map((h) => ({ dayOfWeek: h.dayOfWeek, opensAt: h.opensAt, closesAt: h.closesAt, closed: h.closed })),
  );
  const closures = closureRows.map((c) => ({
    date: c.date,
    label: c.label,
    closed: c.closed,
    opensAt: c.opensAt,
    closesAt: c.closesAt,
  }));
  // Holidays and announced closures come first: such a day is never 'open now' (issue 13).
  const status = marketDayStatus(days, closures, market.timezone, now);
  return {
    ...base,
    market: {
      slug: market.slug,
      label: labelOf(market),
      addressLine1: market.addressLine1,
      city: market.city,
      administrativeAreaLevel1: market.administrativeAreaLevel1,
      postalCode: market.postalCode,
      countryCode: market.countryCode,
      phone: market.phone,
      email: market.email,
      timezone: market.timezone,
    },
    features,
    locale: intlLocaleOfCountry(market.countryCode),
    crops: toCropGroups(bidRows),
    hours:
      on('market-office-hours') && hourRows.length > 0
        ? {
            days,
            openNow: status.open,
            state: status.state,
            todayLabel: status.todayClosure?.label ?? null,
            closesAt: status.closesAt,
            nextOpen: status.nextOpen,
            closures: upcomingClosures(closures, market.timezone, now),
          }
        : null,
    contacts: on('market-contacts') ? (market.page?.contacts ?? []) : null,
    announcements: on('market-announcements')
      ? announcementRows.map((a) => ({
          id: a.id,
          title: a.title,
          body: a.body,
          startsAt: a.startsAt.toISOString(),
          endsAt: a.endsAt?.toISOString() ?? null,
        }))
      : null,
    deliveryInformation: on('market-delivery-information') ? (market.page?.deliveryInformation ?? null) : null,
    additionalInfo: on('additional-info') ? (market.page?.additionalInfo ?? null) : null,
    updatedAt: latest([bidsChangedAt, ...bidRows.map((b) => b.quotedAt)]),
    futuresAt: latest(bidRows.map((b) => b.quotedAt)),
    dataUpdatedAt: syncedAt?.toISOString() ?? null,
  };
}
