import { describe, expect, it } from 'vitest';
import { widgetRegistry } from './testing/widget-registry.ts';
import { deepMerge, validateBody, withDefaults, XP_MAX_BYTES } from './validate.ts';

const widget = widgetRegistry.model('Widget');
const check = (body: unknown, previous?: Record<string, unknown>, required: string[] = ['Name']) =>
  validateBody(widgetRegistry, widget, body, { required, previous });
const messages = (body: unknown, previous?: Record<string, unknown>) =>
  check(body, previous).errors.map((e) => e.Message);

describe('validateBody', () => {
  it('accepts a good body and normalises dates', () => {
    const { value, errors } = validateBody(
      widgetRegistry,
      widgetRegistry.model('Incrementor'),
      { ID: 'n', LastNumber: 1, LeftPaddingCount: 2 },
      { required: [], previous: undefined },
    );
    expect(errors).toEqual([]);
    expect(value).toEqual({ ID: 'n', LastNumber: 1, LeftPaddingCount: 2 });
  });

  it('reports every problem with the property it concerns', () => {
    const { errors } = check({
      Name: 'x'.repeat(21),
      Price: 'cheap',
      Stock: 1.5,
      Active: 'yes',
      Colour: 'red',
      Size: { Width: 'wide' },
    });
    expect(errors.map((e) => e.Data)).toEqual([
      { Property: 'Name' },
      { Property: 'Price' },
      { Property: 'Stock' },
      { Property: 'Active' },
      { Property: 'Colour' },
      { Property: 'Size.Width' },
    ]);
    expect(errors.map((e) => e.Message)).toEqual([
      'Name must not exceed 20 characters.',
      'Price must be a number.',
      'Stock must be a whole number.',
      'Active must be true or false.',
      'Colour is not a property of Widget.',
      'Size.Width must be a number.',
    ]);
    expect(new Set(errors.map((e) => e.ErrorCode))).toEqual(new Set(['ValidationFailure']));
  });

  it('requires the required fields, treating empty text as missing', () => {
    expect(messages({ Name: '' })).toEqual(['Name is required.']);
    expect(messages({})).toEqual(['Name is required.']);
  });

  it('refuses a new value for a read-only field but accepts it sent back unchanged', () => {
    expect(messages({ Name: 'a', DateCreated: '2024-01-01T00:00:00Z' })).toEqual(['DateCreated is read-only.']);
    expect(
      messages({ Name: 'a', DateCreated: '2024-01-01T00:00:00+00:00' }, { DateCreated: '2024-01-01T00:00:00.000Z' }),
    ).toEqual([]);
  });

  it('checks minimums, ids and the size of xp', () => {
    expect(messages({ Name: 'a', Stock: -1 })).toEqual(['Stock must be at least 0.']);
    expect(messages({ Name: 'a', ID: 'has space' })).toEqual([
      'ID may only contain letters, digits, - and _ (at most 100 characters).',
    ]);
    expect(messages({ Name: 'a', ID: 'ORD-{orders}' })).toEqual([]);
    expect(messages({ Name: 'a', xp: { big: 'x'.repeat(XP_MAX_BYTES) } })[0]).toMatch(/^xp must not exceed 8000 bytes/);
  });

  it('refuses a body that is not an object', () => {
    expect(check([1, 2]).errors[0]?.ErrorCode).toBe('Request.InvalidRequestBody');
    expect(check('text').errors[0]?.ErrorCode).toBe('Request.InvalidRequestBody');
  });
});

describe('withDefaults and deepMerge', () => {
  it('stores every field, null or default, never write-only ones', () => {
    const filled = withDefaults(widget, { Name: 'a', Password: 'secret' });
    expect(filled).toMatchObject({ Name: 'a', Description: null, xp: {} });
    expect(filled).not.toHaveProperty('Password');
  });

  it('merges objects deeply and replaces arrays and scalars', () => {
    expect(
      deepMerge(
        { a: 1, xp: { keep: 1, nested: { x: 1 } }, list: [1, 2] },
        { xp: { nested: { y: 2 }, gone: null }, list: [3] },
      ),
    ).toEqual({
      a: 1,
      xp: { keep: 1, nested: { x: 1, y: 2 }, gone: null },
      list: [3],
    });
  });
});
