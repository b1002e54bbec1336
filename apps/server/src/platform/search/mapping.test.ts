import { describe, expect, it } from 'vitest';
import { conflictWith, fieldValues, MappingInference, newFields } from './mapping.ts';

describe('search index mapping', () => {
  it('types every field by dotted path, xp included, arrays by their elements, nulls left out', () => {
    const values = fieldValues({ ID: 'p1', Active: true, PriceSchedule: null, xp: { Size: 42, Tags: ['a', 'b'] } });
    expect(values.map((value) => [value.path, value.type])).toEqual([
      ['ID', 'text'],
      ['Active', 'boolean'],
      ['xp', 'object'],
      ['xp.Size', 'number'],
      ['xp.Tags', 'text'],
      ['xp.Tags', 'text'],
    ]);
  });

  it('maps each field to the type most documents give it, whatever the order', () => {
    const inference = new MappingInference();
    inference.add({ xp: { Size: 'M' } });
    for (let size = 1; size <= 3; size += 1) inference.add({ xp: { Size: size } });
    expect(inference.mapping()).toEqual({ xp: 'object', 'xp.Size': 'number' });
  });

  it('names the field, the mapped type and the value of a conflicting document', () => {
    const mapping = { xp: 'object', 'xp.Size': 'number' } as const;
    expect(conflictWith(mapping, { xp: { Size: 40 } })).toBeUndefined();
    expect(conflictWith(mapping, { xp: { Size: 'XL' } })).toBe(
      'Field xp.Size is mapped as a number, but this document\'s value "XL" is text.',
    );
    expect(conflictWith(mapping, { xp: 'flat' })).toMatch(/^Field xp is mapped as an object/);
  });

  it('lists the fields a document adds to a mapping', () => {
    expect(newFields({ ID: 'text' }, { ID: 'x', xp: { Color: 'Red' } })).toEqual({ xp: 'object', 'xp.Color': 'text' });
  });
});
