import { date, doublePrecision, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { structures } from './structures.ts';

// The live structures' risk for the position manager (issue 18 'Live as futures move'; docs/decisions/062 'Positions',
// addendum 'Stored risk'): each live structure's delta and gamma, computed in the background by the
// 'structures.risk-refresh' job (the engine's calcTheos at the market of the time), read by the position call, which
// moves the delta with futures by the gamma (delta(F) ≈ delta + gamma × (F − futures)). A row is stale when the
// structure's version (its state) or the partner's parameters moved on, its valuation day is past, or futures moved
// more than the refresh threshold from `futures`; the job recomputes only those.

export const structureRisk = pgTable(
  'structure_risk',
  {
    structureId: integer('structure_id')
      .primaryKey()
      .references(() => structures.id, { onDelete: 'cascade' }),
    /** The structure's version valued (its state: every observation and booking write moves it). */
    version: integer('version').notNull(),
    /** The state's observedThrough at the valuation (for the reader; the version already decides). */
    observedThrough: date('observed_through'),
    /** The partner's scs_parameter_sets version valued with (0: the engine's defaults). */
    parametersVersion: integer('parameters_version').notNull(),
    /** The exchange day of the valuation. */
    valuationDate: date('valuation_date').notNull(),
    /** F0: the futures of the structure's month the delta and gamma were computed at; null when it had no quote. */
    futures: numeric('futures', { precision: 12, scale: 4 }),
    /** Bushels of futures (+ long for the merchandiser); null when the structure could not be valued (`error`). */
    delta: doublePrecision('delta'),
    /** Bushels of delta per $1 of futures. */
    gamma: doublePrecision('gamma'),
    vol: doublePrecision('vol'),
    paths: integer('paths').notNull(),
    /** Why the structure could not be valued (no quote, no vol, terms the engine refuses); null when valued. */
    error: text('error'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('structure_risk_computed_idx').on(t.computedAt)],
);
