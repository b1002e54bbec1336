import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/services/portal-error';
import { toaster } from '@/ui/toaster';
import { downloadTextFile } from './download-file';
import { exportListCsv, type ExportProgress, type PageReader } from './export-csv';

export interface ExportListButtonProps {
  /** The list's plural, e.g. 'Products'. */
  readonly label: string;
  readonly fileName: string;
  readonly columns: readonly string[];
  readonly readPage: PageReader;
  /** Where the finished file goes; the browser's download by default. */
  readonly onDownload?: (fileName: string, csv: string) => void;
}

type ExportState = { readonly kind: 'idle' } | { readonly kind: 'running'; readonly progress: ExportProgress | null };

const numbers = new Intl.NumberFormat('en-US');

/**
 * 'Export CSV' for a list: reads every page, shows a progress bar with Cancel, then downloads the file.
 *
 * @example
 * <ExportListButton label="Products" fileName="products-demo-2024-03-05.csv" columns={['ID', 'Name']} readPage={readPage} />
 */
export function ExportListButton(props: ExportListButtonProps) {
  const { label, fileName, columns, readPage, onDownload = downloadTextFile } = props;
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops an export in progress rather than downloading a file nobody waits for.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'running', progress: null });
    try {
      const { csv, rows } = await exportListCsv({
        readPage,
        columns,
        signal: current.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      onDownload(fileName, csv);
      toaster.create({ type: 'success', title: `Exported ${numbers.format(rows)} ${label.toLowerCase()}` });
    } catch (error) {
      if (!current.signal.aborted) {
        toaster.create({ type: 'error', title: 'Export failed', description: describeError(error).message });
      }
    } finally {
      if (controller.current === current) controller.current = null;
      setState({ kind: 'idle' });
    }
  };

  if (state.kind === 'idle') {
    return (
      <Button size="sm" variant="outline" onClick={() => void start()} disabled={columns.length === 0}>
        Export CSV
      </Button>
    );
  }
  const { progress } = state;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <HStack gap="3" minW="16rem">
      <Progress.Root
        value={percent}
        max={100}
        size="sm"
        flex="1"
        // The track is the progressbar element and takes its name from here (by default only the percentage).
        translations={{ value: () => `Exporting ${label.toLowerCase()}` }}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" role="status" whiteSpace="nowrap">
        {progress ? `${numbers.format(progress.done)} of ${numbers.format(progress.total)}` : 'Starting…'}
      </Text>
      <Button size="sm" variant="ghost" onClick={() => controller.current?.abort()}>
        Cancel
      </Button>
    </HStack>
  );
}
