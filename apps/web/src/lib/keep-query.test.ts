import { describe, expect, it } from 'vitest';
import { withKeptQuery } from './keep-query';

describe('withKeptQuery', () => {
  it('keeps organization and tenantName and drops other parameters', () => {
    expect(withKeptQuery('/roles', '?organization=acme&tenantName=main&page=2')).toBe(
      '/roles?organization=acme&tenantName=main',
    );
  });

  it('returns the target unchanged when nothing is kept', () => {
    expect(withKeptQuery('/console', '')).toBe('/console');
    expect(withKeptQuery('/console', '?page=2')).toBe('/console');
  });

  it('merges with the target query and keeps its hash', () => {
    expect(withKeptQuery('/console?operationId=Me.Get#top', '?tenantName=t%201')).toBe(
      '/console?operationId=Me.Get&tenantName=t+1#top',
    );
  });

  it('lets a value in the target win over the current one', () => {
    expect(withKeptQuery('/?organization=other', '?organization=acme')).toBe('/?organization=other');
  });

  it('accepts a search string without the leading question mark', () => {
    expect(withKeptQuery('/admin', 'organization=acme')).toBe('/admin?organization=acme');
  });
});
