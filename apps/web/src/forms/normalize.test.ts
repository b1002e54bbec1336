import { describe, expect, it } from 'vitest';
import { arrayItemField, buildFieldModel, flattenFields, type FormField } from './field-model';
import type { SchemaObject } from '@/description/openapi-types';
import { fromUtcInput, isUntouched, toFormValues, toItemFormValue, toRequestBody, toUtcInput } from './normalize';
import { listSchema, userSchema } from './test-schema';

const fields = buildFieldModel(userSchema, { required: ['FirstName'], mode: 'edit' });

describe('toFormValues', () => {
  it('turns values of the wrong type into empty ones', () => {
    const values = toFormValues(fields, { FirstName: 42, Active: 'yes', Quantity: 'many', Status: 'Gone', Tags: 'a' });
    expect(values).toMatchObject({ FirstName: '', Active: false, Quantity: '', Status: '', Tags: [] });
  });

  it('shows date-times in UTC and treats the 2018-01-01 placeholder as empty', () => {
    expect(toUtcInput('2024-03-05T10:30:00+02:00')).toBe('2024-03-05T08:30');
    expect(toUtcInput('2018-01-01T00:00:00+00:00')).toBe('');
    expect(toUtcInput('garbage')).toBe('');
    expect(toFormValues(fields, { DateCreated: '2018-01-01T00:00:00Z' }).DateCreated).toBe('');
  });

  it('fills nested objects and JSON text', () => {
    const values = toFormValues(fields, { Address: { City: 'Oslo' }, xp: { a: 1 }, Quantity: 3 });
    expect(values.Address).toEqual({ City: 'Oslo', Zip: '' });
    expect(values.xp).toBe('{\n  "a": 1\n}');
    expect(values.Quantity).toBe('3');
  });
});

describe('toRequestBody', () => {
  it('removes read-only fields and sends real types', () => {
    const body = toRequestBody(fields, {
      ID: 'server-owned',
      FirstName: 'Ann',
      Quantity: '4',
      Price: '2.5',
      Active: true,
      Status: 'Open',
      DateCreated: '2024-03-05T08:30',
      Address: { City: 'Oslo', Zip: '' },
      Tags: [{ value: 'a' }],
      xp: '{"a":1}',
    });
    expect(body).toEqual({
      FirstName: 'Ann',
      Quantity: 4,
      Price: 2.5,
      Active: true,
      Status: 'Open',
      DateCreated: '2024-03-05T08:30:00.000Z',
      Address: { City: 'Oslo' },
      Tags: ['a'],
      xp: { a: 1 },
    });
  });

  it('defaults blank or NaN numbers to 0, honouring the minimum', () => {
    const body = toRequestBody(fields, { Quantity: '', Price: 'abc' });
    expect(body.Quantity).toBe(1);
    expect(body.Price).toBe(0);
  });

  it('leaves blank optional values out', () => {
    expect(toRequestBody(fields, { FirstName: '', Status: '', DateCreated: '' })).not.toHaveProperty('FirstName');
  });

  it('reads datetime input as UTC', () => {
    expect(fromUtcInput('2024-01-02T03:04')).toBe('2024-01-02T03:04:00.000Z');
    expect(fromUtcInput('')).toBeUndefined();
  });
});

const lists = buildFieldModel(listSchema, { mode: 'create' });

describe('lists, item to form values', () => {
  it('starts missing or mistyped lists empty', () => {
    const values = toFormValues(lists, { Tags: 'a', Roles: { Admin: true } });
    expect(values).toMatchObject({ Tags: [], Scores: [], Roles: [], Levels: [], Addresses: [] });
  });

  it('holds one entry per primitive item, numbers as text and mistyped items blank', () => {
    const values = toFormValues(lists, { Tags: ['a', 7], Scores: [1, 2.5], Flags: [true, 'no'] });
    expect(values.Tags).toEqual([{ value: 'a' }, { value: '' }]);
    expect(values.Scores).toEqual([{ value: '1' }, { value: '2.5' }]);
    expect(values.Flags).toEqual([{ value: true }, { value: false }]);
  });

  it('keeps chosen options in the item order, dropping unknown and repeated ones', () => {
    const values = toFormValues(lists, { Roles: ['Writer', 'Gone', 'Admin', 'Writer'], Levels: [3, 1] });
    expect(values.Roles).toEqual(['Writer', 'Admin']);
    expect(values.Levels).toEqual(['3', '1']);
  });

  it('fills object items, nested lists included, and keeps lists of lists as JSON text', () => {
    const values = toFormValues(lists, {
      Addresses: [{ ID: 'a1', City: 'Oslo', Floor: 3, Lines: ['Main St'] }],
      Matrix: [['a']],
    });
    expect(values.Addresses).toEqual([{ City: 'Oslo', Zip: '', Floor: '3', Lines: [{ value: 'Main St' }] }]);
    expect(values.Matrix).toBe('[\n  [\n    "a"\n  ]\n]');
  });

  it('makes blank entries for new items', () => {
    const field = (path: string) => flattenFields(lists).find((f) => f.path === path) as FormField;
    expect(toItemFormValue(arrayItemField(field('Scores'), 0), undefined)).toEqual({ value: '' });
    expect(toItemFormValue(arrayItemField(field('Flags'), 0), undefined)).toEqual({ value: false });
    expect(toItemFormValue(arrayItemField(field('Addresses'), 0), undefined)).toEqual({
      City: '',
      Zip: '',
      Floor: '',
      Lines: [],
    });
  });
});

describe('lists, form values to request body', () => {
  it('sends typed lists, parsing numbers per item and dropping blank primitive items', () => {
    const body = toRequestBody(lists, {
      Tags: [{ value: 'a' }, { value: '' }, { value: 'b' }],
      Scores: [{ value: '4' }, { value: ' ' }, { value: '0' }],
      Prices: [{ value: '2.5' }],
      Flags: [{ value: true }, { value: false }],
      Dates: [{ value: '2024-03-05T08:30' }, { value: '' }],
    });
    expect(body).toEqual({
      Tags: ['a', 'b'],
      Scores: [4, 0],
      Prices: [2.5],
      Flags: [true, false],
      Dates: ['2024-03-05T08:30:00.000Z'],
    });
  });

  it('turns chosen options back into the enum values, numbers included', () => {
    const body = toRequestBody(lists, { Roles: ['Reader', 'Nope'], Levels: ['2', '1'] });
    expect(body).toEqual({ Roles: ['Reader'], Levels: [2, 1] });
  });

  it('normalises object items recursively, read-only properties removed', () => {
    const body = toRequestBody(lists, {
      Addresses: [
        { ID: 'server-owned', City: 'Oslo', Zip: '', Floor: '2', Lines: [{ value: 'Main St' }, { value: '' }] },
        { City: 'Bergen', Floor: '' },
      ],
    });
    expect(body.Addresses).toEqual([
      { City: 'Oslo', Floor: 2, Lines: ['Main St'] },
      { City: 'Bergen', Floor: 0 },
    ]);
  });

  it('leaves empty lists out like other blank values', () => {
    const body = toRequestBody(lists, { Tags: [{ value: '' }], Scores: [], Roles: [], Addresses: [] });
    expect(body).toEqual({});
  });

  it('accepts plain values as well as form entries', () => {
    expect(toRequestBody(lists, { Tags: ['a', ''], Scores: ['3', 4] })).toEqual({ Tags: ['a'], Scores: [3, 4] });
  });

  it('gives back the item it was filled from', () => {
    const item = {
      Tags: ['a', 'b'],
      Scores: [0, 100],
      Flags: [false],
      Roles: ['Writer', 'Admin'],
      Levels: [3],
      Addresses: [{ City: 'Oslo', Zip: '01234', Floor: 1, Lines: ['x'] }],
      Matrix: [['a'], []],
    };
    expect(toRequestBody(lists, toFormValues(lists, item))).toEqual(item);
  });
});

describe('optional nested objects', () => {
  const nestedSchema: SchemaObject = {
    type: 'object',
    properties: {
      Name: { type: 'string' },
      Policy: {
        type: 'object',
        properties: {
          MinLength: { type: 'integer' },
          Strict: { type: 'boolean' },
          Tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  };
  const fields = buildFieldModel(nestedSchema, { mode: 'create' });

  it('leaves an untouched optional object out instead of sending zeros', () => {
    expect(toRequestBody(fields, toFormValues(fields, undefined))).toEqual({});
    expect(isUntouched({ a: '', b: false, c: [], d: { e: null } })).toBe(true);
  });

  it('sends the object once any of its fields holds a value, blank numbers then as 0', () => {
    const values = toFormValues(fields, undefined);
    expect(toRequestBody(fields, { ...values, Policy: { MinLength: '', Strict: true, Tags: [] } })).toEqual({
      Policy: { MinLength: 0, Strict: true },
    });
    expect(isUntouched({ a: 0 })).toBe(false);
  });
});
