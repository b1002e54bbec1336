import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * One clock for every process: the database's. Several server processes share one PostgreSQL, and
 * their own clocks drift apart; a deadline written from one process's clock and compared with
 * another's admits too much or too little. So every deadline, lock expiry and stale-claim check is
 * computed in SQL (`now()` / `clock_timestamp()` plus an interval), and where code needs a Date it
 * reads the database's time once with `databaseNow`.
 *
 * Timestamps that are only recorded as data (when a product was created) may keep the process's
 * clock; nothing compares them with a deadline.
 */

/**
 * The database's time now. `clock_timestamp()`, not `now()`: inside a transaction `now()` is the
 * transaction's start, which may be long before this call.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await rowsOf<{ now: Date | string }>(db, sql`SELECT clock_timestamp() AS now`);
  const value = row?.now;
  if (value === undefined) throw new Error('The database did not tell its time.');
  return new Date(value);
}

/** `ms` milliseconds as an SQL interval, to add to or take from the database's time. */
export function millisecondsInterval(ms: number): SQL {
  return sql`(${Math.round(ms)}::double precision * interval '1 millisecond')`;
}
