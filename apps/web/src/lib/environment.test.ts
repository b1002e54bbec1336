import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENVIRONMENT_HOSTS,
  ENVIRONMENT_HOSTS,
  environmentFromHostname,
  environmentHostsFrom,
  type EnvironmentHosts,
} from './environment';

const hosts: EnvironmentHosts = {
  production: ['portal.example.com'],
  staging: ['staging-portal.example.com', '*.preview.example.com'],
};

describe('environmentFromHostname', () => {
  it('recognises the listed production and staging hosts', () => {
    expect(environmentFromHostname('portal.example.com', hosts)).toBe('production');
    expect(environmentFromHostname('staging-portal.example.com', hosts)).toBe('staging');
  });

  it('ignores case, surrounding space and a trailing dot', () => {
    expect(environmentFromHostname(' Portal.Example.COM. ', hosts)).toBe('production');
  });

  it('matches subdomains of wildcard entries but not the bare domain', () => {
    expect(environmentFromHostname('pr-12.preview.example.com', hosts)).toBe('staging');
    expect(environmentFromHostname('preview.example.com', hosts)).toBe('dev');
  });

  it('is dev for localhost and anything unknown, including look-alikes', () => {
    expect(environmentFromHostname('localhost', hosts)).toBe('dev');
    expect(environmentFromHostname('127.0.0.1', hosts)).toBe('dev');
    expect(environmentFromHostname('evil-portal.example.com', hosts)).toBe('dev');
    expect(environmentFromHostname('portal.example.com.evil.test', hosts)).toBe('dev');
  });

  it('uses the built-in table by default', () => {
    expect(ENVIRONMENT_HOSTS).toEqual(DEFAULT_ENVIRONMENT_HOSTS);
    expect(environmentFromHostname(DEFAULT_ENVIRONMENT_HOSTS.production[0] ?? '')).toBe('production');
    expect(environmentFromHostname('localhost')).toBe('dev');
  });
});

describe('environmentHostsFrom', () => {
  it('reads comma-separated lists and keeps defaults for missing or blank ones', () => {
    expect(environmentHostsFrom({ VITE_PRODUCTION_HOSTS: 'a.test, b.test ,', VITE_STAGING_HOSTS: ' ' }, hosts)).toEqual(
      {
        production: ['a.test', 'b.test'],
        staging: hosts.staging,
      },
    );
    expect(environmentHostsFrom({}, hosts)).toEqual(hosts);
    expect(environmentHostsFrom({ VITE_STAGING_HOSTS: 5 }, hosts)).toEqual(hosts);
  });
});
