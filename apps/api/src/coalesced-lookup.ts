import { type Db, type PreparedQuery, typedSql } from '@enrich/db';
import DataLoader from 'dataloader';

/** Lookups made together, answered by one batch: `load(input)` for one, `loadMany` for several. */
export type Lookup<I, R> = DataLoader<I, R>;

/**
 * The calls made within one turn of the event loop, run as one batch (`run` answers every
 * input, in order; an Error rejects its own input alone): the lookups below, the rate-limit
 * counters' reads, single submissions (admission/admit.ts). Under load many requests arrive in
 * the same turn, and one statement or one Redis call for all of them costs far less than one
 * each. The batch waits for the end of its turn (setImmediate), not DataLoader's default of the
 * end of the current job: each request is read in an I/O callback of its own, and those would
 * each be a batch of one. Nothing is reused: every load asks again (`cache: false`), so a
 * lookup never answers from the past.
 */
export function batchedPerTurn<I, R>(run: (inputs: readonly I[]) => Promise<ArrayLike<R | Error>>): Lookup<I, R> {
  return new DataLoader<I, R>(run, { cache: false, batchScheduleFn: (flush) => setImmediate(flush) });
}

/**
 * A lookup of one row per input, for the reads clients repeat most (the poll, the company
 * lookup, the batch poll's version), made on a database client when the app context is built
 * (caches.ts): the lookups of one batch run as ONE typed statement (a `.sql` file's query, typed
 * by pgtyped) under the name `name` on the driver (see sqlPool, typedSql), whose parameters list
 * every input's keys as arrays for `unnest(...) WITH ORDINALITY AS asked(..., n)`; each row
 * carries its "n!" (1-based position in the batch), and an input without a row gets null. Each
 * input's rows are read by a probe of their own, not a join of the unnest() with the table (see
 * sqlPool).
 */
export function coalescedQuery<I, P, R extends { n: string }>(
  name: string,
  query: PreparedQuery<P, R>,
  params: (inputs: readonly I[]) => P,
): (db: Db) => Lookup<I, R | null> {
  return (db) =>
    batchedPerTurn<I, R | null>(async (inputs) => {
      const rows = await query.run(params(inputs), typedSql(db, name));
      const found = new Map<number, R>();
      for (const row of rows) found.set(Number(row.n) - 1, row);
      return inputs.map((_, i) => found.get(i) ?? null);
    });
}
