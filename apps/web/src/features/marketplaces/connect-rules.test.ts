import { describe, expect, it } from 'vitest';
import { createPortalClient } from '@/services/portal';
import { errorFromResponse, noResponseError } from '@/services/portal-error';
import { fakeFetch } from '@/services/test-fetch';
import {
  checkStates,
  EMPTY_CONNECT_DRAFT,
  refusalOf,
  unplacedMessages,
  validateConnect,
  validateEdit,
} from './connect-rules';

describe('validateConnect', () => {
  it('requires every field and an http(s) address', () => {
    expect(validateConnect(EMPTY_CONNECT_DRAFT).map((error) => error.field)).toEqual([
      'Name',
      'Environment',
      'ApiUrl',
      'ClientID',
      'ClientSecret',
    ]);
    const draft = { Name: 'A', Environment: 'Sandbox', ClientID: 'c', ClientSecret: 's' } as const;
    expect(validateConnect({ ...draft, ApiUrl: 'javascript:alert(1)' })).toEqual([
      { field: 'ApiUrl', message: 'Enter an address starting with https:// or http://.' },
    ]);
    expect(validateConnect({ ...draft, ApiUrl: ' https://api.example.com/v1 ' })).toEqual([]);
    expect(validateConnect({ ...draft, Name: '   ', ApiUrl: 'http://localhost:4000/platform/v1' })).toEqual([
      { field: 'Name', message: 'Name is required.' },
    ]);
  });

  it('lets an edit keep its secret but not lose its name', () => {
    expect(validateEdit({ Name: 'Shop' })).toEqual([]);
    expect(validateEdit({ Name: ' ' })).toEqual([{ field: 'Name', message: 'Name is required.' }]);
  });
});

describe('refusalOf', () => {
  it('reads the failed check from the start of a 400 detail', () => {
    const refusal = refusalOf(
      errorFromResponse(400, {
        detail: 'Platform check: the address does not answer /env like a platform.',
        errors: [{ field: 'ApiUrl', message: 'Not a platform.' }],
      }),
    );
    expect(refusal).toEqual({
      step: 'platform',
      message: 'Platform check: the address does not answer /env like a platform.',
      fieldErrors: [{ field: 'ApiUrl', message: 'Not a platform.' }],
    });
  });

  it('keeps a 400 that names no check as a refusal without a step, and other failures are not refusals', () => {
    expect(refusalOf(errorFromResponse(400, { detail: 'Name is required.' }))?.step).toBeNull();
    expect(refusalOf(errorFromResponse(403, { detail: 'Only organization admins.' }))).toBeNull();
    expect(refusalOf(noResponseError(true))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });

  it('marks the checks before the failed one passed and the later ones not run', () => {
    expect(checkStates('address')).toEqual({ address: 'failed', platform: 'not-run', credentials: 'not-run' });
    expect(checkStates('credentials')).toEqual({ address: 'passed', platform: 'passed', credentials: 'failed' });
  });

  it('lists field errors the form has no box for', () => {
    expect(
      unplacedMessages([
        { field: 'ClientID', message: 'a' },
        { field: 'body', message: 'b' },
      ]),
    ).toEqual(['b']);
  });
});

describe('portal client marketplace calls', () => {
  it('call the routes of the contract', async () => {
    const { fetch, calls } = fakeFetch(() => ({}));
    const portal = createPortalClient({ fetch, baseUrl: '/portal-api' });
    await portal.listMarketplaces();
    const input = {
      Name: 'A',
      Environment: 'Sandbox',
      ApiUrl: 'https://a.example/v1',
      ClientID: 'c',
      ClientSecret: 's',
    };
    await portal.connectMarketplace({ ...input, Environment: 'Sandbox' });
    await portal.editMarketplace('a b', { Name: 'B' });
    await portal.disconnectMarketplace('a b');
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['GET', '/portal-api/marketplaces', undefined],
      ['POST', '/portal-api/marketplaces', input],
      ['PATCH', '/portal-api/marketplaces/a%20b', { Name: 'B' }],
      ['DELETE', '/portal-api/marketplaces/a%20b', undefined],
    ]);
  });
});
