import { describe, expect, it } from 'vitest';
import { buildFieldModel, fieldLabel, flattenFields, type FormField } from './field-model';
import { userSchema } from './test-schema';

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
