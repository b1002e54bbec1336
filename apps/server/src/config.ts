import path from 'node:path';
import { CHANGE_HISTORY_DEFAULT_DAYS } from '@portal/contracts';

/**
 * Every setting of the server, read once from the environment. Nothing else reads `process.env`.
 * The README's configuration table lists the same variables; keep them in step.
 */
export interface Config {
  /** TCP port the one server process listens on. */
  port: number;
  /** Interface to bind; `localhost` keeps the demo private to this machine. */
  host: string;
  /** Public origin of this process, used for issuer URLs and the platform's CoreApiUrl. */
  publicUrl: string;
  /** Folder of the embedded PGlite database (ignored when `databaseUrl` is set). */
  dataDir: string;
  /** PostgreSQL connection string; when set the embedded database is not used. */
  databaseUrl: string | undefined;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Folder of the built web app served at `/`. */
  webDist: string;
  /** How long a graceful shutdown waits for in-flight requests before closing connections. */
  shutdownTimeoutMs: number;
  /**
   * How long a graceful shutdown keeps serving after SIGTERM while `/readyz` answers 503, so load
   * balancers stop sending before connections are refused.
   */
  shutdownDelayMs: number;
  /** ISO-8601 date of this build (BUILD_DATE), answered by `/platform/env`; read from git when unset. */
  buildDate: string | undefined;
  /** Whether the scheduled jobs (pg-boss) run in this process. */
  jobsEnabled: boolean;
  /** Whether first start creates the demo marketplaces, accounts and store data. */
  seedDemoData: boolean;
  /**
   * Shared secret of the platform management API (service to service). Empty when
   * PLATFORM_MGMT_SECRET is unset: `withSharedSecrets` (cluster/shared-secrets.ts) then reads it
   * from the database, where the first process to start created it, so every process shares it.
   */
  platformMgmtSecret: string;
  /** Issuer of the OpenID provider the portal trusts (the built-in one unless set). */
  identityIssuer: string;
  /** JWKS of that issuer, for verifying access tokens. */
  identityJwksUrl: string;
  /** Audience the portal service requires in access tokens. */
  portalAudience: string;
  /** OIDC client id of the web app (public client, authorization code + PKCE). */
  portalClientId: string;
  /** Base URL of the platform's management API, which the portal service calls over HTTP. */
  platformMgmtUrl: string;
  /** Header token the content service's GraphQL endpoint requires (public by design: it only guards against drive-by use). */
  contentToken: string;
  /** Bearer token that opens `GET /metrics` on the main port; unset keeps it closed (404). */
  metricsToken: string | undefined;
  /** Port of a separate metrics-only listener (no token); unset: no such listener. */
  metricsPort: number | undefined;
  /** Interface of that listener; loopback by default so only this machine can scrape it. */
  metricsHost: string;
  /**
   * Product-usage analytics (ANALYTICS, on by default; docs/analytics.md). Off: the web app installs no client and
   * the portal answers `POST /analytics/events` with 204 and stores nothing.
   */
  analyticsEnabled: boolean;
  /** A self-hosted analytics service each accepted batch is also POSTed to (ANALYTICS_FORWARD_URL); unset: none. */
  analyticsForwardUrl: string | undefined;
  /**
   * Key that encrypts connected marketplaces' client secrets at rest (PORTAL_SECRETS_KEY, base64 of 32 bytes;
   * docs/connected-marketplaces.md). Unset: a key file in the data folder on PGlite; required on PostgreSQL.
   */
  portalSecretsKey: Buffer | undefined;
  /** Earlier keys (PORTAL_SECRETS_PREVIOUS_KEYS, comma-separated), still read while secrets are re-encrypted. */
  portalSecretsPreviousKeys: Buffer[];
  /**
   * Which non-public addresses the portal may call when a user connects a marketplace
   * (CONNECTED_ALLOW_PRIVATE_ADDRESSES): none, loopback only, or all. Default: loopback when HOST is a
   * loopback host (local development and tests), else none.
   */
  connectedAllowPrivateAddresses: PrivateAddressPolicy;
  /** Days a change history record is kept before the daily clean-up deletes it (CHANGE_HISTORY_DAYS, default 90). */
  changeHistoryDays: number;
}

/** See `Config.connectedAllowPrivateAddresses`. */
export type PrivateAddressPolicy = 'none' | 'loopback' | 'all';
const PRIVATE_ADDRESS_POLICIES: readonly PrivateAddressPolicy[] = ['none', 'loopback', 'all'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Thrown for a setting that cannot be used; the message names the variable and the fix. */
export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false; got "${raw}".`);
}

/** BUILD_DATE as ISO-8601 UTC; anything Date cannot read is refused rather than answered as is. */
function buildDate(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.BUILD_DATE;
  if (raw === undefined || raw === '') return undefined;
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime())) {
    throw new ConfigError(`BUILD_DATE must be an ISO-8601 date such as 2025-06-30T12:00:00Z; got "${raw}".`);
  }
  return date.toISOString();
}

/** The repository root, so relative defaults do not depend on the shell's working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const host = env.HOST || 'localhost';
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${env.LOG_LEVEL}".`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL; got "${env.PUBLIC_URL}".`);
  }
  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(repoRoot, env.DATA_DIR || '.data'),
    databaseUrl,
    logLevel,
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'apps/web/dist'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    buildDate: buildDate(env),
    jobsEnabled: flag(env, 'JOBS_ENABLED', true),
    seedDemoData: flag(env, 'SEED_DEMO_DATA', true),
    platformMgmtSecret: env.PLATFORM_MGMT_SECRET || '',
    identityIssuer: (env.IDENTITY_ISSUER || `${publicUrl}/identity`).replace(/\/+$/, ''),
    identityJwksUrl:
      env.IDENTITY_JWKS_URL || `${(env.IDENTITY_ISSUER || `${publicUrl}/identity`).replace(/\/+$/, '')}/jwks`,
    portalAudience: env.PORTAL_AUDIENCE || `${publicUrl}/portal-api`,
    portalClientId: env.PORTAL_CLIENT_ID || 'marketplace-portal-web',
    contentToken: env.CONTENT_TOKEN || 'marketplace-portal-content',
    platformMgmtUrl: (env.PLATFORM_MGMT_URL || `${publicUrl}/platform/mgmt`).replace(/\/+$/, ''),
    ...metricsSettings(env, port),
    ...analyticsSettings(env),
    ...connectedSettings(env, host),
    changeHistoryDays: integer(env, 'CHANGE_HISTORY_DAYS', CHANGE_HISTORY_DEFAULT_DAYS, 1, 3_650),
  };
}

/** A 32-byte key given as base64 (standard or URL-safe); anything else names the variable and how to make one. */
function secretsKey(name: string, raw: string): Buffer {
  const key = Buffer.from(raw.trim(), 'base64');
  // Buffer.from skips characters that are not base64, so a typo shows up only as a wrong length.
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw.trim())) {
    throw new ConfigError(`${name} must be the base64 of 32 random bytes (e.g. \`openssl rand -base64 32\`).`);
  }
  return key;
}

/** Whether HOST only accepts connections from this machine. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** PORTAL_SECRETS_KEY, PORTAL_SECRETS_PREVIOUS_KEYS and CONNECTED_ALLOW_PRIVATE_ADDRESSES (docs/connected-marketplaces.md). */
function connectedSettings(
  env: NodeJS.ProcessEnv,
  host: string,
): Pick<Config, 'portalSecretsKey' | 'portalSecretsPreviousKeys' | 'connectedAllowPrivateAddresses'> {
  const portalSecretsKey = env.PORTAL_SECRETS_KEY
    ? secretsKey('PORTAL_SECRETS_KEY', env.PORTAL_SECRETS_KEY)
    : undefined;
  const previous = (env.PORTAL_SECRETS_PREVIOUS_KEYS ?? '').split(',').filter((raw) => raw.trim() !== '');
  if (previous.length > 0 && !portalSecretsKey) {
    throw new ConfigError('PORTAL_SECRETS_PREVIOUS_KEYS needs PORTAL_SECRETS_KEY: set the new key there.');
  }
  const raw = (env.CONNECTED_ALLOW_PRIVATE_ADDRESSES || (isLoopbackHost(host) ? 'loopback' : 'none')).toLowerCase();
  if (!(PRIVATE_ADDRESS_POLICIES as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `CONNECTED_ALLOW_PRIVATE_ADDRESSES must be one of ${PRIVATE_ADDRESS_POLICIES.join(', ')}; got "${env.CONNECTED_ALLOW_PRIVATE_ADDRESSES}".`,
    );
  }
  return {
    portalSecretsKey,
    portalSecretsPreviousKeys: previous.map((key) => secretsKey('PORTAL_SECRETS_PREVIOUS_KEYS', key)),
    connectedAllowPrivateAddresses: raw as PrivateAddressPolicy,
  };
}

/** ANALYTICS and ANALYTICS_FORWARD_URL (docs/analytics.md). */
function analyticsSettings(env: NodeJS.ProcessEnv): Pick<Config, 'analyticsEnabled' | 'analyticsForwardUrl'> {
  const analyticsEnabled = flag(env, 'ANALYTICS', true);
  const raw = env.ANALYTICS_FORWARD_URL || undefined;
  if (raw !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(`ANALYTICS_FORWARD_URL must be an http:// or https:// URL; got "${raw}".`);
    }
  }
  return { analyticsEnabled, analyticsForwardUrl: raw };
}

/** METRICS_TOKEN, METRICS_PORT and METRICS_HOST: how `/metrics` is reached, if at all. */
function metricsSettings(env: NodeJS.ProcessEnv, port: number) {
  const metricsToken = env.METRICS_TOKEN || undefined;
  // A short token can be guessed by a scraper's neighbours; 16 characters is cheap to generate.
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`).');
  }
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError('METRICS_PORT must differ from PORT.');
  }
  return { metricsToken, metricsPort, metricsHost: env.METRICS_HOST || '127.0.0.1' };
}
