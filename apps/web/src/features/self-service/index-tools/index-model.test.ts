import { describe, expect, it } from 'vitest';
import type { Grants, PortalUser, SearchIndex } from '@/services/portal';
import {
  buildSeconds,
  buildSummary,
  canRebuild,
  canViewIndexes,
  cardLook,
  errorNotice,
  FAST_POLL_MS,
  formatDuration,
  listPollInterval,
  oldIndexes,
  selectedIndex,
  SLOW_POLL_MS,
  startedBuild,
  thingPath,
  visibleIndexes,
} from './index-model';

function index(IndexID: string, overrides: Partial<SearchIndex> = {}): SearchIndex {
  return {
    IndexID,
    Type: 'Products',
    Status: 'Ready',
    PercentComplete: 100,
    DateCreated: '2026-11-20T10:00:00.000Z',
    IsActiveIndex: false,
    ...overrides,
  };
}

function user(grants: Partial<Grants> = {}): PortalUser {
  return {
    Email: 'dev@demo.example',
    Name: 'Dev',
    OcRoles: [],
    ScPermissionGrants: { IndexAdmin: false, ...grants } as Grants,
    RoleGroupIds: [],
    IsOrganizationAdmin: false,
  };
}

describe('cardLook', () => {
  it('shows Ready as Active, green without errors and orange with them', () => {
    expect(cardLook('Ready', false)).toMatchObject({ label: 'Active', palette: 'green', progressRing: false });
    expect(cardLook('Ready', true)).toMatchObject({ label: 'Active', palette: 'orange' });
  });

  it('gives builds a progress ring, and a waiting build a loading ring', () => {
    expect(cardLook('Building', false)).toMatchObject({ progressRing: true, loading: false });
    expect(cardLook('WaitingToBuild', false)).toMatchObject({ progressRing: true, loading: true });
    expect(cardLook('Rebuilding', false)).toMatchObject({ label: 'Rebuilding', progressRing: false });
  });

  it('gives Failed, Invalid and Canceled the error look', () => {
    for (const status of ['Failed', 'Invalid', 'Canceled'] as const) {
      expect(cardLook(status, false)).toMatchObject({ label: status, palette: 'red' });
    }
  });
});

describe('listPollInterval', () => {
  it('polls every 2 s while a build is in progress and every 15 s otherwise', () => {
    expect(listPollInterval(undefined)).toBe(SLOW_POLL_MS);
    expect(listPollInterval([index('a')])).toBe(15_000);
    for (const Status of ['Building', 'Rebuilding', 'WaitingToBuild'] as const) {
      expect(listPollInterval([index('a'), index('b', { Status })])).toBe(FAST_POLL_MS);
    }
    expect(FAST_POLL_MS).toBe(2_000);
    expect(listPollInterval([index('a', { Status: 'Failed' })])).toBe(SLOW_POLL_MS);
  });
});

describe('visibleIndexes', () => {
  it('keeps the newest index per status, newest first', () => {
    const cards = visibleIndexes([
      index('old-failed', { Status: 'Failed', DateCreated: '2026-11-20T11:00:00Z' }),
      index('active', { IsActiveIndex: true, DateCreated: '2026-11-20T12:00:00Z' }),
      index('new-failed', { Status: 'Failed', DateCreated: '2026-11-20T13:00:00Z' }),
      index('old-ready', { DateCreated: '2026-11-19T12:00:00Z' }),
    ]);
    expect(cards.map((card) => card.IndexID)).toEqual(['new-failed', 'active']);
  });

  it('lets the active index stand for its status even when another of that status is newer', () => {
    const cards = visibleIndexes([
      index('newer-ready', { DateCreated: '2026-11-21T12:00:00Z' }),
      index('active', { IsActiveIndex: true }),
    ]);
    expect(cards.map((card) => card.IndexID)).toEqual(['active']);
  });

  it('lists the Ready indexes that are no longer active as old, newest first', () => {
    const all = [
      index('active', { IsActiveIndex: true }),
      index('old-1', { DateCreated: '2026-11-18T00:00:00Z' }),
      index('old-2', { DateCreated: '2026-11-19T00:00:00Z' }),
    ];
    expect(oldIndexes(all).map((old) => old.IndexID)).toEqual(['old-2', 'old-1']);
  });
});

describe('selectedIndex', () => {
  const cards = [index('a'), index('b')];
  it('selects the first card by default and a chosen one while it is listed', () => {
    expect(selectedIndex(cards, undefined)?.IndexID).toBe('a');
    expect(selectedIndex(cards, 'b')?.IndexID).toBe('b');
    expect(selectedIndex(cards, 'gone')?.IndexID).toBe('a');
    expect(selectedIndex([], undefined)).toBeUndefined();
  });
});

describe('errorNotice', () => {
  it('names the banner or text of the selected index', () => {
    expect(errorNotice(index('a', { IsActiveIndex: true }), 3)).toBe('active-errors');
    expect(errorNotice(index('a', { IsActiveIndex: true }), 0)).toBe('no-errors');
    expect(errorNotice(index('a', { Status: 'Failed' }), 2)).toBe('failed');
    expect(errorNotice(index('a', { Status: 'Failed' }), 0)).toBe('failed-without-errors');
    expect(errorNotice(index('a', { Status: 'Building' }), 1)).toBe('errors');
  });
});

describe('build times', () => {
  it('measures a build from creation to completion', () => {
    expect(buildSeconds(index('a', { DateCompleted: '2026-11-20T10:00:12.500Z' }))).toBe(12.5);
    expect(buildSeconds(index('a'))).toBeUndefined();
    expect(buildSeconds(index('a', { BuildSeconds: 3.2, DateCompleted: '2026-11-20T10:00:12.500Z' }))).toBe(3.2);
    expect(formatDuration(2.345)).toBe('2.3 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
  });
});

describe('access and links', () => {
  it('lets IndexAdmin view both tabs and a platform role view its own tab', () => {
    expect(canViewIndexes('Orders', user({ IndexAdmin: true }), [])).toBe(true);
    expect(canViewIndexes('Products', user(), ['ProductReader'])).toBe(true);
    expect(canViewIndexes('Orders', user(), ['ProductReader'])).toBe(false);
    expect(canViewIndexes('Orders', user(), ['FullAccess'])).toBe(true);
    expect(canViewIndexes('Products', user(), [])).toBe(false);
  });

  it('lets only IndexAdmin rebuild', () => {
    expect(canRebuild(user({ IndexAdmin: true }))).toBe(true);
    expect(canRebuild(user())).toBe(false);
  });

  it('links a rejected product or order to the marketplace explorer', () => {
    expect(thingPath('Products', 'shoe 1')).toBe('/admin/products/shoe%201');
    expect(thingPath('Orders', 'o-1')).toBe('/admin/orders/incoming/o-1');
  });
});

describe('rebuild tracking', () => {
  it('follows the newest index the list did not hold before the rebuild', () => {
    const known = new Set(['active', 'old']);
    const before = [index('active', { IsActiveIndex: true }), index('old')];
    expect(startedBuild(before, { knownIds: known })).toBeUndefined();
    const after = [
      ...before,
      index('new', { Status: 'Building', PercentComplete: 40, DateCreated: '2026-11-21T10:00:00Z' }),
    ];
    expect(startedBuild(after, { knownIds: known })?.IndexID).toBe('new');
    expect(startedBuild(after, { knownIds: new Set(), indexId: 'old' })?.IndexID).toBe('old');
    expect(startedBuild(after, { knownIds: known, indexId: 'not-listed-yet' })?.IndexID).toBe('new');
  });

  it('sums up a finished build with its counts and time', () => {
    const done = index('new', {
      DocumentCount: 1536,
      RejectedCount: 4,
      DateCompleted: '2026-11-20T10:00:03.000Z',
    });
    expect(buildSummary(done)).toBe(`${(1536).toLocaleString()} indexed, 4 rejected, in 3.0 s`);
    expect(buildSummary(index('bare'))).toBe('');
  });
});
