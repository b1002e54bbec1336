import { describe, expect, it } from 'vitest';
import {
  activityQuery,
  filterCount,
  readActivityFilters,
  timeInputToIso,
  writeActivityFilters,
} from './activity-filters';

describe('activity filters in the URL', () => {
  it('reads the filters it knows and leaves out blanks and other parameters', () => {
    const search = new URLSearchParams('organization=acme&UserID=%20u1%20&ClientID=&page=2&RequestID=r-1');
    expect(readActivityFilters(search)).toEqual({ UserID: 'u1', RequestID: 'r-1' });
  });

  it('writes the filters and keeps the signed-in context', () => {
    const before = new URLSearchParams('organization=acme&tenantName=main&UserID=u1&OperationID=Products.Patch');
    const after = writeActivityFilters(before, { ClientID: 'c1', From: '2024-03-05T10:00', UserID: ' ' });
    expect(after.toString()).toBe('organization=acme&tenantName=main&ClientID=c1&From=2024-03-05T10%3A00');
    // The old value is not changed in place: the router compares the two.
    expect(before.get('UserID')).toBe('u1');
  });

  it('round-trips every filter', () => {
    const filters = {
      UserID: 'u1',
      ClientID: 'c1',
      ResourceType: 'Products',
      ResourceID: 'p1',
      OperationID: 'Products.Patch',
      RequestID: 'req-1',
      From: '2024-03-05T10:00',
      To: '2024-03-06T00:00',
    };
    expect(readActivityFilters(writeActivityFilters(new URLSearchParams(), filters))).toEqual(filters);
    expect(filterCount(filters)).toBe(8);
  });
});

describe('activityQuery', () => {
  it('sends times as ISO 8601 in UTC and text as typed', () => {
    expect(activityQuery({ UserID: 'u1', From: '2024-03-05T10:00', To: '2024-03-06T00:00:30' })).toEqual({
      UserID: 'u1',
      From: '2024-03-05T10:00:00.000Z',
      To: '2024-03-06T00:00:30.000Z',
    });
  });

  it('leaves out a time that is not one rather than send it to be refused', () => {
    expect(activityQuery({ From: 'yesterday', To: '2024-13-40T99:00' })).toEqual({});
    expect(timeInputToIso(undefined)).toBeUndefined();
  });
});
