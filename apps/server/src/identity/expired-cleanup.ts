import { lt } from 'drizzle-orm';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { oidcModels } from './db/schema.ts';

/**
 * Nightly removal of expired sign-in sessions, grants, codes and tokens. The provider ignores them
 * once expired, but without this they would pile up in the database for ever.
 */
export const expiredSessionCleanup: JobDefinition = {
  name: 'identity-expired-cleanup',
  cron: '17 3 * * *',
  async run(_data, { database }) {
    const removed = await database.db
      .delete(oidcModels)
      .where(lt(oidcModels.expiresAt, new Date()))
      .returning({ kind: oidcModels.kind });
    return { removed: removed.length };
  },
};
