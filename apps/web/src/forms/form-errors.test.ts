import { describe, expect, it } from 'vitest';
import { buildFieldModel } from './field-model';
import { errorAt, errorMessages, listErrorAt, type FormErrors } from './form-errors';
import { listSchema } from './test-schema';

const fields = buildFieldModel(listSchema, { mode: 'create' });
const error = (message: string) => ({ type: 'validate', message });

describe('form errors', () => {
  // Shaped like react-hook-form's tree: list rules under `root`, items at their index.
  const errors = {
    Tags: Object.assign([undefined, { value: error('Tags item 2 is required') }], {
      root: error('Tags allows at most 3 items'),
    }),
    Scores: [undefined, { value: error('Scores item 2 is required') }],
    Roles: error('Roles allows at most 1 item'),
    Addresses: [undefined, { City: error('City is required') }],
    Matrix: error('Matrix must be a list'),
  } as unknown as FormErrors;

  it('lists every message in field order, items after their list', () => {
    expect(errorMessages(fields, errors)).toEqual([
      'Tags allows at most 3 items',
      'Tags item 2 is required',
      'Scores item 2 is required',
      'Roles allows at most 1 item',
      'City is required',
      'Matrix must be a list',
    ]);
  });

  it('reads single messages and list messages', () => {
    expect(errorAt(errors, 'Roles')).toBe('Roles allows at most 1 item');
    expect(errorAt(errors, 'Tags.1.value')).toBe('Tags item 2 is required');
    expect(listErrorAt(errors, 'Tags')).toBe('Tags allows at most 3 items');
    expect(listErrorAt(errors, 'Scores')).toBeUndefined();
    expect(errorAt(errors, 'Prices')).toBeUndefined();
  });
});
