import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '@/description/openapi-types';
import { hiddenXpPaths, itemXpSchema, nonConformingPaths } from './xp-conformance';

const schema: SchemaObject = {
  type: 'object',
  properties: {
    Size: { type: 'integer' },
    Weight: { type: 'number' },
    Tags: { type: 'array', items: { type: 'string' } },
    Care: { type: 'object', properties: { Temp: { type: 'integer' } } },
  },
};

describe('an item against the inferred xp schema', () => {
  it('conforms when every value has its property type (whole numbers count as numbers)', () => {
    expect(nonConformingPaths({ Size: 42, Weight: 3, Tags: ['a'], Care: { Temp: 30 }, Other: 'x' }, schema)).toEqual(
      [],
    );
  });

  it('lists values of another type, nested ones and list items that are lists', () => {
    expect(nonConformingPaths({ Size: 'XL', Tags: ['a', 2, ['b']], Care: { Temp: 'cold' } }, schema)).toEqual([
      'Size',
      'Tags[1]',
      'Tags[2]',
      'Care.Temp',
    ]);
  });

  it('finds properties without type or value', () => {
    expect(hiddenXpPaths({ SizeUnit: null, Care: { Wash: null, Dry: 'Line' }, Size: 4 })).toEqual([
      'SizeUnit',
      'Care.Wash',
    ]);
    expect(hiddenXpPaths(undefined)).toEqual([]);
  });

  it("adds the item's own properties the schema lacks and leaves out those being removed", () => {
    const merged = itemXpSchema(schema, { Fresh: 'yes', Care: { Dry: 'Line' }, SizeUnit: null }, ['Weight']);
    expect(Object.keys(merged.properties ?? {})).toEqual(['Size', 'Tags', 'Care', 'Fresh']);
    expect(merged.properties?.Care).toEqual({
      type: 'object',
      properties: { Temp: { type: 'integer' }, Dry: { type: 'string' } },
    });
  });
});
