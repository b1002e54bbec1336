import { prepareDescription } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { getOperation } from './api-model';
import { buildApiDescription } from './index-description';
import { loadApiDescription } from './load-api-description';
import { fixtureDocument } from './test-fixtures';

const ref = { Key: '0123456789abcdef', BuildNumber: '1.0.3.4', Url: '/portal-api/descriptions/k/1.0.3.4.json' };

describe('loadApiDescription', () => {
  it('indexes the prepared description as the raw one dereferenced and indexed in the browser was', async () => {
    let calls = 0;
    const fetchText = async () => {
      calls += 1;
      return JSON.stringify(prepareDescription(fixtureDocument('1.0.3.4')));
    };
    const api = await loadApiDescription(ref, fetchText);
    expect(api).toEqual(buildApiDescription(fixtureDocument('1.0.3.4')));
    expect(getOperation(api, 'AdminUsers.Create')?.requestBody?.requiredFields).toContain('Email');
    expect(Object.isFrozen(api)).toBe(true);
    // One load per URL for the life of the page.
    expect(await loadApiDescription(ref, fetchText)).toBe(api);
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so asking again tries again', async () => {
    const other = { ...ref, Url: '/portal-api/descriptions/k/other.json' };
    await expect(loadApiDescription(other, async () => 'not json')).rejects.toThrow();
    const api = await loadApiDescription(other, async () => JSON.stringify(prepareDescription(fixtureDocument())));
    expect(api.version).toBe('1.0.3.4');
  });
});
