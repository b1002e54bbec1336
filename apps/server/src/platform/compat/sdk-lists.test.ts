import { Products } from 'ordercloud-javascript-sdk';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetSdk, sdkError } from './testing/sdk-harness.ts';
import { signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// List queries through the SDK: filters, search, sorting and paging (see sdk-suite.ts).
const compat = useCompatServer();

describe('lists through the SDK', () => {
  beforeAll(async () => {
    resetSdk(compat.baseApiUrl);
    await signInAsAdmin();
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
    for (const name of names) {
      await Products.Create({
        ID: `list-${name.toLowerCase()}`,
        Name: `Lantern ${name}`,
        Active: true,
        xp: { Color: 'red' },
      });
    }
    // Each of these misses exactly one condition of the main list call.
    await Products.Create({ ID: 'list-blue', Name: 'Lantern Blue', Active: true, xp: { Color: 'blue' } });
    await Products.Create({ ID: 'list-off', Name: 'Lantern Off', Active: false, xp: { Color: 'red' } });
    await Products.Create({ ID: 'list-tent', Name: 'Tent', Active: true, xp: { Color: 'red' } });
    await Products.Create({ ID: 'list-plain', Name: 'Plain Lantern', Active: true, xp: { Size: 'L' } });
  });
  beforeEach(async () => {
    await signInAsAdmin();
  });

  const mainQuery = {
    filters: { 'xp.Color': 'red', Active: true },
    sortBy: ['!Name'],
    search: 'Lantern',
    searchOn: ['Name'],
    pageSize: 5,
  };

  it('filters on xp and booleans, searches, sorts descending and pages', async () => {
    const first = await Products.List({ ...mainQuery, page: 1 });
    expect(first.Items.map((item) => item.Name)).toEqual([
      'Lantern Golf',
      'Lantern Foxtrot',
      'Lantern Echo',
      'Lantern Delta',
      'Lantern Charlie',
    ]);
    expect(first.Meta).toMatchObject({ Page: 1, PageSize: 5, TotalCount: 7, TotalPages: 2, ItemRange: [1, 5] });
    const second = await Products.List({ ...mainQuery, page: 2 });
    expect(second.Items.map((item) => item.Name)).toEqual(['Lantern Bravo', 'Lantern Alpha']);
    expect(second.Meta).toMatchObject({ Page: 2, PageSize: 5, TotalCount: 7, TotalPages: 2, ItemRange: [6, 7] });
  });

  it('applies negation, wildcards and alternatives', async () => {
    const notRed = await Products.List({ filters: { ID: 'list-*', 'xp.Color': '!red' }, sortBy: ['ID'] });
    // A product without xp.Color is "not red" too.
    expect(notRed.Items.map((item) => item.ID)).toEqual(['list-blue', 'list-plain']);
    const either = await Products.List({ filters: { ID: 'list-alpha|list-golf|list-tent' }, sortBy: ['ID'] });
    expect(either.Items.map((item) => item.ID)).toEqual(['list-alpha', 'list-golf', 'list-tent']);
    // An array repeats the key, and repeated keys AND their values (facts §4).
    const mixed = await Products.List({ filters: { Name: '*an*|Tent', ID: ['list-*', '!list-b*'] }, sortBy: ['ID'] });
    expect(mixed.Items.map((item) => item.ID)).toEqual([
      'list-alpha',
      'list-charlie',
      'list-delta',
      'list-echo',
      'list-foxtrot',
      'list-golf',
      'list-off',
      'list-plain',
      'list-tent',
    ]);
    const neither = await Products.List({ filters: { ID: 'list-*', 'xp.Color': ['!red', '!blue'] } });
    expect(neither.Items.map((item) => item.ID)).toEqual(['list-plain']);
    const absent = await Products.List({ filters: { ID: 'list-*', 'xp.Color': '!*' } });
    expect(absent.Items.map((item) => item.ID)).toEqual(['list-plain']);
  });

  it('refuses a page size over 100 with List.InvalidPageSize', async () => {
    const error = await sdkError(Products.List({ pageSize: 101 }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('List.InvalidPageSize');
  });
});
