import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: 'localhost',
      publicUrl: 'http://localhost:4000',
      dataDir: path.join(repoRoot, '.data'),
      databaseUrl: undefined,
      logLevel: 'info',
      jobsEnabled: true,
    });
  });

  it('follows PORT in the public URL unless PUBLIC_URL is given', () => {
    expect(loadConfig({ PORT: '5123' }).publicUrl).toBe('http://localhost:5123');
    expect(loadConfig({ PORT: '5123', PUBLIC_URL: 'https://portal.example/' }).publicUrl).toBe(
      'https://portal.example',
    );
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be an absolute URL/],
    [{ JOBS_ENABLED: 'maybe' }, /JOBS_ENABLED must be true or false/],
    [{ BUILD_DATE: 'yesterday' }, /BUILD_DATE must be an ISO-8601 date/],
    [{ SHUTDOWN_DELAY_MS: '-1' }, /SHUTDOWN_DELAY_MS must be a whole number/],
    [{ ANALYTICS: 'sometimes' }, /ANALYTICS must be true or false/],
    [{ ANALYTICS_FORWARD_URL: 'analytics.internal' }, /ANALYTICS_FORWARD_URL must be an http/],
    [{ ANALYTICS_FORWARD_URL: 'ftp://analytics.internal/in' }, /ANALYTICS_FORWARD_URL must be an http/],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps analytics on and forwards nowhere unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ analyticsEnabled: true, analyticsForwardUrl: undefined });
    expect(loadConfig({ ANALYTICS: 'off' }).analyticsEnabled).toBe(false);
    expect(loadConfig({ ANALYTICS_FORWARD_URL: 'https://analytics.internal/batch' }).analyticsForwardUrl).toBe(
      'https://analytics.internal/batch',
    );
  });

  it('reads the secrets key and earlier keys as 32 bytes each, refusing other lengths', () => {
    const key = Buffer.alloc(32, 7);
    const old = Buffer.alloc(32, 9);
    expect(loadConfig({}).portalSecretsKey).toBeUndefined();
    const config = loadConfig({
      PORTAL_SECRETS_KEY: key.toString('base64'),
      PORTAL_SECRETS_PREVIOUS_KEYS: ` ${old.toString('base64url')} ,`,
    });
    expect(config.portalSecretsKey?.equals(key)).toBe(true);
    expect(config.portalSecretsPreviousKeys.map((k) => k.toString('hex'))).toEqual([old.toString('hex')]);
    expect(() => loadConfig({ PORTAL_SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /PORTAL_SECRETS_KEY must be the base64 of 32 random bytes/,
    );
    expect(() => loadConfig({ PORTAL_SECRETS_KEY: `${key.toString('base64')}!` })).toThrow(/PORTAL_SECRETS_KEY must/);
    expect(() => loadConfig({ PORTAL_SECRETS_PREVIOUS_KEYS: old.toString('base64') })).toThrow(
      /PORTAL_SECRETS_PREVIOUS_KEYS needs PORTAL_SECRETS_KEY/,
    );
    expect(() =>
      loadConfig({ PORTAL_SECRETS_KEY: key.toString('base64'), PORTAL_SECRETS_PREVIOUS_KEYS: 'short' }),
    ).toThrow(/PORTAL_SECRETS_PREVIOUS_KEYS must be the base64/);
  });

  it('allows loopback marketplace addresses only when the server itself listens on loopback', () => {
    expect(loadConfig({}).connectedAllowPrivateAddresses).toBe('loopback');
    expect(loadConfig({ HOST: '127.0.0.1' }).connectedAllowPrivateAddresses).toBe('loopback');
    expect(loadConfig({ HOST: '0.0.0.0' }).connectedAllowPrivateAddresses).toBe('none');
    expect(
      loadConfig({ HOST: '0.0.0.0', CONNECTED_ALLOW_PRIVATE_ADDRESSES: 'ALL' }).connectedAllowPrivateAddresses,
    ).toBe('all');
    expect(() => loadConfig({ CONNECTED_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /CONNECTED_ALLOW_PRIVATE_ADDRESSES must be one of none, loopback, all/,
    );
  });

  it('reads BUILD_DATE as UTC and leaves it unset by default', () => {
    expect(loadConfig({}).buildDate).toBeUndefined();
    expect(loadConfig({ BUILD_DATE: '2025-06-30T14:00:00+02:00' }).buildDate).toBe('2025-06-30T12:00:00.000Z');
  });

  it('resolves DATA_DIR against the repository root', () => {
    expect(loadConfig({ DATA_DIR: 'tmp/db' }).dataDir).toBe(path.join(repoRoot, 'tmp/db'));
    expect(loadConfig({ DATA_DIR: '/var/portal' }).dataDir).toBe('/var/portal');
  });
});
