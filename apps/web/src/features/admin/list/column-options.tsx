import { Button, Dialog } from '@chakra-ui/react';
import { AppDialog } from '@/ui/app-dialog';
import { CheckboxList } from '@/ui/checkbox-list';
import { columnLabel, type ListColumn } from '../lib/columns';

/** The Columns button: which fields the table shows, kept per marketplace and resource by the caller. */
export function ColumnOptions(props: {
  available: readonly ListColumn[];
  chosen: readonly string[];
  onChange: (fields: string[] | null) => void;
}) {
  const { available, chosen, onChange } = props;
  const labels = new Map(available.map((column) => [columnLabel(column), column.field]));
  const labelOf = new Map(available.map((column) => [column.field, columnLabel(column)]));
  const toggle = (label: string, checked: boolean) => {
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
          <Button variant="ghost" onClick={() => onChange(null)}>
            Reset to defaults
          </Button>
          <Dialog.ActionTrigger asChild>
            <Button>Done</Button>
          </Dialog.ActionTrigger>
        </>
      }
    >
      <CheckboxList
        options={[...labels.keys()]}
        chosen={chosen.map((field) => labelOf.get(field) ?? field)}
        onToggle={toggle}
        filterLabel="Filter columns"
        emptyText="No column matches."
      />
    </AppDialog>
  );
}
