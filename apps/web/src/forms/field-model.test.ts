import { describe, expect, it } from 'vitest';
import { arrayItemField, buildFieldModel, fieldLabel, flattenFields, type FormField } from './field-model';
import { listSchema, userSchema } from './test-schema';

function byPath(fields: readonly FormField[], path: string): FormField {
  const field = flattenFields(fields).find((f) => f.path === path);
  if (!field) throw new Error(`no field ${path}`);
  return field;
}

describe('fieldLabel', () => {
  it('spaces property names', () => {
    expect(fieldLabel('FirstName')).toBe('First Name');
    expect(fieldLabel('DefaultPriceScheduleID')).toBe('Default Price Schedule ID');
    expect(fieldLabel('URL')).toBe('URL');
    expect(fieldLabel('ID')).toBe('ID');
    expect(fieldLabel('ApiClientIDs')).toBe('Api Client IDs');
    expect(fieldLabel('xp')).toBe('Extended Properties (xp)');
  });
});

describe('buildFieldModel', () => {
  const edit = buildFieldModel(userSchema, { required: ['FirstName', 'Email'], mode: 'edit' });
  const create = buildFieldModel(userSchema, { required: ['FirstName'], mode: 'create' });

  it('skips read-only fields', () => {
    expect(edit.map((f) => f.name)).not.toContain('ID');
  });

  it('shows password fields only when editing', () => {
    expect(byPath(edit, 'Password').control).toBe('password');
    expect(create.map((f) => f.name)).not.toContain('Password');
  });

  it('picks controls by type, format, enum and name', () => {
    expect(byPath(edit, 'FirstName').control).toBe('text');
    expect(byPath(edit, 'Email').control).toBe('email');
    expect(byPath(edit, 'Email').rules.email).toBe(true);
    expect(byPath(edit, 'Comments').control).toBe('textarea');
    expect(byPath(edit, 'Quantity').control).toBe('integer');
    expect(byPath(edit, 'Price').control).toBe('number');
    expect(byPath(edit, 'Active').control).toBe('switch');
    expect(byPath(edit, 'Status').control).toBe('select');
    expect(byPath(edit, 'Status').options).toEqual(['Open', 'Closed']);
    expect(byPath(edit, 'DateCreated').control).toBe('datetime');
    expect(byPath(edit, 'Tags').control).toBe('array');
    expect(byPath(edit, 'xp').control).toBe('json');
  });

  it('uses a single-line box up to maxLength 200', () => {
    const fields = buildFieldModel(
      { type: 'object', properties: { A: { type: 'string', maxLength: 200 }, B: { type: 'string', maxLength: 201 } } },
      { mode: 'create' },
    );
    expect(fields.map((f) => f.control)).toEqual(['text', 'textarea']);
  });

  it('marks unknown shapes as unhandled JSON, free-form objects as plain JSON', () => {
    expect(byPath(edit, 'Weird')).toMatchObject({ control: 'json', unhandled: true });
    expect(byPath(edit, 'xp')).toMatchObject({ control: 'json', unhandled: false });
  });

  it('carries rules and help text', () => {
    expect(byPath(edit, 'FirstName')).toMatchObject({
      label: 'First Name',
      helpText: 'Given name.',
      rules: { required: true, maxLength: 100 },
    });
    expect(byPath(edit, 'Quantity').rules).toMatchObject({ required: false, minimum: 1, maximum: 10 });
    expect(byPath(create, 'Email').rules.required).toBe(false);
  });

  it('nests object fields with their own required list and dot paths', () => {
    expect(byPath(edit, 'Address').control).toBe('object');
    expect(byPath(edit, 'Address.City').rules.required).toBe(true);
    expect(byPath(edit, 'Address.Zip').rules).toMatchObject({ required: false, minLength: 5 });
  });

  it('flags resource identifier fields for pickers', () => {
    expect(byPath(edit, 'BuyerID').idField).toBe(true);
    expect(byPath(edit, 'FirstName').idField).toBe(false);
  });

  it('falls back to the schema required list', () => {
    const fields = buildFieldModel(
      { type: 'object', required: ['A'], properties: { A: { type: 'string' } } },
      { mode: 'create' },
    );
    expect(fields[0]?.rules.required).toBe(true);
  });
});

describe('list fields', () => {
  const lists = buildFieldModel(listSchema, { mode: 'create' });

  it('edits lists of primitives item by item, with the item rules of a lone field', () => {
    expect(byPath(lists, 'Tags')).toMatchObject({ control: 'array', unhandled: false });
    expect(byPath(lists, 'Tags').item).toMatchObject({ control: 'text', rules: { required: true, maxLength: 5 } });
    expect(byPath(lists, 'Scores').item).toMatchObject({ control: 'integer', rules: { minimum: 0, maximum: 100 } });
    expect(byPath(lists, 'Prices').item?.control).toBe('number');
    expect(byPath(lists, 'Flags').item?.control).toBe('switch');
    expect(byPath(lists, 'Emails').item).toMatchObject({ control: 'email', rules: { email: true } });
    expect(byPath(lists, 'Dates').item?.control).toBe('datetime');
  });

  it('carries required, minItems and maxItems on the list', () => {
    expect(byPath(lists, 'Tags').rules).toMatchObject({ required: true, minItems: 2, maxItems: 3 });
    expect(byPath(lists, 'Scores').rules).toMatchObject({ required: false, minItems: 2 });
    expect(byPath(lists, 'Scores').rules.maxItems).toBeUndefined();
  });

  it('offers enum lists as a multi-select of their options', () => {
    expect(byPath(lists, 'Roles')).toMatchObject({ control: 'multiselect', options: ['Admin', 'Reader', 'Writer'] });
    expect(byPath(lists, 'Roles').rules.maxItems).toBe(1);
    expect(byPath(lists, 'Levels')).toMatchObject({ control: 'multiselect', options: [1, 2, 3] });
  });

  it('edits lists of objects with the object rules, read-only properties left out', () => {
    const item = byPath(lists, 'Addresses').item;
    expect(item?.control).toBe('object');
    expect(item?.fields?.map((f) => f.name)).toEqual(['City', 'Zip', 'Floor', 'Lines']);
    expect(item?.fields?.[0]?.rules.required).toBe(true);
    expect(item?.fields?.[1]?.rules).toMatchObject({ required: false, minLength: 5 });
    expect(item?.fields?.[3]?.item?.control).toBe('text');
  });

  it('keeps lists of lists and unknown items on the JSON fallback', () => {
    expect(byPath(lists, 'Matrix')).toMatchObject({ control: 'json', unhandled: true });
    expect(byPath(lists, 'Anything')).toMatchObject({ control: 'json', unhandled: true });
    // Free-form items are a known shape (like xp), edited as JSON without the developer flag.
    expect(byPath(lists, 'Blobs')).toMatchObject({ control: 'json', unhandled: false });
    expect(byPath(lists, 'Matrix').item).toBeUndefined();
  });

  it('places items at their index with a positional label', () => {
    expect(arrayItemField(byPath(lists, 'Tags'), 1)).toMatchObject({
      path: 'Tags.1.value',
      name: 'Tags item 2',
      label: 'Tags item 2',
      control: 'text',
    });
    const address = arrayItemField(byPath(lists, 'Addresses'), 0);
    expect(address).toMatchObject({ path: 'Addresses.0', label: 'Addresses item 1' });
    expect(address.fields?.map((f) => f.path)).toEqual([
      'Addresses.0.City',
      'Addresses.0.Zip',
      'Addresses.0.Floor',
      'Addresses.0.Lines',
    ]);
    const lines = address.fields?.[3];
    if (!lines) throw new Error('no Lines field');
    expect(arrayItemField(lines, 2)).toMatchObject({ path: 'Addresses.0.Lines.2.value', label: 'Lines item 3' });
    expect(() => arrayItemField(byPath(lists, 'Roles'), 0)).toThrow();
  });

  it('does not flatten item templates into the form', () => {
    expect(flattenFields(lists).map((f) => f.path)).not.toContain('City');
  });
});
