import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
