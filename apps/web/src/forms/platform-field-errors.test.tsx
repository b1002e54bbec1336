import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFieldModel } from './field-model';
import { toFormValues } from './normalize';
import {
  formPathOf,
  placePlatformErrors,
  platformErrorEntries,
  type PlacedPlatformErrors,
  type PlatformErrorEntry,
} from './platform-field-errors';
import { SchemaForm } from './schema-form';
import { listSchema, userSchema } from './test-schema';

afterEach(cleanup);

const users = buildFieldModel(userSchema, { mode: 'create' });
const lists = buildFieldModel(listSchema, { mode: 'create' });
// As the platform's validation answers (apps/server/src/platform/engine/validate.ts).
const invalid = (property: string, message: string): PlatformErrorEntry => ({
  ErrorCode: 'ValidationFailure',
  Message: message,
  Data: { Property: property },
});

describe('platform field errors', () => {
  it('finds the form path of the platform property paths', () => {
    expect(formPathOf(users, 'FirstName')).toBe('FirstName');
    expect(formPathOf(users, 'Address.Zip')).toBe('Address.Zip');
    expect(formPathOf(users, 'Tags[1]')).toBe('Tags.1.value');
    expect(formPathOf(lists, 'Addresses[1].City')).toBe('Addresses.1.City');
    expect(formPathOf(lists, 'Addresses[0].Lines[2]')).toBe('Addresses.0.Lines.2.value');
    expect(formPathOf(lists, 'Tags')).toBe('Tags');
    expect(formPathOf(users, 'Nope')).toBeNull();
    expect(formPathOf(users, 'Address.Nope')).toBeNull();
    expect(formPathOf(users, 'FirstName.Deeper')).toBeNull();
  });

  it('places field messages by path, a duplicate ID beside the ID, and keeps the rest for the summary', () => {
    const withId = buildFieldModel(
      { type: 'object', properties: { ID: { type: 'string' }, Name: { type: 'string' } } },
      { mode: 'create' },
    );
    const placed = placePlatformErrors(withId, [
      invalid('Name', 'Name must not exceed 100 characters.'),
      invalid('Name', 'Name is required.'),
      invalid('Color', 'Color is not a property of Product.'),
      { ErrorCode: 'IdExists', Message: 'Product already exists: p1', Data: { ObjectType: 'Product', ObjectID: 'p1' } },
      { ErrorCode: 'NotFound', Message: 'PriceSchedule not found: x', Data: { ObjectType: 'PriceSchedule' } },
      { ErrorCode: 'ValidationFailure', Message: '' },
    ]);
    expect(placed.byPath).toEqual({
      Name: 'Name must not exceed 100 characters. Name is required.',
      ID: 'Product already exists: p1',
    });
    expect(placed.unplaced).toEqual(['Color is not a property of Product.', 'PriceSchedule not found: x']);
  });

  it('reads the entries of a failed call only from its Errors envelope', () => {
    const entry = invalid('Name', 'Name is required.');
    expect(platformErrorEntries({ status: 400, body: { Errors: [entry, null, 'text'] } })).toEqual([entry]);
    expect(platformErrorEntries(new Error('offline'))).toEqual([]);
    expect(platformErrorEntries({ body: 'Bad Gateway' })).toEqual([]);
  });

  it('shows them beside their fields and in the summary until the field is edited', async () => {
    // Valid as it starts, so Save reaches the platform (here: a refusal made up in onSubmit).
    const fields = buildFieldModel(
      {
        type: 'object',
        properties: {
          FirstName: { type: 'string', maxLength: 100 },
          Address: { type: 'object', properties: { Zip: { type: 'string' } } },
        },
      },
      { mode: 'create' },
    );
    function Form() {
      const [placed, setPlaced] = useState<PlacedPlatformErrors['byPath']>({});
      return (
        <SchemaForm
          fields={fields}
          defaultValues={toFormValues(fields, undefined)}
          platformErrors={placed}
          onSubmit={() =>
            setPlaced(
              placePlatformErrors(fields, [
                invalid('FirstName', 'FirstName must not exceed 100 characters.'),
                invalid('Address.Zip', 'Address.Zip is not a postal code.'),
              ]).byPath,
            )
          }
        />
      );
    }
    render(
      <ChakraProvider value={defaultSystem}>
        <Form />
      </ChakraProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // In the summary (a count and the list) and beside each field.
    expect(await screen.findByText('2 errors need to be resolved.')).toBeTruthy();
    const firstName = document.querySelector<HTMLInputElement>('input[name="FirstName"]');
    if (!firstName) throw new Error('no FirstName input');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('FirstName must not exceed 100 characters.')).toHaveLength(2);
    expect(screen.getAllByText('Address.Zip is not a postal code.')).toHaveLength(2);

    fireEvent.change(firstName, { target: { value: 'Ann' } });
    await waitFor(() => expect(screen.queryAllByText('FirstName must not exceed 100 characters.')).toHaveLength(0));
    // One message left: the summary's title and the message beside its field.
    expect(screen.getAllByText('Address.Zip is not a postal code.')).toHaveLength(2);
  });
});
