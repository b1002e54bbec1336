import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkBar, type BulkSelectionLine } from './bulk-bar';
import { bulkReport } from './use-bulk-run';

afterEach(cleanup);

function show(node: ReactNode) {
  return render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);
}

const noop = () => undefined;
const line: BulkSelectionLine = {
  count: 20,
  offerAllMatching: 240,
  allMatching: false,
  onSelectAllMatching: noop,
  onClear: noop,
};

describe('the bulk bar', () => {
  it("offers every matching item once the page's rows are selected, then says all are", () => {
    const onSelectAllMatching = vi.fn();
    const { rerender } = show(
      <BulkBar
        selection={{ ...line, onSelectAllMatching }}
        progress={null}
        report={null}
        onCancel={noop}
        onDismiss={noop}
      >
        <button type="button">Delete</button>
      </BulkBar>,
    );
    expect(screen.getByText('20 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 240 matching' }));
    expect(onSelectAllMatching).toHaveBeenCalled();
    rerender(
      <ChakraProvider value={defaultSystem}>
        <BulkBar
          selection={{ ...line, count: 240, allMatching: true }}
          progress={null}
          report={null}
          onCancel={noop}
          onDismiss={noop}
        >
          <button type="button">Delete</button>
        </BulkBar>
      </ChakraProvider>,
    );
    expect(screen.getByText('All 240 matching selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Select all 240/ })).toBeNull();
  });

  it('shows progress N of M with Cancel while a run goes on', () => {
    const onCancel = vi.fn();
    show(
      <BulkBar
        selection={line}
        progress={{ label: 'Updating selected rows', done: 12, total: 50 }}
        report={null}
        onCancel={onCancel}
        onDismiss={noop}
      >
        {null}
      </BulkBar>,
    );
    expect(screen.getByRole('progressbar', { name: 'Updating selected rows' })).toBeTruthy();
    expect(screen.getByText('12 of 50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('sums the run up and names each failed row with the reasons', () => {
    const rows = [
      { id: 'p1', name: 'First' },
      { id: 'p2', name: 'Second' },
      { id: 'p3', name: 'Third' },
    ];
    const report = bulkReport(
      rows,
      [{ status: 'succeeded' }, { status: 'failed', messages: ['Product not found: p2'] }, { status: 'cancelled' }],
      'Updated',
    );
    expect(report.text).toBe('Updated 1 of 3. 1 failed. 1 cancelled.');
    show(
      <BulkBar selection={line} progress={null} report={report} onCancel={noop} onDismiss={noop}>
        {null}
      </BulkBar>,
    );
    expect(screen.getByText('Updated 1 of 3. 1 failed. 1 cancelled.')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Second (p2): Product not found: p2');
  });
});
