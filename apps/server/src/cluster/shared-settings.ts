import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sharedSettings } from './db/schema.ts';

/** A shared setting as read: its value, and whether this call is the one that stored it. */
export interface SharedSetting {
  value: string;
  created: boolean;
}

/**
 * The value of the shared setting `name`, created with `create()` when no process has stored one
 * yet. Race-free across processes: the insert does nothing when another process got there first
 * (it waits for that process's insert to commit), and the value read afterwards is the stored one,
 * so every caller gets the same value whoever won.
 *
 * @example
 * const { value } = await readOrCreateSetting(db, 'platform-mgmt-secret', () => randomBytes(32).toString('base64url'));
 */
export async function readOrCreateSetting(db: Db, name: string, create: () => string): Promise<SharedSetting> {
  const stored = await readSetting(db, name);
  if (stored !== undefined) return { value: stored, created: false };
  const inserted = await db
    .insert(sharedSettings)
    .values({ name, value: create() })
    .onConflictDoNothing()
    .returning({ value: sharedSettings.value });
  if (inserted[0]) return { value: inserted[0].value, created: true };
  const winner = await readSetting(db, name);
  if (winner === undefined) throw new Error(`The shared setting "${name}" could be neither stored nor read.`);
  return { value: winner, created: false };
}

/** The stored value of `name`, or undefined when no process has stored one. */
export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: sharedSettings.value })
    .from(sharedSettings)
    .where(eq(sharedSettings.name, name));
  return row?.value;
}
