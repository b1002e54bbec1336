import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOperation } from '@/description/api-model';
import { OperationPicker, type OperationPickerProps } from './operation-picker';

afterEach(cleanup);

function operation(id: string, method: ApiOperation['method'], roles: string[], path = '/buyers'): ApiOperation {
  return {
    id,
    resourceId: 'Buyers',
    tag: 'Buyers',
    method,
    path,
    summary: `${id} summary`,
    description: '',
    pathParams: [],
    queryParams: [],
    requestBody: null,
    successStatus: '200',
    responseSchema: null,
    listItemSchema: null,
    roles,
  };
}

const operations = [
  operation('Buyers.List', 'get', ['BuyerReader', 'BuyerAdmin']),
  operation('Buyers.Create', 'post', ['BuyerAdmin']),
  operation('Buyers.Save', 'put', ['BuyerReader']),
  operation('Buyers.Patch', 'patch', ['BuyerReader'], '/buyers/{buyerID}'),
  operation('Buyers.Delete', 'delete', ['BuyerAdmin'], '/buyers/{buyerID}'),
];

function wrap(picker: ReactNode) {
  return <ChakraProvider value={defaultSystem}>{picker}</ChakraProvider>;
}

/** Holds the chosen id the way the console page does, so a choice comes back as the new `value`. */
function StatefulPicker({ onChange, ...props }: OperationPickerProps) {
  const [value, setValue] = useState(props.value);
  const choose = (id: string) => {
    onChange(id);
    setValue(id);
  };
  return <OperationPicker {...props} value={value} onChange={choose} />;
}

function renderPicker() {
  const onChange = vi.fn();
  render(
    wrap(<StatefulPicker operations={operations} roles={['BuyerReader']} value="Buyers.List" onChange={onChange} />),
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Operation' }) as HTMLInputElement };
}

async function open(input: HTMLElement) {
  fireEvent.click(input);
  return screen.findByRole('listbox');
}

function option(id: string): HTMLElement {
  return screen.getByRole('option', { name: new RegExp(id.replace('.', '\\.')) });
}

function visibleIds(listbox: HTMLElement): string[] {
  return within(listbox)
    .queryAllByRole('option')
    .map((item) => item.getAttribute('data-value') ?? '');
}

describe('OperationPicker', () => {
  it('shows the chosen operation in the input with its verb badge and id line', () => {
    const { input } = renderPicker();
    expect(input.placeholder).toBe('Search operations...');
    expect(input.value).toBe('Buyers.List summary');
    expect(screen.getByText('GET').getAttribute('data-color-palette')).toBe('green');
    expect(screen.getByText('Buyers.List · /buyers')).toBeTruthy();
  });

  it('lists every operation with a verb badge in the verb colour', async () => {
    const { input } = renderPicker();
    const listbox = await open(input);
    expect(visibleIds(listbox)).toEqual(operations.map((item) => item.id));
    const palettes = Object.fromEntries(
      operations.map((item) => {
        const badge = within(option(item.id)).getByText(item.method.toUpperCase());
        return [item.method, badge.getAttribute('data-color-palette')];
      }),
    );
    expect(palettes).toEqual({ get: 'green', post: 'blue', put: 'teal', patch: 'yellow', delete: 'red' });
    expect(within(option('Buyers.Create')).getByText('Buyers.Create summary')).toBeTruthy();
  });

  it('disables the operations the token roles do not permit, and they cannot be chosen', async () => {
    const { input, onChange } = renderPicker();
    await open(input);
    expect(option('Buyers.List').getAttribute('aria-disabled')).not.toBe('true');
    const create = option('Buyers.Create');
    expect(create.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(create);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('Buyers.List summary');
  });

  it('filters by id, summary, method and path as the user types', async () => {
    const { input } = renderPicker();
    const listbox = await open(input);
    fireEvent.change(input, { target: { value: 'delete' } });
    await waitFor(() => expect(visibleIds(listbox)).toEqual(['Buyers.Delete']));
    fireEvent.change(input, { target: { value: '{buyerID}' } });
    await waitFor(() => expect(visibleIds(listbox)).toEqual(['Buyers.Patch', 'Buyers.Delete']));
    fireEvent.change(input, { target: { value: 'save SUMMARY' } });
    await waitFor(() => expect(visibleIds(listbox)).toEqual(['Buyers.Save']));
    fireEvent.change(input, { target: { value: 'nothing like this' } });
    await waitFor(() => expect(visibleIds(listbox)).toEqual([]));
    expect(screen.getByRole('status').textContent).toBe('No operations match “nothing like this”.');
  });

  it('calls onChange with the chosen id, by click or by arrow keys and Enter', async () => {
    const { input, onChange } = renderPicker();
    await open(input);
    fireEvent.click(option('Buyers.Save'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('Buyers.Save'));
    await waitFor(() => expect(input.value).toBe('Buyers.Save summary'));

    fireEvent.change(input, { target: { value: 'buyerID' } });
    await waitFor(() => expect(option('Buyers.Patch').getAttribute('data-highlighted')).not.toBeNull());
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('Buyers.Patch'));
  });

  it('moves through the permitted items with the arrow keys and closes on Escape', async () => {
    const { input, onChange } = renderPicker();
    await open(input);
    await waitFor(() => expect(option('Buyers.List').getAttribute('data-highlighted')).not.toBeNull());
    // Buyers.Create is not permitted, so the highlight skips it.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(option('Buyers.Save').getAttribute('data-highlighted')).not.toBeNull());
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(option('Buyers.Save').getAttribute('data-highlighted')).not.toBeNull());
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('Buyers.Save'));
  });

  it('puts the chosen operation back and lists everything again after Escape', async () => {
    const { input, onChange } = renderPicker();
    const listbox = await open(input);
    fireEvent.change(input, { target: { value: 'delete' } });
    await waitFor(() => expect(visibleIds(listbox)).toEqual(['Buyers.Delete']));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(input.value).toBe('Buyers.List summary');
    expect(visibleIds(await open(input))).toEqual(operations.map((item) => item.id));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('follows the value when it changes from outside', async () => {
    const props: OperationPickerProps = { operations, roles: ['BuyerReader'], value: 'Buyers.List', onChange: vi.fn() };
    const view = render(wrap(<OperationPicker {...props} />));
    const input = screen.getByRole('combobox', { name: 'Operation' }) as HTMLInputElement;
    view.rerender(wrap(<OperationPicker {...props} value="Buyers.Patch" />));
    await waitFor(() => expect(input.value).toBe('Buyers.Patch summary'));
    expect(screen.getByText('Buyers.Patch · /buyers/{buyerID}')).toBeTruthy();
  });
});
