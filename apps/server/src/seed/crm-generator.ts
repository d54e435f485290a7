// Generates a partner's CRM data — markets, clients (legal entities) with contacts, contracts with their
// pricing events and amendments, e-sign documents, scale tickets applied to contracts, notes, follow-ups
// and per-market permissions — entirely inside PostgreSQL: INSERT … SELECT over generate_series, staged
// in temporary tables, so a million contracts load in minutes and the demo's few thousand in a second.
//
// Randomness is a hash of (seed, row number, column salt) — hashint8extended, the hash PostgreSQL's own
// hash partitioning relies on, so it is the same on every server version and on PGlite — hence the
// same seed and `today` give the same rows, whatever the plan or batch size.
//
// The rows follow the domain's rules (packages/domain/src/crm, docs/crm-views.md):
// - futures, basis and cash are dollars per bushel, cash = futures + basis; basis in whole cents,
//   futures on a quarter-cent tick; option months are listed months of the crop's futures;
// - a contract's futures_price / basis / cash_price / priced_quantity / price_status are
//   contractPricing() of its pricing_events (quantity-weighted averages, priced capped at the open quantity);
// - cancelled_quantity = the cancel / partial-cancel amendments; delivered_quantity = Σ its ticket
//   applications (a few contracts over-delivered by up to 2 %, as the domain allows); status is
//   contractStatus(); a ticket's applied + unapplied = its quantity, its split percentages add up to
//   the applied share;
// - every one of the ten contract views has rows (delinquent, to arrive, committed, MP pricing, get
//   signatures, unapplied, needs pricing, double obligation, signature mismatch);
// - client_crop_year_exposure (double obligation's totals) is filled by the contracts' statement triggers
//   as each batch is inserted (one aggregate per batch; the bulk load keeps them: they are not indexes or
//   foreign keys), so a seed needs no step of its own for it.

import { sql } from 'drizzle-orm';
import { CROPS, MARKET_PERMISSIONS, NOTE_CATEGORIES } from '@granary/domain';
import { rowsOf, type Db } from '../platform/db.ts';
import {
  CA_PLACES,
  CA_SURNAMES,
  CONTACT_ROLES,
  CONTRACT_DESCRIPTIONS,
  CROP_PARAMS,
  FIRST_NAMES,
  FOLLOWUP_TEMPLATES,
  MP_OPTIONS,
  NOTE_TEMPLATES,
  SPECIALTIES,
  STATES,
  US_PLACES,
  US_SURNAMES,
  catalogueMarket,
  catalogueMarkets,
  type MarketSpec,
} from './crm-catalogue.ts';

type NamedClient = {
  name: string;
  /** Slug of one of the generated markets (its home market); default the first. */
  marketSlug?: string;
  /** The platform enterprise this client is onboarded as (legal_entities.enterprise_id). */
  enterpriseId?: number;
  /** Relative share of contracts (ordinary clients draw 1–12). */
  weight?: number;
  area?: string;
  estimatedYield?: string;
  /** The principal contact; `userId` links a platform user (client_contacts.user_id). */
  contact?: { name: string; userId?: string; email?: string; phone?: string };
};

export type CrmGeneratorOptions = {
  partnerId: string;
  /** How many markets (taken from the catalogue in order) or which ones (catalogue slugs or specs). */
  markets: number | readonly (string | MarketSpec)[];
  clients: number;
  contracts: number;
  scaleTickets: number;
  /** Crop years the contracts spread over (e.g. current − 1 … current + 1). */
  cropYears: readonly number[];
  seed: number;
  /** 'YYYY-MM-DD': the day the data is as of (default: today, UTC). */
  today?: string;
  /**
   * No recorded moment (a note written, a ticket weighed, a document signed) is later than this instant: default
   * now when the data is as of today, else the end of `today` (UTC). Without it, today's rows got times of day
   * still to come and the dashboard said 'last updated 22:55' in the morning.
   */
  notAfter?: string;
  /** Average notes per client (default 3) and follow-ups per client (default 0.8). */
  notesPerClient?: number;
  followupsPerClient?: number;
  /** Merchandisers: all ten permissions on every generated market; authors of notes and amendments. */
  buyerUserIds?: readonly string[];
  /** Clients with given names (the first clients), e.g. a demo farmer's own farm. */
  namedClients?: readonly NamedClient[];
  /** Rows per INSERT into the real tables (default 100,000). */
  batchSize?: number;
  /** ANALYZE the tables afterwards (default true). */
  analyze?: boolean;
  /**
   * Drop the filled tables' secondary indexes and foreign keys for the load and rebuild them after, in
   * the same transaction (one sort per index, one check per key instead of a trigger per row). Default:
   * on from 100,000 contracts. The tables are locked (ACCESS EXCLUSIVE) until the transaction ends.
   */
  bulk?: boolean;
  /** Called after each step with its duration. */
  onStep?: (step: string, ms: number) => void;
};

export type CrmGeneratorResult = {
  partnerId: string;
  marketIds: number[];
  /** Rows inserted per table. */
  counts: Record<string, number>;
  ms: number;
};

type Row = Record<string, unknown>;
type Exec = (text: string) => Promise<Row[]>;

const STAGING = [
  '_g_market',
  '_g_mcrop',
  '_g_mtown',
  '_g_cc',
  '_g_opt',
  '_g_cy',
  '_g_named',
  '_g_tpl',
  '_g_cl0',
  '_g_cl1',
  '_g_client',
  '_g_c',
  '_g_cord',
  '_g_ev',
  '_g_evagg',
  '_g_alloc',
  '_g_split',
  '_g_t',
  '_g_tf',
  '_g_ta',
  '_g_taf',
  '_g_cagg',
  '_g_cf',
  '_g_am',
  '_g_doc',
  '_g_note',
  '_g_fu',
  '_g_contact',
  '_g_cfh',
  '_g_evf',
];

/** Tables whose secondary indexes and foreign keys a bulk load rebuilds. */
const BULK_TABLES = [
  'legal_entities',
  'client_markets',
  'client_contacts',
  'client_access',
  'contracts',
  'pricing_events',
  'contract_amendments',
  'contract_documents',
  'scale_tickets',
  'ticket_applications',
  'notes',
  'followups',
];

const WRITTEN_TABLES = [
  'markets',
  'market_user_permissions',
  'legal_entities',
  'client_markets',
  'client_contacts',
  'client_access',
  'contracts',
  'pricing_events',
  'contract_amendments',
  'contract_documents',
  'scale_tickets',
  'ticket_applications',
  'notes',
  'followups',
] as const;

/** A SQL string literal. */
function str(s: string | null | undefined): string {
  return s === null || s === undefined ? 'null' : `'${s.replace(/'/g, "''")}'`;
}

function textArray(xs: readonly string[]): string {
  return `ARRAY[${xs.map(str).join(',')}]::text[]`;
}

function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a number: ${n}`);
  return String(n);
}

function isoDate(s: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`))) throw new Error(`not a date: ${s}`);
  return s;
}

/** Template placeholders → format() positions: {crop} 1, {qty} 2, {month} 3, {price} 4, {yield} 5, {Crop} 6. */
function formatTemplate(t: string): string {
  return t
    .replace(/%/g, '%%')
    .replace(/\{crop\}/g, '%1$s')
    .replace(/\{qty\}/g, '%2$s')
    .replace(/\{month\}/g, '%3$s')
    .replace(/\{price\}/g, '%4$s')
    .replace(/\{yield\}/g, '%5$s')
    .replace(/\{Crop\}/g, '%6$s');
}

/** Nested SELECTs, each adding columns to the previous one (`p`); OFFSET 0 keeps each level computed once. */
function layered(base: string, layers: readonly { cols: readonly string[]; join?: string }[]): string {
  let q = base;
  for (const layer of layers) {
    q = `select p.*, ${layer.cols.join(',\n  ')}\nfrom (${q}\n offset 0) p${layer.join ? `\n${layer.join}` : ''}`;
  }
  return q;
}

/**
 * SQL for the canonical text of a staged contract's terms (alias `f` of _g_cf): the JSON that
 * contractTermsText() writes — keys sorted, decimals as strings without trailing zeros, dates ISO.
 */
function termsTextSql(f: string): string {
  const dec = (e: string) => `coalesce(to_json(trim_scale(${e})::text)::text, 'null')`;
  const txt = (e: string) => `coalesce(to_json(${e})::text, 'null')`;
  const fields: [string, string][] = [
    ['basis', dec(`${f}.avg_b`)],
    ['callOptionFee', dec(`${f}.fee`)],
    ['cancelledQuantity', dec(`${f}.cancelled`)],
    ['cashPrice', dec(`${f}.avg_cash`)],
    ['contractType', txt(`${f}.ctype`)],
    ['cropId', `${f}.crop_id::text`],
    ['cropYear', `${f}.cy::text`],
    ['deliveryEnd', txt(`${f}.de`)],
    ['deliveryStart', txt(`${f}.ds`)],
    ['direction', txt(`${f}.direction`)],
    ['expiration', txt(`${f}.expiration`)],
    ['futuresPrice', dec(`${f}.avg_f`)],
    ['mpOption', txt(`${f}.mp_option`)],
    ['offerPrice', dec(`${f}.offer`)],
    ['optionMonth', txt(`${f}.option_month`)],
    ['quantity', dec(`${f}.qty`)],
    ['strike', dec(`${f}.strike`)],
  ];
  return `('{' || ${fields.map(([k, v], i) => `'${i ? ',' : ''}"${k}":' || ${v}`).join(' || ')} || '}')`;
}

function executor(db: Db): Exec {
  return async (text) => {
    return rowsOf<Row>(await db.execute(sql.raw(text)));
  };
}

/**
 * Generates `options.contracts` contracts, `options.scaleTickets` tickets and the rest for one partner
 * (which must exist), in one transaction. Markets are added to the partner's; their slugs must be new.
 */
export async function generateCrmData(db: Db, options: CrmGeneratorOptions): Promise<CrmGeneratorResult> {
  const started = performance.now();
  validate(options);
  const result = await db.transaction(async (tx) => generate(executor(tx), options));
  return { ...result, ms: Math.round(performance.now() - started) };
}

function validate(o: CrmGeneratorOptions): void {
  const counts = { clients: o.clients, contracts: o.contracts, scaleTickets: o.scaleTickets };
  for (const [k, v] of Object.entries(counts)) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${k} must be a whole number ≥ 0`);
  }
  if (o.clients < 1) throw new Error('clients must be ≥ 1');
  if (!Number.isSafeInteger(o.seed) || o.seed < 0 || o.seed > 2 ** 40)
    throw new Error('seed must be a whole number in 0…2^40');
  if (o.cropYears.length === 0 || o.cropYears.some((y) => !Number.isInteger(y) || y < 1990 || y > 2100)) {
    throw new Error('cropYears must be years');
  }
  if ((o.namedClients?.length ?? 0) > o.clients) throw new Error('more named clients than clients');
  for (const id of o.buyerUserIds ?? []) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a user id: ${id}`);
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(o.partnerId)) throw new Error('odd partner id');
}

async function generate(q: Exec, o: CrmGeneratorOptions): Promise<Omit<CrmGeneratorResult, 'ms'>> {
  const today = isoDate(o.today ?? new Date().toISOString().slice(0, 10));
  const TODAY = `date '${today}'`;
  const notAfter = o.notAfter ?? (o.today === undefined ? new Date().toISOString() : `${today}T23:59:59.999Z`);
  if (Number.isNaN(Date.parse(notAfter))) throw new Error(`not an instant: ${notAfter}`);
  const NOT_AFTER = `timestamptz '${new Date(notAfter).toISOString()}'`;
  const year = Number(today.slice(0, 4));
  const seedBase = o.seed * 1000;
  /** A uniform draw in [0, 1) for row `key` and column `salt`. */
  const R = (key: string, salt: number) =>
    `((hashint8extended((${key})::int8, ${seedBase + salt}::int8) & 4503599627370495)::float8 / 4503599627370496.0)`;
  const batchSize = Math.max(1, Math.floor(o.batchSize ?? 100_000));
  const avgNotes = o.notesPerClient ?? 3;
  const avgFollowups = o.followupsPerClient ?? 0.8;
  const buyers = o.buyerUserIds ?? [];
  const pickBuyer = (key: string, salt: number) =>
    buyers.length === 0
      ? 'null::uuid'
      : `(ARRAY[${buyers.map(str).join(',')}]::uuid[])[1 + floor(${R(key, salt)} * ${buyers.length})::int]`;
  const partner = str(o.partnerId);
  const counts: Record<string, number> = {};

  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await fn();
    o.onStep?.(name, Math.round(performance.now() - t));
    return value;
  };
  const scalar = async (text: string): Promise<number> => Number(Object.values((await q(text))[0] ?? {})[0] ?? 0);
  /** Reserves `n` ids of a table's sequence (the tables are locked), returning the first. */
  const reserve = async (table: string, n: number): Promise<number> => {
    if (n <= 0) return 0;
    const seq = `pg_get_serial_sequence('${table}', 'id')`;
    const first = await scalar(`select nextval(${seq})`);
    await q(`select setval(${seq}, ${first + n - 1})`);
    return first;
  };
  const valuesTable = async (name: string, ddl: string, rows: readonly string[][]) => {
    await q(`create temp table ${name} (${ddl})`);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      if (chunk.length) await q(`insert into ${name} values ${chunk.map((r) => `(${r.join(',')})`).join(',')}`);
    }
  };
  /** INSERT INTO target SELECT … FROM source in slices of `ord`. */
  const insertBatched = async (target: string, columns: string, select: string, source: string, total: number) => {
    for (let from = 0; from < total; from += batchSize) {
      await q(
        `insert into ${target} (${columns}) select ${select} from ${source} s where s.ord >= ${from} and s.ord < ${from + batchSize} order by s.ord`,
      );
    }
    counts[target] = (counts[target] ?? 0) + total;
  };
  const dropStaging = () => q(`drop table if exists ${STAGING.join(', ')}`);

  // -----------------------------------------------------------------------------------------------
  // Set-up: partner, locks, crops, lookups

  await step('prepare', async () => {
    if ((await scalar(`select count(*) from partners where id = ${partner}`)) === 0)
      throw new Error(`no partner '${o.partnerId}'`);
    await dropStaging();
    await q(`lock table ${WRITTEN_TABLES.join(', ')} in exclusive mode`);
    await q(
      `insert into crops (id, name, display_name, symbol, harvest_month, has_bushel_quantity, exchange_contract_multiplier, filterable) values ${CROPS.map(
        (c) =>
          `(${c.id}, ${str(c.name)}, ${str(c.displayName)}, ${str(c.symbol)}, ${c.harvestMonth ?? 'null'}, ${c.hasBushelQuantity}, ${c.exchangeContractMultiplier ?? 'null'}, ${c.filterable})`,
      ).join(',')} on conflict (id) do nothing`,
    );
    await q(
      `insert into legal_entities (partner_id, kind, name, created_at, updated_at)
       select p.id, 'partner', coalesce(p.branding->>'legalName', p.display_name), ${TODAY} - 2000, ${TODAY} - 2000 from partners p
       where p.id = ${partner} and not exists (select 1 from legal_entities l where l.partner_id = p.id and l.kind = 'partner')`,
    );
  });

  // Bulk load: secondary indexes and foreign keys come off now and go back on at the end.
  const bulk = o.bulk ?? o.contracts >= 100_000;
  const rebuild: string[] = [];
  if (bulk) {
    await step('drop indexes and foreign keys', async () => {
      // Staging sorts and window functions over millions of rows: let them run in memory.
      await q(`set local work_mem = '256MB'`);
      const list = BULK_TABLES.map(str).join(',');
      const fks =
        await q(`select c.conrelid::regclass::text as tbl, quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as def
        from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text in (${list}) order by 1, 2`);
      const idx = await q(`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i where i.indrelid::regclass::text in (${list}) and not i.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid) order by 1`);
      for (const f of fks) await q(`alter table ${String(f.tbl)} drop constraint ${String(f.name)}`);
      for (const i of idx) await q(`drop index ${String(i.name)}`);
      rebuild.push(
        ...idx.map((i) => String(i.def)),
        ...fks.map((f) => `alter table ${String(f.tbl)} add constraint ${String(f.name)} ${String(f.def)}`),
      );
    });
  }

  const specs: MarketSpec[] =
    typeof o.markets === 'number'
      ? catalogueMarkets(o.markets)
      : o.markets.map((m) => (typeof m === 'string' ? catalogueMarket(m) : m));
  if (specs.length === 0) throw new Error('at least one market');
  const M = specs.length;
  const C = o.clients;
  const N = o.contracts;
  const T = o.scaleTickets;

  const marketIds = await step('markets', async () => {
    const base = await reserve('markets', M);
    const ids = specs.map((_, i) => base + i);
    await q(
      `insert into markets (id, partner_id, slug, display_name, city, administrative_area_level_1, country_code, address_line_1, postal_code, timezone, phone, email, sustainability_enabled, created_at) values ${specs
        .map(
          (m, i) =>
            `(${ids[i]}, ${partner}, ${str(m.slug)}, ${str(m.displayName)}, ${str(m.city)}, ${str(m.state)}, ${str(m.country)}, ${str(m.addressLine1)}, ${str(m.postalCode)}, ${str(m.timezone)}, ${str(m.phone)}, ${str(m.email ?? `${m.slug}@${o.partnerId}.granary.test`)}, ${i % 3 === 0}, ${TODAY} - ${1500 + i})`,
        )
        .join(',')}`,
    );
    counts.markets = M;
    if (buyers.length) {
      await q(
        `insert into market_user_permissions (market_id, user_id, permissions)
         select m, u::uuid, ${textArray(MARKET_PERMISSIONS)} from unnest(ARRAY[${ids.join(',')}]::int[]) m, unnest(ARRAY[${buyers.map(str).join(',')}]::text[]) u
         on conflict (market_id, user_id) do update set permissions = excluded.permissions`,
      );
      counts.market_user_permissions = M * buyers.length;
    }
    return ids;
  });

  await step('lookups', async () => {
    // Markets: country, state, area codes, ordinal within the country (second markets stay in the country).
    const byCountry = new Map<string, number[]>();
    specs.forEach((m, i) => byCountry.set(m.country, [...(byCountry.get(m.country) ?? []), i]));
    await valuesTable(
      '_g_market',
      'midx int primary key, id int, country text, state text, city text, tz text, area_codes int[], main_crop int, cidx int, ccount int',
      specs.map((m, i) => {
        const st = STATES[m.state];
        if (!st) throw new Error(`unknown state ${m.state}`);
        const peers = byCountry.get(m.country)!;
        const main = Object.entries(st.crops).sort((a, b) => b[1] - a[1])[0]![0];
        return [
          num(i),
          num(marketIds[i]!),
          str(m.country),
          str(m.state),
          str(m.city),
          str(m.timezone),
          `ARRAY[${st.areaCodes.join(',')}]::int[]`,
          main,
          num(peers.indexOf(i)),
          num(peers.length),
        ];
      }),
    );
    // Crop mix per market: 100 slots.
    const mcrop: string[][] = [];
    const mtown: string[][] = [];
    specs.forEach((m, i) => {
      const st = STATES[m.state]!;
      const entries = Object.entries(st.crops).map(([id, w]) => [Number(id), w] as const);
      const total = entries.reduce((s, [, w]) => s + w, 0);
      for (let slot = 0; slot < 100; slot++) {
        let acc = 0;
        let chosen = entries[0]![0];
        for (const [id, w] of entries) {
          acc += (w / total) * 100;
          chosen = id;
          if (slot + 0.5 < acc) break;
        }
        mcrop.push([num(i), num(slot), num(chosen)]);
      }
      for (let slot = 0; slot < 16; slot++)
        mtown.push([num(i), num(slot), str(slot < 6 ? m.city : st.towns[(slot - 6 + i) % st.towns.length]!)]);
    });
    await valuesTable('_g_mcrop', 'midx int, slot int, crop_id int, primary key (midx, slot)', mcrop);
    await valuesTable('_g_mtown', 'midx int, slot int, town text, primary key (midx, slot)', mtown);
    // Crop parameters by country.
    const cc: string[][] = [];
    for (const p of CROP_PARAMS) {
      const crop = CROPS.find((c) => c.id === p.cropId)!;
      for (const country of ['USA', 'CAN'] as const) {
        const [bmin, bmax] = p.basis[country];
        cc.push([
          num(p.cropId),
          str(country),
          str(crop.displayName),
          num(crop.harvestMonth ?? 9),
          num(p.futures),
          num(p.phase),
          num(p.quantityUnit),
          num(p.quantityMin),
          num(p.quantityMax),
          num(p.loadBushels),
          num(p.poundsPerBushel),
          num(p.moisture[0]),
          num(p.moisture[1]),
          num(p.standardMoisture),
          num(p.testWeight[0]),
          num(p.testWeight[1]),
          num(bmin),
          num(bmax),
          num(p.yields[0]),
          num(p.yields[1]),
          textArray(SPECIALTIES[p.cropId] ?? []),
        ]);
      }
    }
    await valuesTable(
      '_g_cc',
      `crop_id int, country text, display text, harvest int, fut float8, ph float8, unit numeric, qmin numeric, qmax numeric, load numeric,
       lbpb numeric, mlo float8, mhi float8, mstd float8, twlo float8, twhi float8, bmin float8, bmax float8, ylo float8, yhi float8,
       specialties text[], primary key (crop_id, country)`,
      cc,
    );
    // Futures month priced off for a delivery ending in month dm: the first listed month after it;
    // pom: the listed month before that one (a roll's "from").
    const opt: string[][] = [];
    for (const p of CROP_PARAMS) {
      const months = [...p.futuresMonths].sort((a, b) => a - b);
      for (let dm = 1; dm <= 12; dm++) {
        const after = months.find((m) => m > dm);
        const om = after ?? months[0]!;
        const yadd = after === undefined ? 1 : 0;
        const k = months.indexOf(om);
        const pom = k > 0 ? months[k - 1]! : months[months.length - 1]!;
        const pyadd = k > 0 ? 0 : -1;
        opt.push([num(p.cropId), num(dm), num(om), num(yadd), num(pom), num(pyadd)]);
      }
    }
    await valuesTable(
      '_g_opt',
      'crop_id int, dm int, om int, yadd int, pom int, pyadd int, primary key (crop_id, dm)',
      opt,
    );
    // Crop years: the past and current ones full, next year's forward sales fewer.
    const weights = o.cropYears.map((cy) =>
      cy < year ? 0.85 ** (year - 1 - cy) : cy === year ? 1.1 : cy === year + 1 ? 0.35 : 0.08,
    );
    const wsum = weights.reduce((s, w) => s + w, 0);
    const cy: string[][] = [];
    for (let slot = 0; slot < 100; slot++) {
      let acc = 0;
      let chosen = o.cropYears[0]!;
      for (let k = 0; k < o.cropYears.length; k++) {
        acc += (weights[k]! / wsum) * 100;
        chosen = o.cropYears[k]!;
        if (slot + 0.5 < acc) break;
      }
      cy.push([num(slot), num(chosen)]);
    }
    await valuesTable('_g_cy', 'slot int primary key, cy int', cy);
    const named = o.namedClients ?? [];
    await valuesTable(
      '_g_named',
      'idx int primary key, name text, midx int, enterprise_id int, weight int, area numeric, eyield numeric, contact_name text, contact_user uuid, contact_email text, contact_phone text',
      named.map((n, i) => {
        const midx = n.marketSlug ? specs.findIndex((m) => m.slug === n.marketSlug) : 0;
        if (midx < 0) throw new Error(`named client's market '${n.marketSlug}' is not generated`);
        return [
          num(i),
          str(n.name),
          num(midx),
          n.enterpriseId === undefined ? 'null' : num(n.enterpriseId),
          n.weight === undefined ? 'null' : num(n.weight),
          n.area === undefined ? 'null' : str(n.area),
          n.estimatedYield === undefined ? 'null' : str(n.estimatedYield),
          str(n.contact?.name),
          n.contact?.userId ? `${str(n.contact.userId)}::uuid` : 'null',
          str(n.contact?.email),
          str(n.contact?.phone),
        ];
      }),
    );
    const tpl: string[][] = [];
    for (const cat of NOTE_CATEGORIES) {
      const list = NOTE_TEMPLATES[cat] ?? [];
      list.forEach((t, i) => tpl.push([str(cat), num(i), num(list.length), str(formatTemplate(t))]));
    }
    FOLLOWUP_TEMPLATES.forEach((t, i) =>
      tpl.push([str('followup'), num(i), num(FOLLOWUP_TEMPLATES.length), str(formatTemplate(t))]),
    );
    await valuesTable('_g_tpl', 'cat text, slot int, n int, tpl text, primary key (cat, slot)', tpl);
  });

  // -----------------------------------------------------------------------------------------------
  // Clients

  const futAt = (a: string, d: string, of: string, noise?: string) =>
    `round(round((${a}.fut * (1 + 0.07 * sin(((${d}) - date '2020-01-01') / 61.0 + ${a}.ph) + 0.03 * sin(((${d}) - date '2020-01-01') / 17.0 + 2 * ${a}.ph))` +
    ` * (1 + 0.0035 * greatest(0, ((${of}) - (${d})) / 30.4))${noise ? ` * (1 + 0.006 * (${noise} - 0.5))` : ''} * 400)::numeric) / 400, 4)`;
  /** A local time `hours` after midnight of `date` at the market (whole seconds), as timestamptz, never after notAfter. */
  const at = (date: string, hours: string, tz: string) =>
    `least((((${date})::timestamp + floor((${hours}) * 3600) * interval '1 second') at time zone ${tz}), ${NOT_AFTER})`;

  const W = await step('clients (staging)', async () => {
    await q(`create temp table _g_cl0 as
      select g.idx, coalesce(n.midx, floor(${R('g.idx', 1)} * ${M})::int) as midx, n.name as nname, n.enterprise_id, n.weight as nweight,
        n.area as narea, n.eyield as nyield, n.contact_name, n.contact_user, n.contact_email, n.contact_phone
      from generate_series(0, ${C - 1}) g(idx) left join _g_named n on n.idx = g.idx`);
    const pick = (arr: readonly string[], salt: number) =>
      `(${textArray(arr)})[1 + floor(${R('b.idx', salt)} * ${arr.length})::int]`;
    const nF = FIRST_NAMES.length;
    await q(`create temp table _g_cl1 as
      select b.*, m.country, m.state, m.tz, m.main_crop, m2.midx as midx2, t.town as city,
        m.area_codes[1 + floor(${R('b.idx', 7)} * array_length(m.area_codes, 1))::int] as area_code,
        case when m.country = 'CAN' then ${pick(CA_SURNAMES, 8)} else ${pick(US_SURNAMES, 8)} end as l1,
        case when m.country = 'CAN' then ${pick(CA_SURNAMES, 9)} else ${pick(US_SURNAMES, 9)} end as l2,
        (${textArray(FIRST_NAMES)})[1 + floor(${R('b.idx', 10)} * ${nF})::int] as f1,
        (${textArray(FIRST_NAMES)})[1 + ((floor(${R('b.idx', 10)} * ${nF})::int + 1 + floor(${R('b.idx', 11)} * ${nF - 1})::int) % ${nF})] as f2,
        case when m.country = 'CAN' then ${pick(CA_PLACES, 12)} else ${pick(US_PLACES, 12)} end as place
      from _g_cl0 b
      join _g_market m on m.midx = b.midx
      left join _g_market m2 on m.ccount > 1 and ${R('b.idx', 4)} < 0.22 and m2.country = m.country
        and m2.cidx = (m.cidx + 1 + floor(${R('b.idx', 5)} * (m.ccount - 1))::int) % m.ccount
      join _g_mtown t on t.midx = b.midx and t.slot = floor(${R('b.idx', 6)} * 16)::int`);
    const r = (salt: number) => R('p.idx', salt);
    const nameExpr = `case when p.country = 'CAN' then
        case when ${r(13)} < 0.22 then p.l1 || ' Farms Ltd.'
             when ${r(13)} < 0.32 then p.l1 || ' Grain Ltd.'
             when ${r(13)} < 0.38 then p.l1 || ' Holdings Ltd.'
             when ${r(13)} < 0.52 then p.f1 || ' ' || p.l1
             when ${r(13)} < 0.57 then p.f1 || ' & ' || p.f2 || ' ' || p.l1
             when ${r(13)} < 0.65 then p.l1 || ' Bros. Farming Ltd.'
             when ${r(13)} < 0.76 then p.place || case when ${r(14)} < 0.5 then ' Seed Farm Ltd.' else ' Farms Inc.' end
             when ${r(13)} < 0.80 then p.place || ' Colony'
             when ${r(13)} < 0.90 then p.l1 || ' Family Farm Inc.'
             else p.l1 || ' Ag Ventures Ltd.' end
      else
        case when ${r(13)} < 0.20 then p.l1 || ' Family Farms'
             when ${r(13)} < 0.32 then p.l1 || case when ${r(14)} < 0.5 then ' Farms Inc.' else ' Farms' end
             when ${r(13)} < 0.46 then p.f1 || ' ' || p.l1
             when ${r(13)} < 0.52 then p.f1 || ' & ' || p.f2 || ' ' || p.l1
             when ${r(13)} < 0.58 then p.l1 || ' & Sons'
             when ${r(13)} < 0.63 then p.l1 || ' Bros. Farms'
             when ${r(13)} < 0.75 then p.place || case when ${r(14)} < 0.4 then ' Acres LLC' when ${r(14)} < 0.7 then ' Farms LLC' else ' Grain Co.' end
             when ${r(13)} < 0.81 then p.l1 || ' Land & Cattle'
             when ${r(13)} < 0.86 then p.l1 || ' Ag Partners'
             when ${r(13)} < 0.92 then p.l1 || '-' || p.l2 || ' Farms'
             else p.l1 || ' Grain Farms' end
      end`;
    const emailOf = (first: string, last: string, s1: number, s2: number, s3: number) =>
      `lower(left(${first}, 1) || regexp_replace(${last}, '[^A-Za-z]', '', 'g')) || case when ${r(s1)} < 0.3 then (10 + floor(${r(s2)} * 89))::int::text else '' end || '@' || (ARRAY['example.com','example.net','example.org'])[1 + floor(${r(s3)} * 3)::int]`;
    await q(
      `create temp table _g_client as ${layered('select * from _g_cl1', [
        {
          cols: [
            `coalesce(p.nname, ${nameExpr}) as name`,
            `coalesce(p.contact_name, p.f1 || ' ' || p.l1) as principal`,
            `coalesce(p.contact_phone, '+1 (' || p.area_code || ') 555-' || lpad(floor(${r(18)} * 10000)::int::text, 4, '0')) as phone`,
            `coalesce(p.contact_email, case when ${r(15)} < 0.65 then ${emailOf('p.f1', 'p.l1', 16, 17, 19)} end) as email`,
            `lpad((10000 + p.idx)::text, 6, '0') as ext_id`,
            `coalesce(p.narea, case when ${r(20)} < 0.12 then null when p.country = 'CAN' then round((320 + 7000 * power(${r(21)}, 2))::numeric, 0) else round((80 + 3600 * power(${r(21)}, 2))::numeric, 0) end) as area`,
            `coalesce(p.nyield, case when ${r(22)} < 0.05 then null when p.country = 'CAN' then round((38 + 22 * ${r(23)})::numeric, 1) else round((165 + 55 * ${r(23)})::numeric, 1) end) as eyield`,
            `${r(24)} < 0.6 or p.nname is not null as esign`,
            `${r(25)} < 0.5 as ach`,
            `case when ${r(26)} < 0.7 then ${TODAY} - floor(power(${r(27)}, 1.5) * 540)::int end as last_visit`,
            `coalesce(p.nweight, 1 + floor(power(${r(28)}, 2) * 12)::int) as w`,
            `case when p.contact_name is not null then 2 else 1 + floor(${r(29)} * 2.3)::int end as ncontacts`,
            `case when p.nname is not null then ${Math.max(4, Math.round(avgNotes * 2))} else floor(${r(30)} * ${2 * avgNotes + 1})::int end as nnotes`,
            `case when p.nname is not null then 3 else floor(${r(31)} * ${2 * avgFollowups + 1})::int end as nfollow`,
            `${TODAY} - 400 - floor(${r(32)} * 2000)::int as created_on`,
          ],
        },
        {
          cols: [
            `case when p.area is null or p.eyield is null or ${r(33)} < 0.25 then null else round(p.area * p.eyield * (0.25 + 0.65 * ${r(34)})::numeric / 1000) * 1000 end as storage`,
            `case when p.area is null or p.eyield is null or p.nname is not null then null
                when ${r(35)} < 0.05 then ceil(p.area * p.eyield * (1 + 0.15 * ${r(36)})::numeric / 1000) * 1000
                when ${r(35)} < 0.40 then round(p.area * p.eyield * (0.05 + 0.2 * ${r(36)})::numeric / 1000) * 1000 end as with_other`,
            `sum(p.w) over (order by p.idx) as wcum`,
            `sum(p.ncontacts) over (order by p.idx) - p.ncontacts as contact0`,
            `sum(p.nnotes) over (order by p.idx) - p.nnotes as note0`,
            `sum(p.nfollow) over (order by p.idx) - p.nfollow as follow0`,
          ],
        },
      ])}`,
    );
    await q('create index on _g_client (idx)');
    await q('analyze _g_client');
    return scalar('select sum(w) from _g_client');
  });

  const clientBase = await reserve('legal_entities', C);
  const contactCount = await scalar('select coalesce(sum(ncontacts), 0) from _g_client');
  const contactBase = await reserve('client_contacts', contactCount);

  await step('clients (insert)', async () => {
    await q(`insert into legal_entities (id, partner_id, kind, name, scope_legal_entity_id, ext_client_id, phone_number, email_address, city,
        administrative_area_level_1, enterprise_id, default_crop_id, default_crop_year, area, estimated_yield, estimated_storage,
        contracted_with_other, esign_eligible, ach, last_farm_visit, contact_person_id, version, created_at, updated_at)
      select ${clientBase} + c.idx, ${partner}, 'client', c.name, 0, c.ext_id, c.phone, c.email, c.city, c.state, c.enterprise_id, c.main_crop,
        ${year}, c.area, c.eyield, c.storage, c.with_other, c.esign, c.ach, c.last_visit, ${contactBase} + c.contact0, 1,
        ${at('c.created_on', '8 + 9 * ' + R('c.idx', 37), 'c.tz')}, ${at('c.created_on', '8 + 9 * ' + R('c.idx', 37), 'c.tz')}
      from _g_client c order by c.idx`);
    counts.legal_entities = C;
    await q(`insert into client_markets (client_id, market_id)
      select ${clientBase} + c.idx, m.id from _g_client c join _g_market m on m.midx = c.midx
      union all
      select ${clientBase} + c.idx, m.id from _g_client c join _g_market m on m.midx = c.midx2`);
    counts.client_markets = await scalar('select count(*) + count(midx2) from _g_client');
    const roles = CONTACT_ROLES;
    await q(`create temp table _g_contact as
      select c.contact0 + k.k as kidx, c.idx as cidx, k.k,
        case when k.k = 0 then c.principal
             when ${R('c.contact0 + k.k', 40)} < 0.6 then (${textArray(FIRST_NAMES)})[1 + floor(${R('c.contact0 + k.k', 41)} * ${FIRST_NAMES.length})::int] || ' ' || c.l1
             else (${textArray(FIRST_NAMES)})[1 + floor(${R('c.contact0 + k.k', 41)} * ${FIRST_NAMES.length})::int] || ' ' || c.l2 end as name,
        case when k.k = 0 then 'Owner' else (${textArray(roles)})[1 + floor(${R('c.contact0 + k.k', 42)} * ${roles.length})::int] end as role,
        case when k.k = 0 then c.phone else '+1 (' || c.area_code || ') 555-' || lpad(floor(${R('c.contact0 + k.k', 43)} * 10000)::int::text, 4, '0') end as phone,
        case when k.k = 0 then c.email when ${R('c.contact0 + k.k', 44)} < 0.5 then
          lower(regexp_replace(c.l1, '[^A-Za-z]', '', 'g')) || '.office' || (k.k)::text || '@example.net' end as email,
        case when k.k = 0 then c.contact_user end as user_id
      from _g_client c cross join lateral generate_series(0, c.ncontacts - 1) k(k)`);
    await q(`insert into client_contacts (id, client_id, name, role, phone_number, email_address, user_id)
      select ${contactBase} + t.kidx, ${clientBase} + t.cidx, t.name, t.role, t.phone, t.email, t.user_id from _g_contact t order by t.kidx`);
    counts.client_contacts = contactCount;
    if (buyers.length) {
      const rows = buyers
        .map(
          (u, k) => `select ${clientBase} + c.idx as client_id, ${str(u)}::uuid as user_id,
            ${at(`${TODAY} - floor(${R(`c.idx * ${buyers.length + 1} + ${k}`, 46)} * 60)::int`, '7 + 10 * ' + R(`c.idx * ${buyers.length + 1} + ${k}`, 47), 'c.tz')} as accessed_at
            from _g_client c where ${R(`c.idx * ${buyers.length + 1} + ${k}`, 45)} < 0.08 or c.nname is not null`,
        )
        .join(' union all ');
      await q(`insert into client_access (client_id, user_id, accessed_at) ${rows}`);
      counts.client_access = await scalar(
        `select count(*) from client_access a join legal_entities l on l.id = a.client_id where l.partner_id = ${partner}`,
      );
    }
  });

  // -----------------------------------------------------------------------------------------------
  // Contracts (staging): terms, prices, quantities, what will be delivered, e-sign, amendments

  await step('contracts (staging)', async () => {
    const r = (salt: number) => R('p.idx', salt);
    const SPOT = `p.ctype in ('spot', 'basic_cs')`;
    const base = `select k.idx, cl.idx as cidx, cl.country, cl.esign as client_esign, cl.contact_user,
        case when cl.midx2 is not null and ${R('k.idx', 101)} < 0.2 then cl.midx2 else cl.midx end as midx, y.cy, mc.crop_id
      from _g_client cl
      cross join lateral generate_series((${N}::int8 * (cl.wcum - cl.w)) / ${W}, (${N}::int8 * cl.wcum) / ${W} - 1) k(idx)
      join _g_cy y on y.slot = floor(${R('k.idx', 102)} * 100)::int
      join _g_mcrop mc on mc.midx = (case when cl.midx2 is not null and ${R('k.idx', 101)} < 0.2 then cl.midx2 else cl.midx end)
        and mc.slot = floor(${R('k.idx', 103)} * 100)::int`;
    const query = layered(base, [
      {
        join: 'join _g_cc cc on cc.crop_id = p.crop_id and cc.country = p.country',
        cols: [
          'cc.harvest',
          'cc.fut',
          'cc.ph',
          'cc.unit',
          'cc.qmin',
          'cc.qmax',
          'cc.load',
          'cc.bmin',
          'cc.bmax',
          'cc.specialties',
          'make_date(p.cy, cc.harvest, 1) as hv',
          `least(${TODAY}, make_date(p.cy + 1, cc.harvest, 1) - 1) as spot_hi`,
          `least(${TODAY}, make_date(p.cy + 1, 5, 31)) as fwd_hi`,
          `case when ${r(104)} < 0.36 then 'flat' when ${r(104)} < 0.56 then 'hta' when ${r(104)} < 0.70 then 'spot' when ${r(104)} < 0.82 then 'pp'
                when ${r(104)} < 0.91 then 'mp' when ${r(104)} < 0.96 then 'mp_plus' else 'basic_cs' end as type0`,
        ],
      },
      {
        cols: [
          `case when p.type0 in ('spot', 'basic_cs') and p.spot_hi < p.hv then 'flat' else p.type0 end as ctype`,
          'least(make_date(p.cy - 1, 9, 1), p.fwd_hi - 30) as fwd_lo',
          `case when ${r(106)} < 0.45 then 0 when ${r(106)} < 0.65 then 1 when ${r(106)} < 0.75 then 2 when ${r(106)} < 0.83 then 3
                when ${r(106)} < 0.90 then 5 when ${r(106)} < 0.96 then 7 else 9 end as off`,
          `case when ${r(107)} < 0.4 then 2 else 1 end as len`,
        ],
      },
      {
        cols: [
          `case when ${SPOT} then p.hv + floor(${r(105)} * (p.spot_hi - p.hv + 1))::int
                else p.fwd_lo + floor(power(${r(105)}, 0.75) * (p.fwd_hi - p.fwd_lo + 1))::int end as contract_date`,
          '(p.hv + make_interval(months => p.off))::date as m0',
        ],
      },
      {
        cols: [
          `case when p.m0 < date_trunc('month', p.contract_date::timestamp)::date
                then (date_trunc('month', p.contract_date::timestamp) + case when extract(day from p.contract_date) > 20 then interval '1 month' else interval '0 days' end)::date
                else p.m0 end as m1`,
        ],
      },
      {
        cols: [
          `case when ${SPOT} then p.contract_date - floor(${r(108)} * 3)::int else greatest(p.m1, p.contract_date) end as ds`,
          `case when ${SPOT} then p.contract_date else (p.m1 + make_interval(months => p.len) - interval '1 day')::date end as de`,
        ],
      },
      {
        join: 'join _g_opt o on o.crop_id = p.crop_id and o.dm = extract(month from p.de)::int',
        cols: [
          'make_date(extract(year from p.de)::int + o.yadd, o.om, 1) as opt_first',
          'make_date(extract(year from p.de)::int + o.yadd + o.pyadd, o.pom, 1) as prev_opt_first',
          `round((p.bmin + (p.bmax - p.bmin) * ${r(109)} - case when p.off = 0 and not ${SPOT} then 0.06 else 0 end)::numeric, 2) as b0`,
          `case when ${SPOT} then round((p.load * (0.9 + 3.2 * power(${r(110)}, 1.5)))::numeric, 2)
                else greatest(p.qmin, p.unit * round(((p.qmin + (p.qmax - p.qmin) * power(${r(110)}, 2.5)) / p.unit)::numeric)) end as qty`,
          `case when ${r(111)} < 0.01 and p.ctype in ('flat', 'spot') then 'sale' else 'purchase' end as direction`,
          `case when ${SPOT} then 'none' when ${r(112)} < 0.02 then 'full' when ${r(112)} < 0.05 then 'partial' else 'none' end as ck`,
          `case when p.de < ${TODAY} then 'past' when p.ds <= ${TODAY} then 'now' else 'future' end as phase`,
        ],
      },
      {
        cols: [
          `to_char(p.opt_first, 'YYYY-MM') as option_month`,
          `${futAt('p', 'p.contract_date', 'p.opt_first', r(113))} as f0`,
          `case when p.ck = 'full' then p.qty
                when p.ck = 'partial' and p.qty >= 2 * p.unit then least(p.qty - p.unit, greatest(p.unit, p.unit * round(p.qty * (0.1 + 0.4 * ${r(114)})::numeric / p.unit)))
                else 0 end as cancelled`,
          `p.contract_date + floor(${r(115)} * (least(${TODAY}, p.de) - p.contract_date + 1))::int as cancel_date`,
          `p.ctype = 'hta' and ${r(116)} < case p.phase when 'past' then 0.8 when 'now' then 0.45 else 0.12 end as bs`,
          `p.contract_date + floor(${r(117)} * (least(${TODAY}, p.de) - p.contract_date + 1))::int as bs_date`,
          `round((p.bmin + (p.bmax - p.bmin) * ${r(118)})::numeric, 2) as b_bs`,
          `4 + floor(${r(119)} * 7)::int as pp_n`,
          `case when ${r(120)} < 0.5 then 7 else 14 end as pp_step`,
          `(${TODAY} - p.contract_date) as age`,
        ],
      },
      {
        cols: [
          'p.qty - p.cancelled as open',
          `p.bs and p.qty >= 2 * p.unit and ${r(121)} < 0.25 as hta_partial`,
          `least(p.qty - p.unit, greatest(p.unit, p.unit * round(p.qty * (0.3 + 0.4 * ${r(122)})::numeric / p.unit))) as qb`,
          `case when p.ctype in ('mp', 'mp_plus') then ceil((p.f0 + 0.3 * ${r(123)}::numeric) * 10) / 10 end as strike`,
          `case when p.ctype in ('mp', 'mp_plus') then round((0.08 + 0.3 * ${r(124)} + case when p.ctype = 'mp_plus' then 0.06 else 0 end)::numeric, 2) end as fee`,
          `(p.opt_first - interval '1 month' + interval '20 days')::date as exp0`,
          `p.ctype = 'hta' and p.ck <> 'full' and ${r(125)} < 0.08 as roll`,
          `p.contract_date + floor(${r(126)} * ((case when p.bs then p.bs_date else least(${TODAY}, p.de) end) - p.contract_date + 1))::int as roll_date`,
          `round(round((0.03 + 0.12 * ${r(127)}) * 400)::numeric / 400, 4) as roll_spread`,
          `case when p.ck = 'full' then 0
                when ${SPOT} then p.qty
                when p.phase = 'past' then case when ${r(128)} < 0.80 then p.qty - p.cancelled
                                                when ${r(128)} < 0.90 then round((p.qty - p.cancelled) * (0.3 + 0.65 * ${r(129)})::numeric, 2)
                                                when ${r(128)} < 0.95 then 0
                                                when ${r(128)} < 0.965 then round((p.qty - p.cancelled) * (1.005 + 0.015 * ${r(129)})::numeric, 2)
                                                else p.qty - p.cancelled end
                when p.phase = 'now' then case when ${r(128)} < 0.3 then 0
                  else round((p.qty - p.cancelled) * least(1, (${TODAY} - p.ds + 1)::numeric / (p.de - p.ds + 1) * (0.5 + 0.8 * ${r(129)})::numeric), 2) end
                else 0 end as d0`,
          `case when p.client_esign then ${r(130)} < case when p.age > 30 then 0.88 when p.age >= 7 then 0.6 else 0.25 end
                else ${r(130)} < case when p.age > 14 then 0.95 else 0.5 end end as signed`,
        ],
      },
      {
        cols: [
          `case when p.ctype = 'pp' then p.contract_date + p.pp_n * p.pp_step
                when p.ctype in ('mp', 'mp_plus') then greatest(p.exp0 - case extract(dow from p.exp0)::int when 6 then 1 when 0 then 2 else 0 end, p.contract_date + 30) end as expiration`,
          'case when p.d0 > 0 then greatest(p.d0, least(p.open, round(p.load * 0.4))) else 0 end as dt',
          '(p.cancelled > 0)::int + p.bs::int + p.roll::int as n_am',
          `p.client_esign and (p.signed or ${r(131)} < 0.7) as esign_sent`,
        ],
      },
      {
        cols: [
          '1 + p.n_am as version',
          `${r(132)} < 0.6 as mp_bs`,
          `p.ctype in ('mp', 'mp_plus') and p.expiration < ${TODAY} and ${r(133)} < 0.85 as mp_final`,
          `greatest(p.contract_date, p.expiration - floor(${r(134)} * 20)::int) as exit_date`,
          `p.client_esign and p.signed and p.n_am > 0 and p.cancelled < p.qty and ${r(135)} < 0.5 as mismatch`,
          `case when p.ctype = 'mp_plus' then (${textArray(MP_OPTIONS)})[1 + floor(${r(136)} * ${MP_OPTIONS.length})::int] end as mp_option`,
          `case when p.ctype = 'basic_cs' then 'Deferred payment to January' when ${r(137)} < 0.3 then (${textArray(CONTRACT_DESCRIPTIONS)})[1 + floor(${r(138)} * ${CONTRACT_DESCRIPTIONS.length})::int] end as description`,
          `case when cardinality(p.specialties) > 0 and ${r(139)} < 0.06 then p.specialties[1 + floor(${r(140)} * cardinality(p.specialties))::int] end as specialty`,
          `${r(141)} as offer_draw`,
          `7 + 10 * ${r(142)} as hour`,
        ],
      },
    ]);
    await q(`create temp table _g_c as ${query}`);
    await q('create index on _g_c (idx)');
    await q('analyze _g_c');
    await q(
      'create temp table _g_cord as select idx, row_number() over (order by contract_date, idx) - 1 as ord from _g_c',
    );
    await q('create index on _g_cord (idx)');
  });

  // Pricing events: flat / spot / credit sale one priced event; HTA futures first, basis later (all
  // or part); pricing programs one instalment per period run; minimum price a basis, then the final price.
  await step('pricing (staging)', async () => {
    const fin = 'c.f0 + c.b0';
    await q(`create temp table _g_ev as
      select c.idx, 0 as seq, c.qty as q, c.f0 as f, c.b0 as b, ${fin} as cash, c.contract_date as on_date from _g_c c where c.ctype in ('flat', 'spot', 'basic_cs')
      union all
      select c.idx, 0, case when c.hta_partial then c.qty - c.qb else c.qty end, c.f0,
        case when c.bs and not c.hta_partial then c.b_bs end, case when c.bs and not c.hta_partial then c.f0 + c.b_bs end,
        case when c.bs and not c.hta_partial then c.bs_date else c.contract_date end
      from _g_c c where c.ctype = 'hta'
      union all
      select c.idx, 1, c.qb, c.f0, c.b_bs, c.f0 + c.b_bs, c.bs_date from _g_c c where c.ctype = 'hta' and c.hta_partial
      union all
      select c.idx, i.i, case when i.i = c.pp_n - 1 then c.qty - (c.pp_n - 1) * floor(c.qty / c.pp_n) else floor(c.qty / c.pp_n) end,
        ${futAt('c', `c.contract_date + (i.i + 1) * c.pp_step`, 'c.opt_first')}, c.b0,
        ${futAt('c', `c.contract_date + (i.i + 1) * c.pp_step`, 'c.opt_first')} + c.b0, c.contract_date + (i.i + 1) * c.pp_step
      from _g_c c cross join lateral generate_series(0, c.pp_n - 1) i(i)
      where c.ctype = 'pp' and c.contract_date + (i.i + 1) * c.pp_step <= ${TODAY}
      union all
      select c.idx, 0, c.qty, case when c.mp_final then ${futAt('c', 'c.exit_date', 'c.opt_first')} end, c.b0,
        case when c.mp_final then ${futAt('c', 'c.exit_date', 'c.opt_first')} + c.b0 end,
        case when c.mp_final then c.exit_date else c.contract_date end
      from _g_c c where c.ctype in ('mp', 'mp_plus') and (c.mp_bs or c.mp_final)`);
    // contractPricing(): averages weighted by quantity over the events that fix each part.
    await q(`create temp table _g_evagg as
      select idx,
        coalesce(sum(q) filter (where cash is not null), 0) as priced,
        coalesce(sum(q) filter (where cash is null and f is not null), 0) as fonly,
        coalesce(sum(q) filter (where cash is null and f is null and b is not null), 0) as bonly,
        round(sum(q * f) filter (where f is not null) / nullif(sum(q) filter (where f is not null), 0), 4) as avg_f,
        round(sum(q * b) filter (where b is not null) / nullif(sum(q) filter (where b is not null), 0), 4) as avg_b,
        round(sum(q * cash) filter (where cash is not null) / nullif(sum(q) filter (where cash is not null), 0), 4) as avg_cash,
        max(on_date) as last_priced
      from _g_ev where q > 0 group by idx`);
    await q('create index on _g_evagg (idx)');
  });

  // -----------------------------------------------------------------------------------------------
  // Scale tickets: T in all; a few percent stand alone unapplied, the rest are spread over the
  // contracts with grain to deliver in proportion to their bushels (in loads), at least one each.

  const T_UN = T === 0 ? 0 : Math.min(T, Math.max(1, Math.round(T * 0.025)));
  const T_APP = T - T_UN;
  await step('tickets (staging)', async () => {
    const delivering = await scalar('select count(*) from _g_c where dt > 0');
    if (delivering > T_APP) {
      // Fewer tickets than contracts with deliveries: only the first T_APP of them get grain.
      await q(`update _g_c set dt = 0 where idx in (select idx from _g_c where dt > 0 order by idx offset ${T_APP})`);
    }
    const nd = Math.min(delivering, T_APP);
    const extra = T_APP - nd;
    await q(`create temp table _g_alloc as
      select s.idx, s.n, (sum(s.n) over (order by s.idx) - s.n)::int8 as t0 from (
        select v.idx, (case when v.dt > 0 then 1 + floor(${extra}::numeric * v.cv / nullif(v.total, 0)) - floor(${extra}::numeric * (v.cv - v.v) / nullif(v.total, 0)) else 0 end)::int as n
        from (select u.idx, u.dt, u.v, sum(u.v) over (order by u.idx) as cv, sum(u.v) over () as total
              from (select c.idx, c.dt, case when c.dt > 0 then round(c.dt / c.load, 6) else 0 end as v from _g_c c) u) v
      ) s`);
    await q('create index on _g_alloc (idx)');
    // A contract's last load may be split with the client's next contract of the same crop, year and market.
    await q(`create temp table _g_split as
      select s.idx, s.nidx, s.nds, round(s.nd / s.nn * (0.15 + 0.45 * ${R('s.idx', 151)})::numeric, 2) as share from (
        select c.idx, c.dt, a.n, lead(c.idx) over w as nidx, lead(c.dt) over w as nd, lead(a.n) over w as nn, lead(c.ds) over w as nds
        from _g_c c join _g_alloc a on a.idx = c.idx
        window w as (partition by c.cidx, c.midx, c.crop_id, c.cy order by c.ds, c.idx)
      ) s where s.dt > 0 and s.nd > 0 and ${R('s.idx', 150)} < 0.25`);
    await q('create index on _g_split (idx)');
    await q('create index on _g_split (nidx)');
    const owned = layered(
      `select a.t0 + i.i as tidx, c.idx as owner, c.cidx, c.midx, c.country, c.crop_id, c.cy, i.i as k, a.n,
         c.dt - coalesce(rv.share, 0) as own_total,
         case when i.i = a.n - 1 then sp.share end as share, case when i.i = a.n - 1 then sp.nidx end as next_idx,
         case when i.i = a.n - 1 then sp.nds end as nds, c.ds, least(c.de, ${TODAY}) as de2,
         0.85 + 0.3 * ${R('a.t0 + i.i', 201)} as w
       from _g_c c join _g_alloc a on a.idx = c.idx
       left join _g_split sp on sp.idx = c.idx
       left join _g_split rv on rv.nidx = c.idx
       cross join lateral generate_series(0, a.n - 1) i(i)
       where a.n > 0`,
      [
        { cols: ['round((p.own_total * (p.w / sum(p.w) over (partition by p.owner)))::numeric, 2) as q_raw'] },
        {
          cols: [
            `case when p.k = p.n - 1 then p.own_total - coalesce(sum(p.q_raw) over (partition by p.owner order by p.k rows between unbounded preceding and 1 preceding), 0) else p.q_raw end as qown`,
            `p.ds + least(p.de2 - p.ds, floor(((p.k + ${R('p.tidx', 202)}) / p.n) * (p.de2 - p.ds + 1))::int) as d0`,
          ],
        },
        {
          cols: [
            'case when p.share is not null then greatest(p.d0, p.nds) else p.d0 end as tdate',
            `case when ${R('p.tidx', 203)} < 0.015 then round((50 + 300 * ${R('p.tidx', 204)})::numeric, 2) else 0 end as extra`,
          ],
        },
      ],
    );
    const cyMin = Math.min(...o.cropYears);
    const cyMax = Math.max(...o.cropYears);
    const standalone = `select g.tidx, null::int8 as owner, cl.idx as cidx, cl.midx, cl.country, mc.crop_id,
        greatest(${cyMin}, least(${cyMax}, case when ${TODAY} >= make_date(${year}, cc.harvest, 1) then ${year} else ${year - 1} end)) as cy,
        0::numeric as qown, null::numeric as share, null::int8 as next_idx,
        least(${TODAY}, greatest(make_date(greatest(${cyMin}, least(${cyMax}, case when ${TODAY} >= make_date(${year}, cc.harvest, 1) then ${year} else ${year - 1} end)), cc.harvest, 1),
          ${TODAY} - floor(power(${R('g.tidx', 211)}, 2) * 150)::int)) as tdate,
        round((cc.load * (0.85 + 0.3 * ${R('g.tidx', 212)}))::numeric, 2) as extra
      from generate_series(${T_APP}, ${T - 1}) g(tidx)
      join _g_client cl on cl.idx = floor(${R('g.tidx', 210)} * ${C})::int
      join _g_mcrop mc on mc.midx = cl.midx and mc.slot = floor(${R('g.tidx', 213)} * 100)::int
      join _g_cc cc on cc.crop_id = mc.crop_id and cc.country = cl.country`;
    await q(`create temp table _g_t as
      select tidx, owner, cidx, midx, country, crop_id, cy, qown, share, next_idx, tdate, extra from (${owned}) o
      union all ${standalone}`);
    await q(`create temp table _g_tf as
      select t.*, t.qown + coalesce(t.share, 0) as applied, t.qown + coalesce(t.share, 0) + t.extra as tq,
        row_number() over (order by t.tdate, t.tidx) - 1 as ord,
        round((cc.mlo + (cc.mhi - cc.mlo) * ${R('t.tidx', 220)})::numeric, 1) as moisture,
        round((cc.twlo + (cc.twhi - cc.twlo) * ${R('t.tidx', 221)})::numeric, 1) as test_weight,
        round((0.2 + 2.3 * power(${R('t.tidx', 222)}, 2))::numeric, 1) as fm,
        round((3 * power(${R('t.tidx', 223)}, 3))::numeric, 1) as damage,
        cc.lbpb, cc.mstd, m.id as market_id, m.tz, 7 + 10 * ${R('t.tidx', 224)} as hour
      from _g_t t join _g_cc cc on cc.crop_id = t.crop_id and cc.country = t.country join _g_market m on m.midx = t.midx`);
    await q('create index on _g_tf (ord)');
    await q('create index on _g_tf (tidx)');
    await q(`create temp table _g_ta as
      select t.tidx, t.owner as idx, 0 as seq, t.qown as q, round(100 * t.qown / t.tq, 2) as pct from _g_tf t where t.owner is not null
      union all
      select t.tidx, t.next_idx, 1, t.share, round(100 * (t.qown + t.share) / t.tq, 2) - round(100 * t.qown / t.tq, 2) from _g_tf t where t.share is not null`);
    await q(`create temp table _g_cagg as
      select a.idx, sum(a.q) as delivered, max(t.tdate) as last_ticket from _g_ta a join _g_tf t on t.tidx = a.tidx group by a.idx`);
    await q('create index on _g_cagg (idx)');
  });

  // -----------------------------------------------------------------------------------------------
  // Contracts: the final rows

  const contractBase = await reserve('contracts', N);
  const contractNo = 100001;
  await step('contracts (insert)', async () => {
    const open = '(c.qty - c.cancelled)';
    const priced = 'coalesce(e.priced, 0)';
    const delivered = 'coalesce(g.delivered, 0)';
    await q(`create temp table _g_cf as
      select o.ord, c.*, ${priced} as priced_raw, coalesce(e.fonly, 0) as fonly, coalesce(e.bonly, 0) as bonly, e.avg_f, e.avg_b, e.avg_cash,
        ${delivered} as delivered, g.last_ticket, m.id as market_id, m.tz,
        least(${priced}, ${open}) as priced_q,
        case when ${open} <= 0 then case when ${priced} > 0 then 'priced' else 'unpriced' end
             when ${priced} >= ${open} then 'priced'
             when ${priced} > 0 then 'partially_priced'
             when coalesce(e.fonly, 0) > 0 and coalesce(e.bonly, 0) > 0 then 'partially_priced'
             when coalesce(e.fonly, 0) > 0 then 'futures_set'
             when coalesce(e.bonly, 0) > 0 then 'basis_set'
             else 'unpriced' end as price_status,
        case when ${open} <= 0 then 'cancelled' when ${delivered} >= ${open} and ${priced} >= ${open} then 'completed' else 'open' end as status,
        'C-' || (${contractNo} + o.ord) as display,
        case when ${open} > 0 and ${priced} < ${open} and c.offer_draw < 0.3 then round(c.f0 * (1.03 + 0.07 * c.offer_draw)::numeric + c.b0, 2) end as offer,
        greatest(c.contract_date, case when c.cancelled > 0 then c.cancel_date end, case when c.bs then c.bs_date end, case when c.roll then c.roll_date end, e.last_priced) as updated_on
      from _g_c c join _g_cord o on o.idx = c.idx join _g_market m on m.midx = c.midx
      left join _g_evagg e on e.idx = c.idx left join _g_cagg g on g.idx = c.idx`);
    // terms_hash: SHA-256 of the terms' canonical JSON (sorted keys, decimals without trailing zeros), as
    // the server computes it; a mismatched signature holds the hash of the terms before the last amendment.
    const terms = termsTextSql('f');
    await q(`create temp table _g_cfh as
      select f.ord, encode(sha256(convert_to(${terms}, 'UTF8')), 'hex') as terms_hash,
        case when f.client_esign and f.signed then encode(sha256(convert_to(case when f.mismatch then 'before amendment ' || f.version || ': ' else '' end || ${terms}, 'UTF8')), 'hex') end as signed_hash
      from _g_cf f`);
    await q('create index on _g_cfh (ord)');
    await q('create index on _g_cf (ord)');
    await insertBatched(
      'contracts',
      `id, partner_id, market_id, client_id, display_contract_id, contract_type, direction, crop_id, crop_year, status, quantity, quantity_unit,
       delivered_quantity, cancelled_quantity, priced_quantity, delivery_start, delivery_end, option_month, futures_price, basis, cash_price,
       price_status, offer_price, strike, call_option_fee, expiration, description, specialty, mp_option, esign_eligible, esign_sent, signed,
       signed_terms_hash, terms_hash, contract_date, last_ticket_date, version, created_at, updated_at`,
      `${contractBase} + s.ord, ${partner}, s.market_id, ${clientBase} + s.cidx, s.display, s.ctype, s.direction, s.crop_id, s.cy, s.status,
       s.qty, 'bushels', s.delivered, s.cancelled, s.priced_q, s.ds, s.de, s.option_month, s.avg_f, s.avg_b, s.avg_cash, s.price_status,
       s.offer, s.strike, s.fee, s.expiration, s.description, s.specialty, s.mp_option, s.client_esign, s.esign_sent, s.signed, s.signed_hash,
       s.terms_hash, s.contract_date, s.last_ticket, s.version, ${at('s.contract_date', 's.hour', 's.tz')}, ${at('s.updated_on', 's.hour', 's.tz')}`,
      '(select f.*, h.terms_hash, h.signed_hash from _g_cf f join _g_cfh h on h.ord = f.ord)',
      N,
    );
  });

  await step('pricing events (insert)', async () => {
    const n = await scalar('select count(*) from _g_ev');
    const base = await reserve('pricing_events', n);
    await q(`create temp table _g_evf as
      select row_number() over (order by o.ord, e.seq) - 1 as ord, o.ord as cord, e.*, m.tz
      from _g_ev e join _g_cord o on o.idx = e.idx join _g_c c on c.idx = e.idx join _g_market m on m.midx = c.midx`);
    await q('create index on _g_evf (ord)');
    await insertBatched(
      'pricing_events',
      'id, contract_id, quantity, futures_price, basis, cash_price, priced_at',
      `${base} + s.ord, ${contractBase} + s.cord, s.q, s.f, s.b, s.cash, ${at('s.on_date', `8 + 6 * ${R('s.ord', 160)}`, 's.tz')}`,
      '_g_evf',
      n,
    );
    await q('drop table _g_evf');
  });

  await step('amendments and documents (insert)', async () => {
    const reasons = [
      'Farmer request',
      'Short crop (hail)',
      'Entered twice',
      'Bought back at the market',
      'Drought: short crop',
    ];
    // Numbered as the product numbers them (decisions 040/041): '<contract number>-A<n>', n counting the contract's own.
    await q(`create temp table _g_am as
      select x.*, row_number() over (order by x.on_date, x.cord, x.k) - 1 as ord,
        x.display || '-A' || row_number() over (partition by x.cord order by x.on_date, x.k) as am_display from (
        select f.idx, f.ord as cord, f.display, f.tz, 1 as k, case when f.cancelled >= f.qty then 'cancel' else 'partial_cancel' end as action,
          jsonb_build_object('cancelledQuantity', f.cancelled::text, 'remainingQuantity', (f.qty - f.cancelled)::text,
            'reason', (${textArray(reasons)})[1 + floor(${R('f.idx', 170)} * ${reasons.length})::int]) as details, f.cancel_date as on_date
        from _g_cf f where f.cancelled > 0
        union all
        select f.idx, f.ord, f.display, f.tz, 2, 'basis_set', jsonb_build_object('quantity', (case when f.hta_partial then f.qb else f.qty end)::text,
          'futuresPrice', f.f0::text, 'basis', f.b_bs::text, 'cashPrice', (f.f0 + f.b_bs)::text), f.bs_date
        from _g_cf f where f.bs
        union all
        select f.idx, f.ord, f.display, f.tz, 0, 'futures_roll', jsonb_build_object('fromOptionMonth', to_char(f.prev_opt_first, 'YYYY-MM'),
          'toOptionMonth', f.option_month, 'spread', (-f.roll_spread)::text), f.roll_date
        from _g_cf f where f.roll
      ) x`);
    await q('create index on _g_am (ord)');
    const n = await scalar('select count(*) from _g_am');
    const base = await reserve('contract_amendments', n);
    await insertBatched(
      'contract_amendments',
      'id, contract_id, display_contract_amendment_id, action, details, created_by, created_at',
      `${base} + s.ord, ${contractBase} + s.cord, s.am_display, s.action, s.details, ${pickBuyer('s.ord', 171)},
       ${at('s.on_date', `8 + 9 * ${R('s.ord', 172)}`, 's.tz')}`,
      '_g_am',
      n,
    );
    await q(`create temp table _g_doc as
      select row_number() over (order by f.ord) - 1 as ord, f.ord as cord, f.idx, f.display, f.signed, f.esign_sent, f.version, f.contact_user,
        f.contract_date, f.tz, f.hour
      from _g_cf f where f.client_esign and f.status <> 'cancelled'`);
    await q('create index on _g_doc (ord)');
    const nd = await scalar('select count(*) from _g_doc');
    const dbase = await reserve('contract_documents', nd);
    await insertBatched(
      'contract_documents',
      'id, contract_id, kind, file_name, status, sha256, signed_by, signed_at, signed_ip, created_at',
      `${dbase} + s.ord, ${contractBase} + s.cord, 'contract', s.display || '.pdf',
       case when s.signed then 'signed' when s.esign_sent then 'sent' else 'draft' end,
       encode(sha256(convert_to('granary-contract:' || s.display || ':v' || s.version, 'UTF8')), 'hex'),
       case when s.signed then s.contact_user end,
       case when s.signed then ${at(`least(${TODAY}, s.contract_date + 1 + floor(${R('s.idx', 180)} * 6)::int)`, `7 + 14 * ${R('s.idx', 181)}`, 's.tz')} end,
       case when s.signed then '203.0.113.' || (1 + floor(${R('s.idx', 182)} * 250)::int) end,
       ${at('s.contract_date', 's.hour', 's.tz')}`,
      '_g_doc',
      nd,
    );
  });

  // -----------------------------------------------------------------------------------------------
  // Scale tickets and their applications

  const ticketBase = await reserve('scale_tickets', T);
  await step('scale tickets (insert)', async () => {
    await insertBatched(
      'scale_tickets',
      `id, partner_id, market_id, client_id, display_scale_ticket_id, crop_id, crop_year, delivery_date, quantity, weight, applied_quantity,
       unapplied_quantity, moisture, test_weight, foreign_material, damage, created_at`,
      `${ticketBase} + s.ord, ${partner}, s.market_id, ${clientBase} + s.cidx, 'T-' || (500001 + s.ord), s.crop_id, s.cy, s.tdate, s.tq,
       round(s.tq * s.lbpb / (1 - greatest(0, s.moisture - s.mstd::numeric) * 0.014), 2), s.applied, s.extra, s.moisture, s.test_weight, s.fm,
       s.damage, ${at('s.tdate', 's.hour', 's.tz')}`,
      '_g_tf',
      T,
    );
    const n = await scalar('select count(*) from _g_ta');
    const base = await reserve('ticket_applications', n);
    await q(`create temp table _g_taf as
      select row_number() over (order by t.ord, a.seq) - 1 as ord, t.ord as tord, o.ord as cord, a.q, a.pct, t.tdate, t.tz, t.hour
      from _g_ta a join _g_tf t on t.tidx = a.tidx join _g_cord o on o.idx = a.idx`);
    await q('create index on _g_taf (ord)');
    await insertBatched(
      'ticket_applications',
      'id, scale_ticket_id, contract_id, quantity, split_pct, applied_at',
      `${base} + s.ord, ${ticketBase} + s.tord, ${contractBase} + s.cord, s.q, s.pct, ${at('s.tdate', 's.hour + 0.5', 's.tz')}`,
      '_g_taf',
      n,
    );
  });

  // -----------------------------------------------------------------------------------------------
  // Notes and follow-ups

  await step('notes and follow-ups (insert)', async () => {
    const templateCount = (cat: string) =>
      `case ${cat} ${NOTE_CATEGORIES.map((c) => `when ${str(c)} then ${(NOTE_TEMPLATES[c] ?? []).length}`).join(' ')} end`;
    const catExpr = (r: string) =>
      `case when ${r} < 0.32 then 'outbound_call' when ${r} < 0.60 then 'inbound_call' when ${r} < 0.72 then 'farm_visit'
            when ${r} < 0.82 then 'office_visit' when ${r} < 0.90 then 'meeting' else 'other' end`;
    const args = (key: string, dateExpr: string) =>
      `lower(cc.display), to_char(cc.unit * (2 + floor(${R(key, 301)} * 20)), 'FM999,999,990'),
       to_char(make_date(2000, 1 + floor(${R(key, 302)} * 12)::int, 1), 'FMMonth'),
       to_char(${futAt('cc', dateExpr, `${dateExpr} + 60`)} + round(((cc.bmin + cc.bmax) / 2)::numeric, 2), 'FM990.00'),
       (cc.ylo + (cc.yhi - cc.ylo) * ${R(key, 303)})::int::text, cc.display`;
    await q(`create temp table _g_note as
      select x.*, row_number() over (order by x.note_date, x.nidx) - 1 as ord from (
        select y.*, format(t.tpl, ${args('y.nidx', 'y.note_date')}) as text
        from (
          select cl.note0 + k.k as nidx, cl.idx as cidx, cl.nnotes, k.k,
            case when cl.midx2 is not null and ${R('cl.note0 + k.k', 310)} < 0.2 then cl.midx2 else cl.midx end as midx, cl.country,
            ${catExpr(R('cl.note0 + k.k', 311))} as cat,
            ${TODAY} - floor(power(${R('cl.note0 + k.k', 312)}, 1.3) * 540)::int as note_date
          from _g_client cl cross join lateral generate_series(0, cl.nnotes - 1) k(k)
          offset 0
        ) y
        join _g_mcrop mc on mc.midx = y.midx and mc.slot = floor(${R('y.nidx', 313)} * 100)::int
        join _g_cc cc on cc.crop_id = mc.crop_id and cc.country = y.country
        join _g_tpl t on t.cat = y.cat and t.slot = floor(${R('y.nidx', 314)} * ${templateCount('y.cat')})::int
      ) x`);
    await q('create index on _g_note (ord)');
    await q('create index on _g_note (nidx)');
    const nn = await scalar('select count(*) from _g_note');
    const nbase = await reserve('notes', nn);
    await insertBatched(
      'notes',
      'id, partner_id, market_id, client_id, author_user_id, category, note, note_date, version, deleted_at, created_at, updated_at',
      `${nbase} + s.ord, ${partner}, s.market_id, ${clientBase} + s.cidx, ${pickBuyer('s.nidx', 315)}, s.cat, s.text, s.note_date, 1,
       case when ${R('s.nidx', 316)} < 0.01 then ${at('s.note_date + 1', '9', 's.tz')} end,
       ${at('s.note_date', `7 + 10 * ${R('s.nidx', 317)}`, 's.tz')}, ${at('s.note_date', `7 + 10 * ${R('s.nidx', 317)}`, 's.tz')}`,
      '(select n.*, m.id as market_id, m.tz from _g_note n join _g_market m on m.midx = n.midx)',
      nn,
    );
    // Follow-ups: upcoming, overdue under and over 90 days, and done.
    await q(`create temp table _g_fu as
      select x.*, row_number() over (order by x.due, x.fidx) - 1 as ord from (
        select y.*, format(t.tpl, ${args('y.fidx', 'y.due')}) as text, n.ord as note_ord
        from (
          select z.*, case when z.bucket = 'upcoming' then ${TODAY} + floor(${R('z.fidx', 321)} * 45)::int
                           when z.bucket = 'under' then ${TODAY} - 1 - floor(${R('z.fidx', 321)} * 89)::int
                           when z.bucket = 'over' then ${TODAY} - 90 - floor(${R('z.fidx', 321)} * 300)::int
                           else ${TODAY} - 1 - floor(${R('z.fidx', 321)} * 200)::int end as due
          from (
            select cl.follow0 + k.k as fidx, cl.idx as cidx, cl.midx, cl.country, cl.note0, cl.nnotes,
              case when ${R('cl.follow0 + k.k', 320)} < 0.40 then 'upcoming' when ${R('cl.follow0 + k.k', 320)} < 0.70 then 'under'
                   when ${R('cl.follow0 + k.k', 320)} < 0.85 then 'over' else 'done' end as bucket
            from _g_client cl cross join lateral generate_series(0, cl.nfollow - 1) k(k)
            offset 0
          ) z offset 0
        ) y
        join _g_mcrop mc on mc.midx = y.midx and mc.slot = floor(${R('y.fidx', 322)} * 100)::int
        join _g_cc cc on cc.crop_id = mc.crop_id and cc.country = y.country
        join _g_tpl t on t.cat = 'followup' and t.slot = floor(${R('y.fidx', 323)} * ${FOLLOWUP_TEMPLATES.length})::int
        left join _g_note n on y.nnotes > 0 and ${R('y.fidx', 324)} < 0.5 and n.nidx = y.note0 + y.nnotes - 1
      ) x`);
    await q('create index on _g_fu (ord)');
    const nf = await scalar('select count(*) from _g_fu');
    const fbase = await reserve('followups', nf);
    await insertBatched(
      'followups',
      'id, partner_id, market_id, client_id, assigned_user_id, note_id, due_date, description, done_at, created_at',
      `${fbase} + s.ord, ${partner}, s.market_id, ${clientBase} + s.cidx, ${pickBuyer('s.fidx', 325)},
       case when s.note_ord is not null then ${nbase} + s.note_ord end, s.due, s.text,
       case when s.bucket = 'done' then ${at(`least(${TODAY}, s.due + floor(${R('s.fidx', 326)} * 5)::int)`, '10', 's.tz')} end,
       ${at(`least(${TODAY}, s.due - 3 - floor(${R('s.fidx', 327)} * 25)::int)`, '9', 's.tz')}`,
      '(select f.*, m.id as market_id, m.tz from _g_fu f join _g_market m on m.midx = f.midx)',
      nf,
    );
  });

  await step('finish', dropStaging);
  if (rebuild.length) {
    await step('rebuild indexes and foreign keys', async () => {
      await q(`set local maintenance_work_mem = '256MB'`);
      for (const statement of rebuild) await q(statement);
    });
  }
  if (o.analyze ?? true)
    await step('analyze', async () => void (await q(`analyze ${WRITTEN_TABLES.join(', ')}, crops`)));
  return { partnerId: o.partnerId, marketIds, counts };
}
