// `Db` is the database and any of its transactions, whichever driver is behind it (docs/decisions/030): the
// compiler checks it here, so no repo or service needs to cast a transaction (or a driver's database) to `Db`.
import { describe, expectTypeOf, it } from 'vitest';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db, Schema } from './db.ts';

type TransactionOf<D extends { transaction: (fn: never) => unknown }> = Parameters<Parameters<D['transaction']>[0]>[0];

describe('Db', () => {
  it('is what both drivers give, and what their transactions are', () => {
    expectTypeOf<NodePgDatabase<Schema>>().toExtend<Db>();
    expectTypeOf<PgliteDatabase<Schema>>().toExtend<Db>();
    expectTypeOf<TransactionOf<Db>>().toExtend<Db>();
    expectTypeOf<TransactionOf<NodePgDatabase<Schema>>>().toExtend<Db>();
    expectTypeOf<TransactionOf<PgliteDatabase<Schema>>>().toExtend<Db>();
  });
});
