import { describe, expect, it, vi } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { collectionByKey } from '../../catalogue/catalogue';
import { realPlatformDocument } from '../../catalogue/real-platform-description';
import type { AdminApi, Item } from '../../lib/admin-api';
import { bindListAssignments } from './list-assignment-binding';
import { MATCH_PAGE_SIZE, readMatchedRecords } from './use-matched-records';

const api = buildApiDescription(realPlatformDocument());
const binding = bindListAssignments(api, collectionByKey('buyers.users'));
if (!binding) throw new Error('buyers.users declares no assignment switcher');

/** A group of 250 members, answered a page at a time as the platform pages them. */
function fakeApi(total = 250) {
  const members = Array.from({ length: total }, (_, index) => ({ UserGroupID: 'g1', UserID: `u${index + 1}` }));
  const list = vi.fn(async (_operation, _params, query: Record<string, string | number>) => {
    const page = Number(query.page);
    const size = Number(query.pageSize);
    const items: Item[] = members.slice((page - 1) * size, page * size);
    return {
      Items: items,
      Meta: { Page: page, PageSize: size, TotalCount: total, TotalPages: Math.ceil(total / size), ItemRange: [0, 0] },
    };
  });
  return { api: { list } as unknown as AdminApi, list };
}

describe('readMatchedRecords', () => {
  it('reads every page of the choice, not only the first', async () => {
    const { api: admin, list } = fakeApi();
    const records = await readMatchedRecords(admin, binding, { buyerID: 'b1' }, { UserGroupID: 'g1' });
    expect(records).toHaveLength(250);
    expect(list).toHaveBeenCalledTimes(3);
    expect(list.mock.calls.map((call) => call[2])).toEqual(
      [1, 2, 3].map((page) => ({
        userGroupID: 'g1',
        page,
        pageSize: MATCH_PAGE_SIZE,
      })),
    );
    expect(list.mock.calls[0]?.[1]).toEqual({ buyerID: 'b1' });
  });

  it('stops after one call for an empty group, and sends none before a choice', async () => {
    const empty = fakeApi(0);
    expect(await readMatchedRecords(empty.api, binding, { buyerID: 'b1' }, { UserGroupID: 'g1' })).toEqual([]);
    expect(empty.list).toHaveBeenCalledTimes(1);
    const none = fakeApi();
    expect(await readMatchedRecords(none.api, binding, { buyerID: 'b1' }, {})).toEqual([]);
    expect(none.list).not.toHaveBeenCalled();
  });
});
