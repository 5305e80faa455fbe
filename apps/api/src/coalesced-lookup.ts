import { type Db, sqlPool } from '@enrich/db';
import { coalesce, memo } from './coalesce';

/**
 * A lookup of one row per input, for the reads clients repeat most (the poll, the company
 * lookup, the event streams' reads): the lookups made in one turn of the event loop run as ONE
 * named statement on the driver (see sqlPool), whose `values` list every input's keys as
 * arrays for `unnest(...) WITH ORDINALITY AS asked(..., n)`; each row carries its `n` (1-based
 * position in the batch), and an input without a row gets null. Each input's rows are read by
 * a probe of their own, not a join of the unnest() with the table (see sqlPool).
 */
export function coalescedLookup<I, R extends object>(
  name: string,
  text: string,
  values: (inputs: I[]) => unknown[],
): (db: Db, input: I) => Promise<R | null> {
  const perDb = new WeakMap<Db, (input: I) => Promise<R | null>>();
  const lookupOn = (db: Db) =>
    coalesce<I, R | null>(async (batch) => {
      const { rows } = await sqlPool(db).query<R & { n: string }>({ name, text, values: values(batch.map((call) => call.input)) });
      const found = new Map<number, R>();
      for (const { n, ...row } of rows) found.set(Number(n) - 1, row as unknown as R);
      batch.forEach((call, i) => {
        call.resolve(found.get(i) ?? null);
      });
    });
  return (db, input) => memo(perDb, db, () => lookupOn(db))(input);
}
