import type { SearchItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { SEARCH_KIND_DEFINITIONS, searchableKinds } from './kinds.ts';
import type { PlatformRead } from './platform-reader.ts';
import { rankItems } from './rank.ts';
import { runSearch } from './run-search.ts';

/*
 * The search's own rules against a platform stand-in answering by path: the time box, a refusal read as absence,
 * a failure named, the ranking and the role decision. The real platform is searched by ../search.test.ts.
 */

const kinds = (...names: string[]) => SEARCH_KIND_DEFINITIONS.filter((definition) => names.includes(definition.kind));
const list = (...items: object[]) => ({ status: 200, body: { Items: items, Meta: {} } });

/** Lists answered by the path's first segment ('slow' never answers until aborted); reads by ID find nothing. */
function platform(answers: Record<string, { status: number; body?: unknown } | 'slow'>): PlatformRead {
  return (path, signal) => {
    if (!path.includes('?')) return Promise.resolve({ status: 404, body: undefined });
    const answer = answers[path.split(/[/?]/)[1] ?? ''] ?? { status: 404 };
    if (answer !== 'slow') return Promise.resolve({ status: answer.status, body: answer.body });
    return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
  };
}

describe('runSearch', () => {
  it('answers without a kind that outlasts its time box, and names it', async () => {
    const started = Date.now();
    const answer = await runSearch({
      kinds: kinds('Products', 'Buyers'),
      query: 'tent',
      limit: 5,
      roles: ['FullAccess'],
      read: platform({ products: 'slow', buyers: list({ ID: 'b1', Name: 'Tent Co' }) }),
      timeBoxMs: 50,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual({
      Groups: [
        { Kind: 'Buyers', Label: 'Buyers', Items: [{ ID: 'b1', Title: 'Tent Co', Subtitle: 'b1', ParentIDs: [] }] },
      ],
      TimedOut: ['Products'],
      Failed: [],
    });
  });

  it('leaves a refused kind out without a word, and names a failed one', async () => {
    const errors: string[] = [];
    const answer = await runSearch({
      kinds: kinds('Products', 'Catalogs', 'Promotions'),
      query: 'x',
      limit: 5,
      roles: ['FullAccess'],
      read: platform({ products: { status: 403 }, catalogs: { status: 500 }, promotions: list() }),
      onKindError: (kind) => errors.push(kind),
    });
    expect(answer).toEqual({ Groups: [], TimedOut: [], Failed: ['Catalogs'] });
    expect(errors).toEqual(['Catalogs']);
  });

  it('reads a per-company kind company by company when the platform has no list across them', async () => {
    const answer = await runSearch({
      kinds: kinds('SupplierUsers'),
      query: 'sam',
      limit: 5,
      roles: ['SupplierReader', 'SupplierUserReader'],
      read: (path) => {
        if (path.startsWith('/suppliers?')) return Promise.resolve(list({ ID: 's1' }, { ID: 's2' }));
        if (path.startsWith('/suppliers/s2/users')) return Promise.resolve(list({ ID: 'u9', Username: 'sam' }));
        return Promise.resolve(list());
      },
    });
    expect(answer.Groups[0]?.Items).toEqual([{ ID: 'u9', Title: 'sam', Subtitle: 'sam', ParentIDs: ['s2'] }]);
  });
});

describe('searchableKinds', () => {
  it('decides from the roles before any call: FullAccess reads all, BuyerReader buyers only', () => {
    expect(searchableKinds(['FullAccess'])).toHaveLength(SEARCH_KIND_DEFINITIONS.length);
    expect(searchableKinds(['BuyerReader']).map((definition) => definition.kind)).toEqual(['Buyers']);
    expect(searchableKinds(['OrderReader', 'MeAdmin']).map((definition) => definition.kind)).toEqual(['Orders']);
    expect(searchableKinds([])).toEqual([]);
  });
});

describe('rankItems', () => {
  const item = (ID: string, Title = ID, Subtitle = ''): SearchItem => ({ ID, Title, Subtitle, ParentIDs: [] });

  it('puts the exact ID first, then exact names or e-mails, then prefixes, and keeps the rest in order', () => {
    const items = [item('a-tent-2', 'Big tent'), item('x', 'Tent'), item('TENT', 'Other'), item('y', 'Tents')];
    expect(rankItems(items, 'tent', 10).map((found) => found.ID)).toEqual(['TENT', 'x', 'y', 'a-tent-2']);
    expect(rankItems([item('u1', 'Sam', 'sam@x.org · sam'), item('u2', 'Samuel')], 'sam@x.org', 5)[0]?.ID).toBe('u1');
  });

  it('keeps one of each item and no more than the limit', () => {
    expect(rankItems([item('a'), item('a'), item('b'), item('c')], 'z', 2).map((found) => found.ID)).toEqual([
      'a',
      'b',
    ]);
  });
});
