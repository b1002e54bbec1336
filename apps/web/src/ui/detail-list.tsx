import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A label and its value: text, or an element such as a `<DateTime>`. */
export type DetailRow = readonly [label: string, value: ReactNode];

/** Label and value pairs, such as identifiers a developer copies; long values wrap anywhere. */
export function DetailList({ rows, orientation }: { rows: readonly DetailRow[]; orientation?: 'horizontal' }) {
  return (
    <DataList.Root size="sm" orientation={orientation}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
