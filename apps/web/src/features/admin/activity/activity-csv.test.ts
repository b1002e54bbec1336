import type { ChangeHistoryPage, ChangeRecord } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { activityCsv, ACTIVITY_EXPORT_PAGE_SIZE, exportActivityCsv, type ActivityPageReader } from './activity-csv';

function record(id: string, overrides: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    ID: id,
    Time: '2024-03-05T10:00:00.000Z',
    MarketplaceID: 'demo',
    OperationID: 'Products.Patch',
    Kind: 'Patch',
    ResourceType: 'Products',
    ResourceID: 'p1',
    ParentIDs: [],
    Actor: { ID: 'u1', Username: 'ann', Type: 'MarketplaceOwner', CompanyID: null },
    ClientID: 'client-1',
    ImpersonatorID: null,
    RequestID: `req-${id}`,
    Changes: [{ Path: 'Name', Old: 'Mug', New: 'Cup' }],
    LastState: null,
    ...overrides,
  };
}

describe('activityCsv', () => {
  it('writes a header and one row per record with the changes as text', () => {
    const csv = activityCsv([
      record('1', {
        Changes: [
          { Path: 'Name', Old: 'Mug', New: 'Cup, large' },
          { Path: 'Password', Secret: true },
        ],
        ParentIDs: ['b1'],
      }),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'Time,User,UserID,UserType,CompanyID,Client,ImpersonatorID,Operation,Kind,ResourceType,ResourceID,ParentIDs,RequestID,Changes',
    );
    expect(row).toBe(
      '2024-03-05T10:00:00.000Z,ann,u1,MarketplaceOwner,,client-1,,Products.Patch,Patch,Products,p1,b1,req-1,"Name: Mug -> Cup, large; Password: changed"',
    );
  });

  it('escapes a value a spreadsheet would run as a formula', () => {
    const csv = activityCsv([
      record('1', { Actor: { ID: 'u1', Username: '=HYPERLINK()', Type: 'Buyer', CompanyID: 'b' } }),
    ]);
    expect(csv).toContain("'=HYPERLINK()");
  });
});

/** A server of `total` records that answers keyset pages the way the portal service does. */
function pagedServer(total: number) {
  const calls: (string | undefined)[] = [];
  const readPage: ActivityPageReader = async (pageKey, pageSize) => {
    calls.push(pageKey);
    const start = pageKey === undefined ? 0 : Number(pageKey);
    const end = Math.min(start + pageSize, total);
    const Items = Array.from({ length: end - start }, (_, index) => record(String(start + index)));
    const page: ChangeHistoryPage = {
      Items,
      Meta: { PageSize: pageSize, NextPageKey: end < total ? String(end) : null },
    };
    return Promise.resolve(page);
  };
  return { readPage, calls };
}

describe('exportActivityCsv', () => {
  it('follows the page keys to the end and reports progress after each page', async () => {
    const server = pagedServer(250);
    const progress: number[] = [];
    const { csv, rows } = await exportActivityCsv({
      readPage: server.readPage,
      signal: new AbortController().signal,
      onProgress: (done) => progress.push(done),
    });
    expect(rows).toBe(250);
    expect(csv.split('\r\n')).toHaveLength(251);
    expect(server.calls).toEqual([undefined, '100', '200']);
    expect(progress).toEqual([ACTIVITY_EXPORT_PAGE_SIZE, 200, 250]);
  });

  it('stops at once when cancelled and requests no further page', async () => {
    const server = pagedServer(1000);
    const controller = new AbortController();
    const run = exportActivityCsv({
      readPage: server.readPage,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 200) controller.abort(new Error('cancelled'));
      },
    });
    await expect(run).rejects.toThrow('cancelled');
    expect(server.calls).toHaveLength(2);
  });

  it('ends on a key it has met before instead of looping', async () => {
    const readPage: ActivityPageReader = () =>
      Promise.resolve({ Items: [record('1')], Meta: { PageSize: 100, NextPageKey: 'same' } });
    const { rows } = await exportActivityCsv({ readPage, signal: new AbortController().signal });
    expect(rows).toBe(2);
  });
});
