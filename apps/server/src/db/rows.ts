import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * The rows of a raw statement, typed by the caller. Both drivers answer `execute` with `{ rows }`, but the shared
 * `Db` type cannot say so (its result type differs per driver), so the one cast lives here.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
