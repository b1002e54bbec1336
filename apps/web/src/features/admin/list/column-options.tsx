import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from '@/ui/app-dialog';
import { CheckboxList } from '@/ui/checkbox-list';
import { columnLabel, type ListColumn } from '../lib/columns';

/** Columns a list offers beside the fields (a products list's Image, Price, Inventory), by label. */
export interface ExtraColumnChoices {
  readonly options: readonly string[];
  readonly chosen: readonly string[];
  /** The labels now chosen; null = back to the defaults. */
  readonly onChange: (labels: readonly string[] | null) => void;
  /** Settings of those columns, shown under the choices. */
  readonly settings?: ReactNode;
}

/** The Columns button: which fields the table shows, kept per marketplace and resource by the caller. */
export function ColumnOptions(props: {
  available: readonly ListColumn[];
  chosen: readonly string[];
  onChange: (fields: string[] | null) => void;
  extra?: ExtraColumnChoices | undefined;
}) {
  const { available, chosen, onChange, extra } = props;
  const labels = new Map(available.map((column) => [columnLabel(column), column.field]));
  const labelOf = new Map(available.map((column) => [column.field, columnLabel(column)]));
  const toggle = (label: string, checked: boolean) => {
    if (extra?.options.includes(label)) {
      extra.onChange(checked ? [...extra.chosen, label] : extra.chosen.filter((name) => name !== label));
      return;
    }
    const field = labels.get(label) ?? label;
    onChange(checked ? [...chosen.filter((name) => name !== field), field] : chosen.filter((name) => name !== field));
  };
  return (
    <AppDialog
      size="md"
      title="Columns"
      closeLabel="Close column options"
      trigger={
        <Dialog.Trigger asChild>
          <Button variant="outline" size="sm">
            Columns
          </Button>
        </Dialog.Trigger>
      }
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              onChange(null);
              extra?.onChange(null);
            }}
          >
            Reset to defaults
          </Button>
          <Dialog.ActionTrigger asChild>
            <Button>Done</Button>
          </Dialog.ActionTrigger>
        </>
      }
    >
      <CheckboxList
        options={[...(extra?.options ?? []), ...labels.keys()]}
        chosen={[...(extra?.chosen ?? []), ...chosen.map((field) => labelOf.get(field) ?? field)]}
        onToggle={toggle}
        filterLabel="Filter columns"
        emptyText="No column matches."
      />
      {extra?.settings}
    </AppDialog>
  );
}
