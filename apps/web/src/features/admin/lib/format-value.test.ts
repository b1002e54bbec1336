import { describe, expect, it } from 'vitest';
import { formatDate, formatValue, nestedText } from './format-value';

describe('formatValue', () => {
  it('shows flags, dates and order statuses as people read them', () => {
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue('2024-03-05T23:30:00Z', { format: 'date-time' })).toBe('5 Mar 2024');
    expect(formatValue('AwaitingApproval', { field: 'Status' })).toBe('Awaiting approval');
    expect(formatValue(12.5)).toBe('12.5');
  });

  it('never shows an object as JSON: its name and size, or a list of values', () => {
    const user = { FirstName: 'Ann', LastName: 'Lee', Email: 'ann@x.example' };
    expect(formatValue(user)).toBe('Ann Lee · 3 fields');
    expect(formatValue({ Color: 'red', Size: 2 })).toBe('2 fields');
    expect(formatValue(['Shopper', 'OrderAdmin'])).toBe('Shopper, OrderAdmin');
    expect(formatValue([{ ID: 'a' }, { ID: 'b' }])).toBe('2 items');
    expect(formatValue({})).toBe('');
    expect(formatValue(user)).not.toContain('{');
  });
});

describe('nestedText and formatDate', () => {
  it('name what they can', () => {
    expect(nestedText({ ID: 'addr-1', Street1: '1 Main St' })).toBe('addr-1 · 2 fields');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
