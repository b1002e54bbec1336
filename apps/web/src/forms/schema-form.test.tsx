import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { EditorView } from '@codemirror/view';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchemaObject } from '@/description/openapi-types';
import { buildFieldModel } from './field-model';
import { toFormValues } from './normalize';
import { SchemaForm } from './schema-form';
import { userSchema } from './test-schema';

afterEach(cleanup);

describe('SchemaForm', () => {
  it('validates on blur, summarises errors on submit, and fills the ID picker slot', async () => {
    const fields = buildFieldModel(userSchema, { required: ['FirstName', 'Email'], mode: 'create' });
    const onSubmit = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm
          fields={fields}
          defaultValues={toFormValues(fields, undefined)}
          onSubmit={onSubmit}
          idPicker={(field) => <span>picker for {field.name}</span>}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText('picker for BuyerID')).toBeTruthy();
    expect(screen.queryByLabelText(/Password/)).toBeNull();

    const email = document.querySelector<HTMLInputElement>('input[name="Email"]');
    if (!email) throw new Error('no email input');
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    await waitFor(() => expect(screen.getByText('Email is invalid')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('3 errors need to be resolved.')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

const listFormSchema: SchemaObject = {
  type: 'object',
  properties: {
    Scores: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'integer', minimum: 0, maximum: 100 } },
    Roles: { type: 'array', items: { type: 'string', enum: ['Admin', 'Reader', 'Writer'] } },
    Addresses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['City'],
        properties: { ID: { type: 'string', readOnly: true }, City: { type: 'string' }, Zip: { type: 'string' } },
      },
    },
  },
};

function renderListForm(onSubmit: (body: unknown) => void) {
  const fields = buildFieldModel(listFormSchema, { mode: 'create' });
  render(
    <ChakraProvider value={defaultSystem}>
      <SchemaForm fields={fields} defaultValues={toFormValues(fields, undefined)} onSubmit={onSubmit} />
    </ChakraProvider>,
  );
}

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('SchemaForm lists', () => {
  it('adds, removes and fills items and submits typed lists', async () => {
    const onSubmit = vi.fn();
    renderListForm(onSubmit);
    expect(screen.getAllByText('No items yet.')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Add Scores item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Scores item' }));
    fireEvent.change(input(/^Scores item 1/), { target: { value: '5' } });
    fireEvent.change(input(/^Scores item 2/), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Scores item 1' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Scores item 2/)).toBeNull());
    expect(input(/^Scores item 1/).value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Add Scores item' }));
    fireEvent.change(input(/^Scores item 2/), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move Scores item 2 up' }));
    await waitFor(() => expect(input(/^Scores item 1/).value).toBe('9'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Scores item' }));
    fireEvent.change(input(/^Scores item 3/), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Scores item 2' }));
    await waitFor(() => expect(input(/^Scores item 2/).value).toBe('11'));

    fireEvent.click(screen.getByRole('button', { name: 'Add Addresses item' }));
    expect(screen.getByRole('group', { name: 'Addresses item 1' })).toBeTruthy();
    fireEvent.change(input(/^City/), { target: { value: 'Oslo' } });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Writer' }));
    await waitFor(() => expect(screen.getByText('(1 selected)')).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await waitFor(() => expect(screen.getByText('(2 selected)')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      Scores: [9, 11],
      Roles: ['Writer', 'Admin'],
      Addresses: [{ City: 'Oslo' }],
    });
  });

  it('validates items on blur, counts items on submit and stops adding at maxItems', async () => {
    const onSubmit = vi.fn();
    renderListForm(onSubmit);
    const add = screen.getByRole('button', { name: 'Add Scores item' });
    fireEvent.click(add);
    fireEvent.change(input(/^Scores item 1/), { target: { value: '101' } });
    fireEvent.blur(input(/^Scores item 1/));
    await waitFor(() => expect(screen.getByText('Scores item 1 must be at most 100')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Add Addresses item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('3 errors need to be resolved.')).toBeTruthy());
    expect(screen.getAllByText('Scores needs at least 2 items').length).toBeGreaterThan(0);
    expect(screen.getAllByText('City is required').length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getAllByLabelText(/^Scores item \d/)).toHaveLength(3);
  });
});

describe('SchemaForm multi-select', () => {
  it('filters long option lists and keeps hidden choices chosen', async () => {
    const roles = Array.from({ length: 12 }, (_, index) => `Role${index + 1}Admin`);
    const fields = buildFieldModel(
      { type: 'object', properties: { Roles: { type: 'array', items: { type: 'string', enum: roles } } } },
      { mode: 'create' },
    );
    const onSubmit = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm
          fields={fields}
          defaultValues={toFormValues(fields, { Roles: ['Role3Admin'] })}
          onSubmit={onSubmit}
        />
      </ChakraProvider>,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(12);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter Roles' }), { target: { value: 'role1' } });
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(4));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Role11Admin' }));
    await waitFor(() => expect(screen.getByText('(2 selected)')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ Roles: ['Role3Admin', 'Role11Admin'] }));
  });
});

describe('SchemaForm JSON fields', () => {
  const schema: SchemaObject = { type: 'object', properties: { Name: { type: 'string' }, xp: { type: 'object' } } };

  it('edits free-form objects in the JSON editor and sends parsed JSON', async () => {
    const fields = buildFieldModel(schema, { mode: 'edit' });
    const onSubmit = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm
          fields={fields}
          defaultValues={toFormValues(fields, { Name: 'n', xp: { Color: 'red' } })}
          onSubmit={onSubmit}
        />
      </ChakraProvider>,
    );
    // The editor loads lazily; the read-only stand-in has the same name, so wait for the editable one.
    const editor = await waitFor(() => {
      const box = screen.getByRole('textbox', { name: 'Extended Properties (xp)' });
      if (box.getAttribute('contenteditable') !== 'true') throw new Error('editor not loaded yet');
      return box;
    });
    const view = EditorView.findFromDOM(editor);
    if (!view) throw new Error('no editor view');
    expect(view.state.doc.toString()).toContain('"Color": "red"');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{"Color": "blue", "Size": 3}' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ Name: 'n', xp: { Color: 'blue', Size: 3 } });
  });
});
