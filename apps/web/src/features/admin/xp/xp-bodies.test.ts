import { describe, expect, it } from 'vitest';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues, toRequestBody } from '@/forms/normalize';
import { propertyNameProblem, propertySchema } from './add-property-dialog';
import { newItemXp, putItemXp, replacementBody, withRemovedXp } from './use-xp-form';

describe('what Save sends for xp', () => {
  it('puts the whole item when properties are removed: changes merged, removed keys gone, the rest as loaded', () => {
    const item = {
      ID: 'p1',
      Name: 'Boot',
      DateCreated: '2026-01-01',
      xp: { Color: 'Red', Size: 'XL', Care: { Wash: 30 } },
    };
    expect(replacementBody(item, { Name: 'Boot 2', xp: { Care: { Dry: 'Line' } } }, ['Color'])).toEqual({
      ID: 'p1',
      Name: 'Boot 2',
      DateCreated: '2026-01-01',
      xp: { Size: 'XL', Care: { Wash: 30, Dry: 'Line' } },
    });
  });

  it('falls back to nulls in a PATCH where the resource has no PUT', () => {
    expect(withRemovedXp({ Name: 'A', xp: { Size: 2 } }, ['Color'])).toEqual({
      Name: 'A',
      xp: { Size: 2, Color: null },
    });
    expect(withRemovedXp({ Name: 'A' }, [])).toEqual({ Name: 'A' });
  });

  it('creates an item with only the xp the user gave, not every inferred number and flag as 0 and false', () => {
    const schema = {
      type: 'object',
      properties: {
        Name: { type: 'string' },
        xp: {
          type: 'object',
          properties: { Color: { type: 'string' }, Size: { type: 'integer' }, Waterproof: { type: 'boolean' } },
        },
      },
    };
    const fields = buildFieldModel(schema, { mode: 'create' });
    const defaults = toFormValues(fields, undefined);
    const values = { ...defaults, Name: 'Boot', xp: { Color: 'Red', Size: '', Waterproof: false } };
    const body = toRequestBody(fields, values);
    expect(body.xp).toEqual({ Color: 'Red', Size: 0, Waterproof: false });
    expect(newItemXp(fields, defaults, body)).toEqual({ Name: 'Boot', xp: { Color: 'Red' } });
    expect(newItemXp(fields, defaults, { Name: 'Boot', xp: { Size: 0, Waterproof: false } })).toEqual({ Name: 'Boot' });
  });
});

describe('the Add Property dialog rules', () => {
  it('builds the schema of each type; arrays take an item type that is never an array', () => {
    expect(propertySchema('number', '')).toEqual({ type: 'number' });
    expect(propertySchema('object', '')).toEqual({ type: 'object', properties: {} });
    expect(propertySchema('array', 'integer')).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(propertySchema('array', 'object')).toEqual({ type: 'array', items: { type: 'object', properties: {} } });
  });

  it('refuses a name already taken and names the form could not address', () => {
    expect(propertyNameProblem('Size', ['Size'])).toBe('A property named Size already exists.');
    expect(propertyNameProblem('Care.Wash', [])).toBe('Use letters, digits, _ or - only.');
    expect(propertyNameProblem('Shipping_Weight-2', ['Size'])).toBeUndefined();
  });
});

describe('a resource saved whole (PUT)', () => {
  it("keeps the item's own xp, applies the user's changes and removals, and adds no zeros", () => {
    const schema = {
      type: 'object',
      properties: {
        xp: {
          type: 'object',
          properties: { Color: { type: 'string' }, Size: { type: 'integer' }, Tag: { type: 'string' } },
        },
      },
    };
    const fields = buildFieldModel(schema, { mode: 'edit', required: ['xp'] });
    const item = { ID: 'x', xp: { Color: 'Red', Tag: 't', Note: null, Size: 'XL', Old: 1 } };
    const defaults = toFormValues(fields, item);
    const body = toRequestBody(fields, { xp: { Color: 'Blue', Size: '', Tag: '' } });
    expect(putItemXp(fields, defaults, body, item, ['Old'])).toEqual({
      xp: { Color: 'Blue', Note: null, Size: 'XL' },
    });
  });
});
