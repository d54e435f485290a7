import {
  DEFAULT_PRICE_NOTATION,
  priceNotationSettingsSchema,
  type Experience,
  type PublicPageFeature,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { listPartners, type PartnerRow } from './partners.repo.ts';

/** Partners change rarely; each process keeps them this long, so a host lookup costs no query. */
const CACHE_MS = 30_000;

function toPartner(row: PartnerRow): WhiteLabelPartner {
  return {
    id: row.id,
    vhost: row.vhost,
    intent: row.intent,
    displayName: row.displayName,
    logo: row.logo,
    publicHeader: row.publicHeader,
    legalFooter: row.legalFooter,
    assets: row.assets,
    experiences: row.experiences as Experience[],
    publicPageFeatures: row.publicPageFeatures as PublicPageFeature[],
    branding: row.branding,
    theme: row.theme,
    // A stored value this version does not know (an older or newer release wrote it) reads as the default.
    priceNotation: priceNotationSettingsSchema.safeParse(row.priceNotation).data ?? DEFAULT_PRICE_NOTATION,
  };
}

/** The host without port, lower-cased; an IPv6 literal keeps its brackets. */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

function resolvePartnerByHost(rows: PartnerRow[], host: string | undefined): PartnerRow {
  const name = hostName(host);
  const exact = rows.find((r) => r.vhost !== null && r.vhost.toLowerCase() === name);
  if (exact) return exact;
  const byRegex = rows.find((r) => {
    const pattern = r.vhostRegex ?? r.branding.vhostRegex;
    if (!pattern) return false;
    try {
      return new RegExp(pattern, 'i').test(name);
    } catch {
      return false; // a broken pattern in the data must not break every request
    }
  });
  if (byRegex) return byRegex;
  const fallback = rows.find((r) => r.isDefault) ?? rows[0];
  if (!fallback) throw new Error('No partner is configured: the database has not been seeded');
  return fallback;
}

export function createPartnerDirectory(db: Db, now: () => number = Date.now): PartnerDirectory {
  let cache: { at: number; rows: Promise<PartnerRow[]> } | null = null;
  const rows = (): Promise<PartnerRow[]> => {
    if (!cache || now() - cache.at > CACHE_MS) {
      const loading = listPartners(db);
      cache = { at: now(), rows: loading };
      loading.catch(() => {
        cache = null;
      });
    }
    return cache.rows;
  };
  return {
    async byHost(host) {
      return toPartner(resolvePartnerByHost(await rows(), host));
    },
    async byIntent(intent) {
      const row = (await rows()).find((r) => r.intent !== null && r.intent.toLowerCase() === intent.toLowerCase());
      return row ? toPartner(row) : null;
    },
    async byId(id) {
      const row = (await rows()).find((r) => r.id === id);
      return row ? toPartner(row) : null;
    },
    forget() {
      cache = null;
    },
  };
}
