import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { readOrCreateSetting } from './shared-settings.ts';

/** Names of the shared settings this module keeps in `cluster.shared_settings`. */
export const SHARED_SETTING = {
  platformMgmtSecret: 'platform-mgmt-secret',
  publicUrl: 'public-url',
} as const;

/** The start-up messages this module writes (pino's and Fastify's loggers both fit). */
export interface StartupLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The configuration with what processes must share filled in from the database: the platform
 * management secret, unless PLATFORM_MGMT_SECRET set it (the environment wins), is read or created
 * once for every process. Also records the first process's PUBLIC_URL and warns when this one's
 * differs. Runs after the migrations, before anything uses the secret.
 *
 * @example
 * config = await withSharedSecrets(database, config);
 */
export async function withSharedSecrets(
  database: Database,
  config: Config,
  log: StartupLog = pino({ level: config.logLevel }),
): Promise<Config> {
  await checkPublicUrl(database, config, log);
  if (config.platformMgmtSecret !== '') return config;
  const secret = await readOrCreateSetting(database.db, SHARED_SETTING.platformMgmtSecret, () =>
    randomBytes(32).toString('base64url'),
  );
  if (secret.created) {
    log.info({}, 'created the platform management secret in the database; every process on it will use it');
  }
  return { ...config, platformMgmtSecret: secret.value };
}

/**
 * Tokens name the public URL (identity issuer, portal and platform audiences), so processes that
 * disagree on it refuse each other's tokens. The first process's URL is kept; a later one with
 * another URL says so at start-up rather than failing sign-ins at random behind a load balancer.
 */
async function checkPublicUrl(database: Database, config: Config, log: StartupLog): Promise<void> {
  const shared = await readOrCreateSetting(database.db, SHARED_SETTING.publicUrl, () => config.publicUrl);
  if (shared.value === config.publicUrl) return;
  log.warn(
    { publicUrl: config.publicUrl, sharedPublicUrl: shared.value },
    `PUBLIC_URL of this process is ${config.publicUrl}, but the processes sharing this database use ` +
      `${shared.value} (the first process's). Tokens carry the public URL: this process issues sign-in tokens ` +
      `with issuer ${config.identityIssuer} and audience ${config.portalAudience}, and platform tokens with ` +
      `issuer and audience ${config.publicUrl}/platform, which the other processes refuse, and it refuses ` +
      `theirs, so sign-ins and API calls fail whenever a request reaches the other kind of process. Give every ` +
      `process the same PUBLIC_URL. If the address changed for good, delete the recorded one ` +
      `(DELETE FROM cluster.shared_settings WHERE name = '${SHARED_SETTING.publicUrl}') and the next start records its own.`,
  );
}
