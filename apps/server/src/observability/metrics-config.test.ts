import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('metrics settings', () => {
  it('keep /metrics closed by default', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined, metricsHost: '127.0.0.1' });
  });

  it('read METRICS_TOKEN, METRICS_PORT and METRICS_HOST', () => {
    const config = loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' });
    expect(config).toMatchObject({ metricsToken: 'a'.repeat(16), metricsPort: 9464, metricsHost: '10.0.0.5' });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    [{ METRICS_PORT: 'abc' }, /METRICS_PORT must be a whole number from 0 to 65535/],
    [{ METRICS_PORT: '4000' }, /METRICS_PORT must differ from PORT/],
  ])('reject %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
