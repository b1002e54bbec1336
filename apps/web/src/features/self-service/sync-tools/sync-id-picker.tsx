import { Input } from '@chakra-ui/react';
import type { ControlProps } from '@/forms/control-props';
import { standaloneIdField } from '@/forms/field-model';
import { IdPicker } from '@/forms/pickers/id-picker';
import { PickerScope } from '@/forms/pickers/picker-source';

export interface SyncIdPickerProps {
  /** The platform field the id fills, e.g. `CatalogID`: it names the list the picker offers. */
  name: 'CatalogID' | 'CategoryID';
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A category belongs to a catalog: its list is the chosen catalog's. */
  catalogId?: string;
}

/**
 * The admin forms' ID picker for a sync field: any id may still be typed or pasted, the marketplace's list is
 * offered underneath. Sits inside the caller's `Field.Root`, which labels it.
 */
export function SyncIdPicker({ name, label, value, onChange, onBlur, catalogId }: SyncIdPickerProps) {
  const field = standaloneIdField(name, label);
  const control: ControlProps = {
    value,
    name,
    onBlur: onBlur ?? (() => {}),
    onChange: (next) => onChange(String(next)),
  };
  const fallback = <Input value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />;
  const catalog = catalogId?.trim();
  return (
    // The categories list reads its catalogID path parameter from the scope.
    <PickerScope params={catalog ? { catalogID: catalog } : undefined}>
      <IdPicker field={field} control={control} fallback={fallback} />
    </PickerScope>
  );
}
