import { describe, expect, it } from 'vitest';
import { buildFieldModel, flattenFields, type FormField } from './field-model';
import { userSchema } from './test-schema';
import { validateField, validateValues } from './validate';

const fields = buildFieldModel(userSchema, { required: ['FirstName', 'Email', 'Quantity'], mode: 'edit' });
const field = (path: string): FormField => flattenFields(fields).find((f) => f.path === path) as FormField;

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
    expect(validateField(field('Tags'), '{}')).toBe('Tags must be a list');
    expect(validateField(field('Tags'), '["a"]')).toBeUndefined();
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
