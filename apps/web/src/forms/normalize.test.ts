import { describe, expect, it } from 'vitest';
import { buildFieldModel } from './field-model';
import { fromUtcInput, toFormValues, toRequestBody, toUtcInput } from './normalize';
import { userSchema } from './test-schema';

const fields = buildFieldModel(userSchema, { required: ['FirstName'], mode: 'edit' });

describe('toFormValues', () => {
  it('turns values of the wrong type into empty ones', () => {
    const values = toFormValues(fields, { FirstName: 42, Active: 'yes', Quantity: 'many', Status: 'Gone', Tags: 'a' });
    expect(values).toMatchObject({ FirstName: '', Active: false, Quantity: '', Status: '', Tags: '' });
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
      Tags: '["a"]',
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
