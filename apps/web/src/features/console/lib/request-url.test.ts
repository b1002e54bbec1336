import { describe, expect, it } from 'vitest';
import {
  buildRequestUrl,
  encodeQuery,
  INSUFFICIENT_ROUTE_PARAMS,
  isOAuthPath,
  missingPathParams,
  queryPairs,
} from './request-url';

const base = 'https://api.example.test';
const list = { path: '/products' };
const getAddress = { path: '/buyers/{buyerID}/addresses/{addressID}' };

describe('buildRequestUrl', () => {
  it('prefixes /v1 and trims a trailing slash of the base', () => {
    expect(buildRequestUrl(`${base}/`, { path: '/me' })).toBe(`${base}/v1/me`);
  });

  it('leaves oauth paths at the root', () => {
    expect(buildRequestUrl(base, { path: '/oauth/token' })).toBe(`${base}/oauth/token`);
    expect(isOAuthPath('/oauthish')).toBe(false);
  });

  it('substitutes and encodes path params', () => {
    expect(buildRequestUrl(base, getAddress, { pathParams: { buyerID: 'b 1/x', addressID: 42 } })).toBe(
      `${base}/v1/buyers/b%201%2Fx/addresses/42`,
    );
  });

  it('throws when a path param is missing or blank', () => {
    expect(() => buildRequestUrl(base, getAddress, { pathParams: { buyerID: 'b1' } })).toThrow(
      INSUFFICIENT_ROUTE_PARAMS,
    );
    expect(() => buildRequestUrl(base, getAddress, { pathParams: { buyerID: 'b1', addressID: '  ' } })).toThrow(
      INSUFFICIENT_ROUTE_PARAMS,
    );
    expect(missingPathParams(getAddress, { buyerID: 'b1', addressID: null })).toEqual(['addressID']);
  });

  it('does not read path params from the object prototype', () => {
    expect(missingPathParams({ path: '/x/{constructor}' }, {})).toEqual(['constructor']);
  });

  it('builds the list query: comma-joined searchOn and sortBy with ! kept, filters as name=value', () => {
    const url = buildRequestUrl(base, list, {
      query: {
        search: ' red shoe ',
        searchOn: ['Name', 'ID'],
        sortBy: ['!Name', 'ID'],
        page: 2,
        pageSize: 20,
        filters: [
          { name: 'xp.Color', value: 'red|blue' },
          { name: 'Price', value: '>10' },
        ],
      },
    });
    expect(url).toBe(
      `${base}/v1/products?search=red%20shoe&searchOn=Name,ID&sortBy=!Name,ID&page=2&pageSize=20` +
        '&xp.Color=red%7Cblue&Price=%3E10',
    );
    expect(new URL(url).searchParams.get('sortBy')).toBe('!Name,ID');
  });

  it('repeats array params and drops blank values, empty arrays and empty filters', () => {
    const url = buildRequestUrl(base, list, {
      query: {
        search: '',
        searchOn: [' ', ''],
        sortBy: [],
        params: { catalogID: 'c&1', depth: ['1', 2, true], level: undefined, empty: '', none: null, list: [] },
        filters: [
          { name: '', value: 'x' },
          { name: 'Active', value: '' },
          { name: 'Active', value: 'true' },
        ],
      },
    });
    expect(url).toBe(`${base}/v1/products?catalogID=c%261&depth=1&depth=2&depth=true&Active=true`);
  });

  it('has no ? when nothing is sent', () => {
    expect(buildRequestUrl(base, list, { query: { filters: [] } })).toBe(`${base}/v1/products`);
  });
});

describe('queryPairs / encodeQuery', () => {
  it('returns decoded pairs for the Payload tab and encodes names too', () => {
    const pairs = queryPairs({ sortBy: ['!Name'], params: { 'a b': 'c=d' } });
    expect(pairs).toEqual([
      ['sortBy', '!Name'],
      ['a b', 'c=d'],
    ]);
    expect(encodeQuery(pairs)).toBe('sortBy=!Name&a%20b=c%3Dd');
  });

  it('encodes a comma inside a filter value but not between sort fields', () => {
    expect(encodeQuery(queryPairs({ sortBy: ['A', 'B'], filters: [{ name: 'Name', value: 'a,b' }] }))).toBe(
      'sortBy=A,B&Name=a%2Cb',
    );
  });
});
