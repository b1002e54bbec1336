import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssignmentCell, RowCheckbox, SelectAllCheckbox } from './assignment-cells';

afterEach(cleanup);

function show(node: ReactNode) {
  return render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);
}

const noop = () => undefined;

describe('selection boxes', () => {
  it("names each row's box after the row and reports the change", () => {
    const onChange = vi.fn();
    show(<RowCheckbox name="Ada Lovelace" checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("the header's box is checked when every row is, mixed when some are, off when none", () => {
    const { rerender } = show(<SelectAllCheckbox selected={3} total={3} onChange={noop} />);
    const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all on this page' });
    expect(box().checked).toBe(true);
    rerender(
      <ChakraProvider value={defaultSystem}>
        <SelectAllCheckbox selected={1} total={3} onChange={noop} />
      </ChakraProvider>,
    );
    expect(box().checked).toBe(false);
    expect(box().indeterminate).toBe(true);
    rerender(
      <ChakraProvider value={defaultSystem}>
        <SelectAllCheckbox selected={0} total={3} onChange={noop} />
      </ChakraProvider>,
    );
    expect(box().indeterminate).toBe(false);
  });
});

describe('the Assignment cell', () => {
  const base = {
    rowName: 'Ada Lovelace',
    configurableFields: [],
    loading: false,
    unknown: false,
    busy: false,
    outcome: undefined,
    onAssign: noop,
    onUnassign: noop,
  };

  it('offers Assign for a row without a record and Unassign for one with, with the record’s configurable values', () => {
    const onAssign = vi.fn();
    const { rerender } = show(<AssignmentCell {...base} record={undefined} onAssign={onAssign} />);
    expect(screen.getByText('Not assigned')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Ada Lovelace' }));
    expect(onAssign).toHaveBeenCalled();
    rerender(
      <ChakraProvider value={defaultSystem}>
        <AssignmentCell
          {...base}
          configurableFields={['Visible', 'ViewAllProducts']}
          record={{ CategoryID: 'c1', BuyerID: 'b1', Visible: true, ViewAllProducts: false }}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText('Assigned')).toBeTruthy();
    expect(screen.getByText('Visible: Yes, View All Products: No')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unassign Ada Lovelace' })).toBeTruthy();
  });

  it('says why the last action failed, and shows no button while it runs or without the roles', () => {
    const { rerender } = show(
      <AssignmentCell
        {...base}
        record={undefined}
        outcome={{ status: 'failed', messages: ['User not found: u2'] }}
        onAssign={null}
      />,
    );
    expect(screen.getByText('Failed: User not found: u2')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <ChakraProvider value={defaultSystem}>
        <AssignmentCell {...base} record={undefined} busy />
      </ChakraProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('Saving Ada Lovelace')).toBeTruthy();
  });

  it('claims nothing when the records could not be read', () => {
    show(<AssignmentCell {...base} record={undefined} unknown />);
    expect(screen.getByText('Unknown')).toBeTruthy();
    expect(screen.queryByText('Not assigned')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
