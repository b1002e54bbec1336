import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import type { ChangeHistoryQuery } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { describeError } from '@/services/portal-error';
import { toaster } from '@/ui/toaster';
import { downloadTextFile } from '../export/download-file';
import { exportFileName } from '../export/export-csv';
import { readActivityPage } from '../history/history-api';
import { exportActivityCsv } from './activity-csv';

const numbers = new Intl.NumberFormat('en-US');

/**
 * 'Export CSV' of every record the filters match: pages through the portal service, shows how many are read with
 * Cancel, then downloads the file. The total is not known ahead (keyset pages), so the bar runs without an end.
 */
export function ActivityExportButton({ query }: { query: ChangeHistoryQuery }) {
  const { marketplace } = usePortalContext();
  const [done, setDone] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops an export in progress rather than downloading a file nobody waits for.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const current = new AbortController();
    controller.current = current;
    setDone(0);
    try {
      const { csv, rows } = await exportActivityCsv({
        readPage: (PageKey, PageSize, signal) =>
          readActivityPage({ ...query, PageSize, ...(PageKey ? { PageKey } : {}) }, signal),
        signal: current.signal,
        onProgress: setDone,
      });
      downloadTextFile(exportFileName('activity', marketplace.Id, new Date()), csv);
      toaster.create({ type: 'success', title: `Exported ${numbers.format(rows)} changes` });
    } catch (error) {
      if (!current.signal.aborted) {
        toaster.create({ type: 'error', title: 'Export failed', description: describeError(error).message });
      }
    } finally {
      if (controller.current === current) controller.current = null;
      setDone(null);
    }
  };

  if (done === null) {
    return (
      <Button size="sm" variant="outline" onClick={() => void start()}>
        Export CSV
      </Button>
    );
  }
  return (
    <HStack gap="3" minW="16rem">
      <Progress.Root value={null} size="sm" flex="1" translations={{ value: () => 'Exporting the activity' }}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" role="status" whiteSpace="nowrap">
        Exported {numbers.format(done)} of …
      </Text>
      <Button size="sm" variant="ghost" onClick={() => controller.current?.abort()}>
        Cancel
      </Button>
    </HStack>
  );
}
