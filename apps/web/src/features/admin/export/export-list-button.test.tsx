import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListPage } from '@/services/platform';
import type { ExportItem } from './export-csv';
import { ExportListButton } from './export-list-button';

afterEach(cleanup);

/** 250 items; each page waits for the test to release it, so the progress in between can be seen. */
function gatedList() {
  const all = Array.from({ length: 250 }, (_, index) => ({ ID: `p${index + 1}` }));
  const gates: (() => void)[] = [];
  const readPage = vi.fn(async (page: number, pageSize: number, signal: AbortSignal): Promise<ListPage<ExportItem>> => {
    await new Promise<void>((resolve, reject) => {
      gates.push(resolve);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
    const start = (page - 1) * pageSize;
    const items = all.slice(start, start + pageSize);
    return {
      Items: items,
      Meta: {
        Page: page,
        PageSize: pageSize,
        TotalCount: 250,
        TotalPages: 3,
        ItemRange: [start + 1, start + items.length],
      },
    };
  });
  const release = async () => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    gates.shift()?.();
  };
  return { readPage, release };
}

function renderButton(readPage: ReturnType<typeof gatedList>['readPage'], onDownload = vi.fn()) {
  render(
    <ChakraProvider value={defaultSystem}>
      <ExportListButton
        label="Products"
        fileName="products-demo-2024-03-05.csv"
        columns={['ID']}
        readPage={readPage}
        onDownload={onDownload}
      />
    </ChakraProvider>,
  );
  return onDownload;
}

describe('ExportListButton', () => {
  it('shows progress while reading every page, then downloads the file', async () => {
    const { readPage, release } = gatedList();
    const onDownload = renderButton(readPage);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('progressbar', { name: 'Exporting products' })).toBeTruthy();
    await release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('100 of 250'));
    await release();
    await release();
    await waitFor(() => expect(onDownload).toHaveBeenCalled());
    const [fileName, csv] = onDownload.mock.calls[0] as [string, string];
    expect(fileName).toBe('products-demo-2024-03-05.csv');
    expect(csv.split('\r\n')).toHaveLength(251);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('cancels: no further page, no download, the button comes back', async () => {
    const { readPage, release } = gatedList();
    const onDownload = renderButton(readPage);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('100 of 250'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Export CSV' });
    expect(readPage).toHaveBeenCalledTimes(2);
    expect(onDownload).not.toHaveBeenCalled();
  });
});
