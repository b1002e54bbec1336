import { DataList, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';

/** Label and value rows; values may be elements (a status badge). Rows without a value are left out. */
export function SummaryList({ title, rows }: { title: string; rows: readonly (readonly [string, ReactNode])[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== '' && value !== undefined);
  return (
    <Stack as="section" gap="2" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <DataList.Root size="sm" orientation="horizontal">
        {shown.map(([label, value]) => (
          <DataList.Item key={label} alignItems="flex-start">
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" wordBreak="break-word">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

/** A date-time field in the portal's format (UTC, local time on hover); null when unset. */
export function dateOf(value: unknown): ReactNode {
  return typeof value === 'string' && value !== '' ? <DateTime value={value} /> : null;
}
