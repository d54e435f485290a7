// The partner's SCS pricing parameters row (scs_parameter_sets): read, locked for a save, written with its version.

import { and, eq } from 'drizzle-orm';
import type { PricingParameters } from '@granary/scs-engine';
import { scsParameterSets } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';

export type ParameterSetRow = { parameters: PricingParameters; version: number; updatedAt: Date };

/** The partner's saved parameters, or null while the seeded defaults apply. */
export async function parameterSetOf(db: Db, partnerId: string): Promise<ParameterSetRow | null> {
  const [row] = await db
    .select({
      parameters: scsParameterSets.parameters,
      version: scsParameterSets.version,
      updatedAt: scsParameterSets.updatedAt,
    })
    .from(scsParameterSets)
    .where(eq(scsParameterSets.partnerId, partnerId));
  return row ?? null;
}

/** The row locked for a save (FOR UPDATE), or null when there is none yet. */
export async function lockParameterSet(db: Db, partnerId: string): Promise<ParameterSetRow | null> {
  const [row] = await db
    .select({
      parameters: scsParameterSets.parameters,
      version: scsParameterSets.version,
      updatedAt: scsParameterSets.updatedAt,
    })
    .from(scsParameterSets)
    .where(eq(scsParameterSets.partnerId, partnerId))
    .for('update');
  return row ?? null;
}

/**
 * Writes the parameters as version `current + 1` (the first save inserts version 1). Null when another save won the
 * race (the row appeared, or its version moved): the caller answers 412.
 */
export async function saveParameterSet(
  db: Db,
  partnerId: string,
  parameters: PricingParameters,
  current: number,
  userId: string,
): Promise<ParameterSetRow | null> {
  const now = new Date();
  const returning = {
    parameters: scsParameterSets.parameters,
    version: scsParameterSets.version,
    updatedAt: scsParameterSets.updatedAt,
  };
  if (current === 0) {
    const [row] = await db
      .insert(scsParameterSets)
      .values({ partnerId, parameters, version: 1, updatedBy: userId, updatedAt: now })
      .onConflictDoNothing()
      .returning(returning);
    return row ?? null;
  }
  const [row] = await db
    .update(scsParameterSets)
    .set({ parameters, version: current + 1, updatedBy: userId, updatedAt: now })
    .where(and(eq(scsParameterSets.partnerId, partnerId), eq(scsParameterSets.version, current)))
    .returning(returning);
  return row ?? null;
}
