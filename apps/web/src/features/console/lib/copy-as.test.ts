import { describe, expect, it } from 'vitest';
import type { ApiParameter } from '@/description/api-model';
import { shellQuote, toCurl, toJsLiteral, toSdkCall } from './copy-as';

const param = (name: string): ApiParameter => ({ name, in: 'path', required: true, description: '', schema: {} });
const body = { schema: {}, requiredFields: [], bodyRequired: true };

describe('toCurl', () => {
  it('writes method, quoted URL and headers', () => {
    expect(
      toCurl({ method: 'get', url: 'https://api.example.test/v1/me?a=1&b=2', headers: { Authorization: 'Bearer t' } }),
    ).toBe("curl -X GET 'https://api.example.test/v1/me?a=1&b=2' \\\n  -H 'Authorization: Bearer t'");
  });

  it('adds a JSON content type and quotes single quotes, $ and backticks safely', () => {
    const command = toCurl({ method: 'post', url: 'https://x.test/v1/products', body: { Name: "O'Brien $HOME `id`" } });
    expect(command).toContain("-H 'Content-Type: application/json'");
    expect(command).toContain(`--data-raw '{\n  "Name": "O'\\''Brien $HOME \`id\`"\n}'`);
  });

  it('keeps an explicit content type', () => {
    const command = toCurl({ method: 'put', url: 'u', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(command).not.toContain('application/json');
  });

  it('quotes with the standard close-escape-reopen sequence', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});

describe('toSdkCall', () => {
  const list = { id: 'Products.List', pathParams: [], requestBody: null };

  it('passes list options with filters as an object', () => {
    expect(
      toSdkCall(list, {
        query: {
          search: 'red',
          sortBy: ['!Name'],
          pageSize: 20,
          filters: [
            { name: 'xp.Color', value: 'red' },
            { name: '', value: 'dropped' },
          ],
        },
      }),
    ).toBe(
      "Products.List({\n  search: 'red',\n  sortBy: [\n    '!Name',\n  ],\n  pageSize: 20,\n  filters: {\n    'xp.Color': 'red',\n  },\n})",
    );
  });

  it('has no arguments when nothing is set', () => {
    expect(toSdkCall(list, { query: { filters: [] } })).toBe('Products.List()');
  });

  it('passes path params in order, then the body', () => {
    const save = { id: 'Addresses.Save', pathParams: [param('buyerID'), param('addressID')], requestBody: body };
    expect(toSdkCall(save, { pathParams: { buyerID: 'b1', addressID: "a'1" }, body: { Street1: 'Main' } })).toBe(
      "Addresses.Save('b1', 'a\\'1', {\n  Street1: 'Main',\n})",
    );
  });
});

describe('toJsLiteral', () => {
  it('escapes control characters and keeps double quotes literal', () => {
    expect(toJsLiteral('a"b\nc')).toBe("'a\"b\\nc'");
    expect(toJsLiteral({ a: [], b: {}, c: null, d: undefined })).toBe('{\n  a: [],\n  b: {},\n  c: null,\n}');
  });
});
