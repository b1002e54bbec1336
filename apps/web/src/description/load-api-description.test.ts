import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { getOperation } from './api-model';
import type { FetchJson } from './description-cache';
import { apiDescriptionQueryOptions, loadApiDescription } from './load-api-description';
import { fixtureDocument } from './test-fixtures';

const fetchJson: FetchJson = async (url) =>
  url.endsWith('/env') ? { BuildNumber: '1.0.3.4' } : fixtureDocument('1.0.3.4');

describe('loadApiDescription', () => {
  it('loads, dereferences and indexes in one call', async () => {
    const api = await loadApiDescription({ baseUrl: 'http://p.test', fetchJson, indexedDB: new IDBFactory() });
    expect(api.version).toBe('1.0.3.4');
    expect(getOperation(api, 'AdminUsers.Create')?.requestBody?.requiredFields).toContain('Email');
    expect(Object.isFrozen(api)).toBe(true);
  });
});

describe('apiDescriptionQueryOptions', () => {
  it('keys by the normalised base URL and never refetches on its own', async () => {
    const options = apiDescriptionQueryOptions({ baseUrl: 'http://p.test/', fetchJson, indexedDB: new IDBFactory() });
    expect(options.queryKey).toEqual(['api-description', 'http://p.test']);
    expect(options).toMatchObject({ staleTime: Infinity, retry: false });
  });
});
