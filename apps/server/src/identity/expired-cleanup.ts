import { lt, sql } from 'drizzle-orm';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { oidcModels, signInThrottle } from './db/schema.ts';
import { FORGET_AFTER_SECONDS } from './sign-in-throttle.ts';

/**
 * Nightly removal of expired sign-in sessions, grants, codes and tokens, and of sign-in attempt
 * counts old enough to be forgotten. The provider and the throttle ignore them once expired, but
 * without this they would pile up in the database for ever.
 */
export const expiredSessionCleanup: JobDefinition = {
  name: 'identity-expired-cleanup',
  cron: '17 3 * * *',
  async run(_data, { database }) {
    // Expiries and attempt times are the database's (cluster/db-clock.ts), so is the cut-off.
    const removed = await database.db
      .delete(oidcModels)
      .where(lt(oidcModels.expiresAt, sql`now()`))
      .returning({ kind: oidcModels.kind });
    const forgotten = await database.db
      .delete(signInThrottle)
      .where(lt(signInThrottle.lastAttemptAt, sql`now() - make_interval(secs => ${FORGET_AFTER_SECONDS}::int)`))
      .returning({ subject: signInThrottle.subject });
    return { removed: removed.length, forgottenSignInCounts: forgotten.length };
  },
};
