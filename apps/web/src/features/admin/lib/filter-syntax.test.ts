import { describe, expect, it } from 'vitest';
import {
  filterFields,
  filterSummary,
  fromFilterValue,
  newFilterRow,
  operatorsFor,
  toFilterValue,
  xpFilterFields,
  type FilterField,
  type FilterKind,
} from './filter-syntax';

const label = (field: string) => field;

describe('operators per type', () => {
  it('offers each type its own operators', () => {
    const labels = (kind: FilterKind) =>
      operatorsFor(kind, { field: 'F', operator: '', value: '' }).map((o) => o.label);
    expect(labels('boolean')).toEqual(['is', 'is not']);
    expect(labels('number')).toEqual(['=', '≠', '<', '≤', '>', '≥']);
    expect(labels('date')).toEqual(['before', 'after', 'on']);
    expect(labels('enum')).toEqual(['is', 'is not']);
    expect(labels('text')).toEqual(['equals', 'starts with', 'ends with', 'contains', 'not']);
  });

  it('finds the type of each column: yes/no, number, date, enum, text', () => {
    const fields = filterFields([
      { field: 'Active', type: 'boolean' },
      { field: 'Price', type: 'number' },
      { field: 'QuantityMultiplier', type: 'integer' },
      { field: 'DateCreated', type: 'string', format: 'date-time' },
      { field: 'Status', type: 'string', values: ['Open', 'Completed'] },
      { field: 'Name', type: 'string' },
    ]);
    expect(fields.map((field) => field.kind)).toEqual(['boolean', 'number', 'number', 'date', 'enum', 'text']);
    expect(fields[4]?.values).toEqual(['Open', 'Completed']);
  });

  it('starts a yes/no row on yes and an enum row on its first value', () => {
    expect(newFilterRow({ field: 'Active', kind: 'boolean' })).toEqual({
      field: 'Active',
      operator: 'is',
      value: 'true',
    });
    expect(newFilterRow({ field: 'Status', kind: 'enum', values: ['Open'] })).toEqual({
      field: 'Status',
      operator: 'is',
      value: 'Open',
    });
  });
});

describe('the filter values sent', () => {
  const cases: [FilterField, string, string, string][] = [
    [{ field: 'Active', kind: 'boolean' }, 'is', 'false', 'false'],
    [{ field: 'Active', kind: 'boolean' }, 'isNot', 'true', '!true'],
    [{ field: 'Price', kind: 'number' }, 'eq', '10', '10'],
    [{ field: 'Price', kind: 'number' }, 'ne', '10', '!10'],
    [{ field: 'Price', kind: 'number' }, 'gt', '10', '>10'],
    [{ field: 'Price', kind: 'number' }, 'lt', '10', '<10'],
    [{ field: 'Price', kind: 'number' }, 'gte', '10', '>=10'],
    [{ field: 'Price', kind: 'number' }, 'lte', '10.5', '<=10.5'],
    [{ field: 'DateCreated', kind: 'date' }, 'before', '2024-05-01', '<2024-05-01'],
    [{ field: 'DateCreated', kind: 'date' }, 'after', '2024-05-31', '>2024-06-01'],
    [{ field: 'DateCreated', kind: 'date' }, 'on', '2024-05-01', '2024-05-01*'],
    [{ field: 'Status', kind: 'enum', values: ['Open'] }, 'is', 'Open', 'Open'],
    [{ field: 'Status', kind: 'enum', values: ['Open'] }, 'isNot', 'Open', '!Open'],
    [{ field: 'Name', kind: 'text' }, 'equals', 'abc', 'abc'],
    [{ field: 'Name', kind: 'text' }, 'startsWith', 'abc', 'abc*'],
    [{ field: 'Name', kind: 'text' }, 'endsWith', 'abc', '*abc'],
    [{ field: 'Name', kind: 'text' }, 'contains', 'abc', '*abc*'],
    [{ field: 'Name', kind: 'text' }, 'not', 'abc', '!abc'],
    [{ field: 'xp.Color', kind: 'text' }, 'equals', 'Red', 'Red'],
  ];
  it.each(cases)('%o %s %s sends %s and reads back', (field, operator, value, sent) => {
    expect(toFilterValue(field.kind, { field: field.field, operator, value })).toBe(sent);
    expect(fromFilterValue(field, sent)).toEqual({ field: field.field, operator, value });
  });

  it('sends nothing for an empty value and keeps unusual text as written', () => {
    expect(toFilterValue('text', { field: 'Name', operator: 'startsWith', value: '  ' })).toBe('');
    expect(fromFilterValue({ field: 'Name', kind: 'text' }, 'a*b')).toEqual({
      field: 'Name',
      operator: 'equals',
      value: 'a*b',
    });
    // A date value a link wrote by hand stays as written.
    const odd = fromFilterValue({ field: 'DateCreated', kind: 'date' }, '>2024');
    expect(toFilterValue('date', odd)).toBe('>2024');
  });
});

describe('chips', () => {
  it('say field, operator and value as the dialog shows them', () => {
    expect(filterSummary({ field: 'Active', kind: 'boolean' }, 'false', label)).toBe('Active is no');
    expect(filterSummary({ field: 'Price', kind: 'number' }, '>=10', label)).toBe('Price ≥ 10');
    expect(filterSummary({ field: 'Name', kind: 'text' }, 'abc*', label)).toBe('Name starts with abc');
    // A day in the portal's one date format (ui/date-time), not as typed in the URL.
    expect(filterSummary({ field: 'DateCreated', kind: 'date' }, '2024-03-05*', label)).toMatch(/ 5 Mar 2024$/);
  });
});

describe('xp fields', () => {
  it('offers the inferred scalar xp properties by their type, objects left to a typed name', () => {
    const schema = {
      type: 'object',
      properties: {
        Color: { type: 'string' },
        Weight: { type: 'number' },
        Featured: { type: 'boolean' },
        Sizes: { type: 'array' },
      },
    };
    expect(xpFilterFields(schema)).toEqual([
      { field: 'xp.Color', kind: 'text' },
      { field: 'xp.Weight', kind: 'number' },
      { field: 'xp.Featured', kind: 'boolean' },
    ]);
    expect(toFilterValue('number', { field: 'xp.Weight', operator: 'gt', value: '2' })).toBe('>2');
  });
});
