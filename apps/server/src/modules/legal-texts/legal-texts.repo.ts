import { and, eq, sql } from 'drizzle-orm';
import { legalTexts } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';

export type LegalTextRow = { document: string; body: string; updatedAt: Date };

/** The partner's published texts (any order). */
export async function legalTextsOf(db: Db, partnerId: string): Promise<LegalTextRow[]> {
  return db
    .select({ document: legalTexts.document, body: legalTexts.body, updatedAt: legalTexts.updatedAt })
    .from(legalTexts)
    .where(eq(legalTexts.partnerId, partnerId));
}

/** One published text, or null. */
export async function legalTextOf(db: Db, partnerId: string, document: string): Promise<LegalTextRow | null> {
  const [row] = await db
    .select({ document: legalTexts.document, body: legalTexts.body, updatedAt: legalTexts.updatedAt })
    .from(legalTexts)
    .where(and(eq(legalTexts.partnerId, partnerId), eq(legalTexts.document, document)));
  return row ?? null;
}

/** Publishes or replaces a text; returns it as stored. */
export async function saveLegalText(
  db: Db,
  input: { partnerId: string; document: string; body: string; userId: string },
): Promise<LegalTextRow> {
  const [row] = await db
    .insert(legalTexts)
    .values({ partnerId: input.partnerId, document: input.document, body: input.body, updatedBy: input.userId })
    .onConflictDoUpdate({
      target: [legalTexts.partnerId, legalTexts.document],
      set: { body: input.body, updatedBy: input.userId, updatedAt: sql`now()` },
    })
    .returning({ document: legalTexts.document, body: legalTexts.body, updatedAt: legalTexts.updatedAt });
  if (!row) throw new Error('legal text upsert returned nothing');
  return row;
}
