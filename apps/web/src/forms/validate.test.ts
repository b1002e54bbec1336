import { describe, expect, it } from 'vitest';
import { arrayItemField, buildFieldModel, flattenFields, type FormField } from './field-model';
import { listSchema, userSchema } from './test-schema';
import { validateField, validateItem, validateValues } from './validate';

const fields = buildFieldModel(userSchema, { required: ['FirstName', 'Email', 'Quantity'], mode: 'edit' });
const field = (path: string): FormField => flattenFields(fields).find((f) => f.path === path) as FormField;
const lists = buildFieldModel(listSchema, { mode: 'create' });
const list = (path: string): FormField => flattenFields(lists).find((f) => f.path === path) as FormField;
const entries = (...values: unknown[]) => values.map((value) => ({ value }));

describe('validateField', () => {
  it('requires required fields by label', () => {
    expect(validateField(field('FirstName'), '')).toBe('First Name is required');
    expect(validateField(field('FirstName'), '   ')).toBe('First Name is required');
    expect(validateField(field('FirstName'), 'Ann')).toBeUndefined();
    expect(validateField(field('BuyerID'), '')).toBeUndefined();
  });

  it('checks email fields', () => {
    expect(validateField(field('Email'), 'nope')).toBe('Email is invalid');
    expect(validateField(field('Email'), 'a@b.co')).toBeUndefined();
  });

  it('limits string length', () => {
    expect(validateField(field('FirstName'), 'x'.repeat(101))).toBe('FirstName must not exceed 100 characters');
    expect(validateField(field('FirstName'), 'x'.repeat(100))).toBeUndefined();
    expect(validateField(field('Address.Zip'), '123')).toBe('Zip must be at least 5 characters');
  });

  it('applies numeric bounds and lets blanks through (they default)', () => {
    expect(validateField(field('Quantity'), '0')).toBe('Quantity must be at least 1');
    expect(validateField(field('Quantity'), '11')).toBe('Quantity must be at most 10');
    expect(validateField(field('Quantity'), '1.5')).toBe('Quantity must be a whole number');
    expect(validateField(field('Quantity'), '')).toBeUndefined();
    expect(validateField(field('Price'), '1.5')).toBeUndefined();
  });

  it('checks JSON text', () => {
    expect(validateField(field('xp'), '{')).toBe('Extended Properties (xp) must be valid JSON');
    const matrix = flattenFields(lists).find((f) => f.path === 'Matrix') as FormField;
    expect(validateField(matrix, '{}')).toBe('Matrix must be a list');
    expect(validateField(matrix, '[["a"]]')).toBeUndefined();
  });
});

describe('list validation', () => {
  it('requires a required list to have items', () => {
    expect(validateField(list('Tags'), [])).toBe('Tags is required');
    expect(validateField(list('Tags'), undefined)).toBe('Tags is required');
  });

  it('counts items against minItems and maxItems', () => {
    expect(validateField(list('Tags'), entries('a'))).toBe('Tags needs at least 2 items');
    expect(validateField(list('Tags'), entries('a', 'b'))).toBeUndefined();
    expect(validateField(list('Tags'), entries('a', 'b', 'c', 'd'))).toBe('Tags allows at most 3 items');
    expect(validateField(list('Roles'), ['Admin', 'Reader'])).toBe('Roles allows at most 1 item');
    expect(validateField(list('Roles'), ['Admin'])).toBeUndefined();
  });

  it('lets an empty optional list through its minItems, because it is not sent', () => {
    expect(validateField(list('Scores'), [])).toBeUndefined();
    expect(validateField(list('Scores'), entries('1'))).toBe('Scores needs at least 2 items');
  });

  it('checks each item like a lone field, naming the item', () => {
    const tag = arrayItemField(list('Tags'), 1);
    expect(validateItem(tag, ' ')).toBe('Tags item 2 is required');
    expect(validateItem(tag, 'toolong')).toBe('Tags item 2 must not exceed 5 characters');
    expect(validateItem(tag, 'ok')).toBeUndefined();
    const score = arrayItemField(list('Scores'), 0);
    expect(validateItem(score, '')).toBe('Scores item 1 is required');
    expect(validateItem(score, '101')).toBe('Scores item 1 must be at most 100');
    expect(validateItem(score, '-1')).toBe('Scores item 1 must be at least 0');
    expect(validateItem(score, '1.5')).toBe('Scores item 1 must be a whole number');
    expect(validateItem(score, '0')).toBeUndefined();
    expect(validateItem(arrayItemField(list('Emails'), 0), 'nope')).toBe('Emails item 1 is invalid');
    expect(validateItem(arrayItemField(list('Emails'), 0), 'a@b.co')).toBeUndefined();
    expect(validateItem(arrayItemField(list('Flags'), 0), false)).toBeUndefined();
  });

  it('collects list, item and object-item messages by path', () => {
    const values = {
      Tags: entries('ok', ''),
      Scores: entries('200'),
      Addresses: [{ City: '', Zip: '12', Lines: entries('') }],
    };
    expect(validateValues(lists, values)).toEqual({
      'Tags.1.value': 'Tags item 2 is required',
      Scores: 'Scores needs at least 2 items',
      'Scores.0.value': 'Scores item 1 must be at most 100',
      'Addresses.0.City': 'City is required',
      'Addresses.0.Zip': 'Zip must be at least 5 characters',
      'Addresses.0.Lines.0.value': 'Lines item 1 is required',
    });
  });
});

describe('validateValues', () => {
  it('collects messages by path, nested ones included', () => {
    expect(validateValues(fields, { FirstName: '', Email: 'x', Address: { City: '' } })).toEqual({
      FirstName: 'First Name is required',
      Email: 'Email is invalid',
      'Address.City': 'City is required',
    });
  });
});
