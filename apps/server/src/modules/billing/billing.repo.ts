// A farm business's billing (issue 17, decision 056): its saved payment methods and setup intents, what it paid (its
// store orders) and what it was paid (the grain book's payments to its client legal entities). Every query is scoped
// by the enterprise id the service checked.

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PayoutChargeType } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { billingPaymentMethods, billingSetupIntents } from '../../db/schema/index.ts';

export type BillingEnterprise = { id: number; publicId: string; name: string };
export type PaymentMethodRow = typeof billingPaymentMethods.$inferSelect;

// Payment methods ---------------------------------------------------------------------------------------------------

export async function paymentMethodsOf(db: Db, enterpriseId: number, kind: 'card' | 'bank_account') {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(
        eq(billingPaymentMethods.enterpriseId, enterpriseId),
        eq(billingPaymentMethods.kind, kind),
        isNull(billingPaymentMethods.removedAt),
      ),
    )
    .orderBy(asc(billingPaymentMethods.id));
}

/** One live method of the enterprise and kind, locked for the change (null: unknown here, so 404). */
export async function lockPaymentMethod(
  db: Db,
  enterpriseId: number,
  kind: 'card' | 'bank_account',
  id: number,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(
        eq(billingPaymentMethods.id, id),
        eq(billingPaymentMethods.enterpriseId, enterpriseId),
        eq(billingPaymentMethods.kind, kind),
        isNull(billingPaymentMethods.removedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Whether the enterprise has a default method now (its first verified method becomes the default). */
export async function hasDefault(db: Db, enterpriseId: number): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from billing_payment_methods
      where enterprise_id = ${enterpriseId} and is_default and removed_at is null`),
  );
  return (rows[0]?.n ?? 0) > 0;
}

export async function insertPaymentMethod(
  db: Db,
  values: typeof billingPaymentMethods.$inferInsert,
): Promise<PaymentMethodRow> {
  const [row] = await db.insert(billingPaymentMethods).values(values).returning();
  return row!;
}

export async function updatePaymentMethod(
  db: Db,
  id: number,
  values: Partial<typeof billingPaymentMethods.$inferInsert>,
): Promise<PaymentMethodRow> {
  const [row] = await db.update(billingPaymentMethods).set(values).where(eq(billingPaymentMethods.id, id)).returning();
  return row!;
}

/** Makes `id` the enterprise's one default (the old default first, so the unique index never sees two). */
export async function setDefault(db: Db, enterpriseId: number, id: number): Promise<void> {
  await db.execute(sql`update billing_payment_methods set is_default = false
    where enterprise_id = ${enterpriseId} and is_default and id <> ${id}`);
  await db.execute(sql`update billing_payment_methods set is_default = true where id = ${id}`);
}

/** After the default is removed: the oldest verified method left becomes the default, if any. */
export async function promoteNextDefault(db: Db, enterpriseId: number): Promise<void> {
  await db.execute(sql`update billing_payment_methods set is_default = true where id = (
    select id from billing_payment_methods where enterprise_id = ${enterpriseId} and removed_at is null
      and status = 'verified' order by id limit 1)`);
}

export async function insertSetupIntent(db: Db, values: typeof billingSetupIntents.$inferInsert): Promise<void> {
  await db.insert(billingSetupIntents).values(values);
}

export async function lockSetupIntent(db: Db, enterpriseId: number, id: string) {
  const [row] = await db
    .select()
    .from(billingSetupIntents)
    .where(and(eq(billingSetupIntents.id, id), eq(billingSetupIntents.enterpriseId, enterpriseId)))
    .for('update');
  return row ?? null;
}

export async function completeSetupIntent(db: Db, id: string, paymentMethodId: number): Promise<void> {
  await db
    .update(billingSetupIntents)
    .set({ status: 'succeeded', paymentMethodId })
    .where(eq(billingSetupIntents.id, id));
}

// What the enterprise paid: its store orders ---------------------------------------------------------------------

export type OrderPaymentRow = {
  id: string;
  order_number: string;
  placed_at: Date;
  total: string;
  currency: string;
  payment_terms: string;
  payment_status: string;
  status: string;
  payment_reference: string | null;
  promo_code: string | null;
  discounts: { name: string; amount: string }[];
};

const orderFields = sql`id::text as id, order_number, placed_at, total::text as total, currency, payment_terms,
  payment_status, status, payment_reference, promo_code, discounts`;

export async function orderPage(db: Db, enterpriseId: number, limit: number, offset: number) {
  const rows = rowsOf<OrderPaymentRow>(
    await db.execute(sql`select ${orderFields} from store_orders where enterprise_id = ${enterpriseId}
      order by placed_at desc, id desc limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from store_orders where enterprise_id = ${enterpriseId}`),
  );
  return { rows, total: count?.n ?? 0 };
}

/** Orders the card provider took part in (an authorisation reference), newest first: a page and the total. */
export async function cardCharges(db: Db, enterpriseId: number, limit: number, offset: number) {
  const where = sql`where enterprise_id = ${enterpriseId} and payment_reference is not null`;
  const rows = rowsOf<OrderPaymentRow>(
    await db.execute(sql`select ${orderFields} from store_orders ${where}
      order by placed_at desc, id desc limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from store_orders ${where}`));
  return { rows, total: count?.n ?? 0 };
}

/** Canceled orders that had been charged or authorised (their amount goes back to the payer): a page and the total. */
export async function refundedOrders(db: Db, enterpriseId: number, limit: number, offset: number) {
  const where = sql`where enterprise_id = ${enterpriseId} and status = 'canceled'
    and payment_status in ('authorized', 'paid')`;
  const rows = rowsOf<OrderPaymentRow & { updated_at: Date }>(
    await db.execute(sql`select ${orderFields}, updated_at from store_orders ${where}
      order by updated_at desc, id desc limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from store_orders ${where}`));
  return { rows, total: count?.n ?? 0 };
}

/** Orders placed with a promo code, with the promotion's name when it still exists, newest first: a page and the total. */
export async function ordersWithCodes(db: Db, enterpriseId: number, limit: number, offset: number) {
  const where = sql`where enterprise_id = ${enterpriseId} and promo_code is not null`;
  const rows = rowsOf<OrderPaymentRow & { promotion_name: string | null }>(
    await db.execute(sql`select ${orderFields}, (select p.name from store_promotions p
        where upper(p.code) = upper(o.promo_code) limit 1) as promotion_name
      from store_orders o ${where}
      order by placed_at desc, id desc limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from store_orders ${where}`));
  return { rows, total: count?.n ?? 0 };
}

/** The store's offers that apply by themselves (no code), active now, for the enterprise's country. */
export async function automaticOffers(db: Db, now: Date) {
  return rowsOf<{
    name: string;
    kind: string;
    value: string;
    currency: string | null;
    min_subtotal: string;
    first_purchase_only: boolean;
    ends_at: Date | null;
  }>(
    await db.execute(sql`select name, kind, value::text as value, currency, min_subtotal::text as min_subtotal,
        first_purchase_only, ends_at
      from store_promotions where code is null and active
        and (starts_at is null or starts_at <= ${now}) and (ends_at is null or ends_at > ${now})
      order by id`),
  );
}

// What the enterprise was paid: the grain book's payments -------------------------------------------------------

export type PayoutDbRow = {
  id: number;
  provider_reference: string;
  amount: string;
  country_code: string;
  status: 'sent' | 'settled' | 'returned';
  sent_at: Date;
  settles_on: string | null;
  settled_at: Date | null;
  payee: string;
  market: string;
  settlements: string[] | null;
};

/**
 * The ACH payments to the enterprise's client legal entities (decision 045's payments table): EFT for markets in
 * Canada, manual ACH for the rest (decision 056). Checks are not payouts of either type.
 */
function payoutWhere(enterpriseId: number, type: PayoutChargeType) {
  const country = type === 'eft' ? sql`m.country_code = 'CAN'` : sql`m.country_code <> 'CAN'`;
  return sql`from payments p
    join payment_requests r on r.id = p.request_id
    join legal_entities le on le.id = r.client_id
    join markets m on m.id = r.market_id
    where le.enterprise_id = ${enterpriseId} and le.kind = 'client' and p.method = 'ach' and ${country}`;
}

export async function payoutPage(db: Db, enterpriseId: number, type: PayoutChargeType, limit: number, offset: number) {
  const rows = rowsOf<PayoutDbRow>(
    await db.execute(sql`select p.id::int as id, p.provider_reference, p.amount::text as amount, m.country_code,
        p.status, p.sent_at, p.settles_on::text as settles_on, p.settled_at, le.name as payee,
        coalesce(m.display_name, m.slug) as market,
        (select array_agg(s.display_settlement_id order by s.id) from payment_request_settlements prs
          join settlements s on s.id = prs.settlement_id where prs.request_id = r.id) as settlements
      ${payoutWhere(enterpriseId, type)}
      order by p.sent_at desc, p.id desc limit ${limit} offset ${offset}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n ${payoutWhere(enterpriseId, type)}`),
  );
  return { rows, total: count?.n ?? 0 };
}
