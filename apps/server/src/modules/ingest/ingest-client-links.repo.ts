// The links of ingested clients (docs/decisions/046): their markets and contacts, written set-based per batch like
// the records themselves.

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { col, pick, type ClientStage } from './ingest-write.repo.ts';

/**
 * The clients' markets and contacts from the file (added). A contact with the ERP's contact id is the one of that id
 * (renamed if the ERP renamed it), else the client's contact of the same name without an id (which takes the id),
 * else a new one; a contact without an id is matched by name (decision 046).
 */
export async function upsertClientLinks(db: Db, rows: readonly { id: number; stage: ClientStage }[]): Promise<void> {
  const markets = rows.filter((r) => r.stage.marketId !== null);
  if (markets.length > 0)
    await db.execute(sql`insert into client_markets (client_id, market_id)
      select * from unnest(${col(pick(markets, 'id'), 'bigint')}, ${col(
        markets.map((r) => r.stage.marketId),
        'int',
      )})
      on conflict do nothing`);
  const contacts = rows.flatMap((r) => (r.stage.contact ? [{ id: r.id, ...r.stage.contact }] : []));
  const byName = contacts.filter((c) => c.extId === null);
  const byExt = contacts.filter((c) => c.extId !== null);
  if (byName.length > 0) {
    const arrays = sql`${col(pick(byName, 'id'), 'bigint')}, ${col(pick(byName, 'name'), 'text')},
      ${col(pick(byName, 'phoneNumber'), 'text')}, ${col(pick(byName, 'emailAddress'), 'text')}`;
    await db.execute(sql`update client_contacts c set phone_number = s.phone, email_address = s.email
      from unnest(${arrays}) as s(client_id, name, phone, email)
      where c.client_id = s.client_id and lower(c.name) = lower(s.name)
        and (c.phone_number, c.email_address) is distinct from (s.phone, s.email)`);
    await db.execute(sql`insert into client_contacts (client_id, name, phone_number, email_address)
      select s.client_id, s.name, s.phone, s.email from unnest(${arrays}) as s(client_id, name, phone, email)
      where not exists (select 1 from client_contacts c where c.client_id = s.client_id and lower(c.name) = lower(s.name))`);
  }
  if (byExt.length > 0) await upsertContactsByExt(db, byExt);
}

async function upsertContactsByExt(
  db: Db,
  contacts: readonly {
    id: number;
    extId: string | null;
    name: string;
    phoneNumber: string | null;
    emailAddress: string | null;
  }[],
): Promise<void> {
  const arrays = sql`${col(pick(contacts, 'id'), 'bigint')}, ${col(pick(contacts, 'extId'), 'text')},
    ${col(pick(contacts, 'name'), 'text')}, ${col(pick(contacts, 'phoneNumber'), 'text')},
    ${col(pick(contacts, 'emailAddress'), 'text')}`;
  const s = sql`unnest(${arrays}) as s(client_id, ext, name, phone, email)`;
  await db.execute(sql`update client_contacts c set name = s.name, phone_number = s.phone, email_address = s.email
    from ${s}
    where c.client_id = s.client_id and c.ext_contact_id = s.ext
      and (c.name, c.phone_number, c.email_address) is distinct from (s.name, s.phone, s.email)`);
  await db.execute(sql`update client_contacts c set ext_contact_id = s.ext, phone_number = s.phone, email_address = s.email
    from ${s}
    where c.id = (select min(x.id) from client_contacts x
        where x.client_id = s.client_id and x.ext_contact_id is null and lower(x.name) = lower(s.name))
      and not exists (select 1 from client_contacts y where y.client_id = s.client_id and y.ext_contact_id = s.ext)`);
  await db.execute(sql`insert into client_contacts (client_id, ext_contact_id, name, phone_number, email_address)
    select s.client_id, s.ext, s.name, s.phone, s.email from ${s}
    where not exists (select 1 from client_contacts c where c.client_id = s.client_id and c.ext_contact_id = s.ext)`);
}
