import { Combobox, createListCollection, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useFormContext, useWatch, type Control } from 'react-hook-form';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { describeError } from '@/services/portal-error';
import type { ControlProps } from '../control-props';
import type { FormField } from '../field-model';
import type { FormValues } from '../normalize';
import type { PickerContext, PickerTarget } from './id-field-target';
import type { PickerSource } from './picker-source';
import {
  MISSING_REQUIRED_PARAMETERS,
  PICKER_PAGE_SIZE,
  useFieldTarget,
  usePickerContext,
  usePickerOptions,
  type PickerOption,
} from './use-picker-options';

// ID PICKER
// The control of an identifier field (spec 2 §3): a text box that still takes any id typed or pasted, with the
// matching resource's list (page size 100, search after 300 ms) offered underneath as display names with ids.

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads the value named `name` nearest to `field` in the form values: its sibling first (`Address.BuyerID` for
 * `Address.UserID`, `Specs.0.SpecID` for `Specs.0.OptionID`), else the same name further out, so an item of a list
 * finds the parent id its form holds at the top (`OrderID` for `ItemsToReturn.0.LineItemID` or `PaymentIDs.0.value`).
 */
function siblingReader(values: unknown, field: FormField) {
  const parent = field.path.split('.').slice(0, -1);
  const at = (keys: readonly string[]): unknown =>
    keys.reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
  return (name: string): unknown => {
    for (let depth = parent.length; depth >= 0; depth -= 1) {
      const found = at([...parent.slice(0, depth), name]);
      if (found !== undefined && found !== null && found !== '') return found;
    }
    return undefined;
  };
}

/**
 * The ID picker for a form field, or a plain text box when no picker source is provided or the field names
 * nothing listable. Plugged into the form engine's ID-field slot.
 */
export function IdPicker(props: IdPickerProps) {
  // Null outside a FormProvider (the form engine provides one); the picker then reads route parameters only.
  const form = useFormContext<FormValues>() as ReturnType<typeof useFormContext<FormValues>> | null;
  return form ? (
    <WatchedIdPicker {...props} formControl={form.control} />
  ) : (
    <ResolvedIdPicker {...props} formValues={undefined} />
  );
}

export interface IdPickerProps {
  readonly field: FormField;
  readonly control: ControlProps;
  /** The plain text box shown when there is nothing to pick from. */
  readonly fallback: ReactNode;
}

function WatchedIdPicker(props: IdPickerProps & { formControl: Control<FormValues> }) {
  // Parent ids such as BuyerID may be typed into the same form; the picker follows them as they change.
  const values = useWatch({ control: props.formControl });
  return <ResolvedIdPicker {...props} formValues={values} />;
}

function ResolvedIdPicker(props: IdPickerProps & { formValues: unknown }) {
  const { field, control, formValues, fallback } = props;
  const context = usePickerContext(siblingReader(formValues, field));
  const resolved = useFieldTarget(field.idName ?? field.name, context);
  if (!resolved) return fallback;
  return <ResourceCombobox control={control} context={context} {...resolved} />;
}

interface ComboboxProps {
  readonly control: ControlProps;
  readonly source: PickerSource;
  readonly target: PickerTarget;
  readonly context: PickerContext;
}

function ResourceCombobox({ control, source, target, context }: ComboboxProps) {
  // Only typed text searches; a chosen id in the box must not narrow the list when it opens again.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(typed ?? '', LIST_SEARCH_DEBOUNCE_MS);
  const result = usePickerOptions({ source, target, context, search, pageSize: PICKER_PAGE_SIZE, enabled: open });
  const collection = useMemo(
    () =>
      createListCollection<PickerOption>({
        items: [...result.options],
        itemToValue: (option) => option.id,
        itemToString: (option) => option.id,
      }),
    [result.options],
  );
  const value = text(control.value);
  const chosen = result.options.find((option) => option.id === value);
  const status = pickerStatus(result, open, target);

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => {
        const [id] = details.value;
        if (id === undefined) return;
        setTyped(null);
        control.onChange(id);
      }}
      inputValue={typed ?? value}
      onInputValueChange={(details) => {
        if (details.reason !== 'input-change') return;
        setTyped(details.inputValue);
        control.onChange(details.inputValue);
      }}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setTyped(null);
      }}
      allowCustomValue
      // The box holds the form's value; the default ('replace') would blank it whenever a new page of options
      // arrives that does not contain the typed id.
      selectionBehavior="preserve"
      openOnClick
      lazyMount
      unmountOnExit
      positioning={{ sameWidth: true }}
      width="full"
    >
      <Combobox.Control>
        <Combobox.Input name={control.name} onBlur={control.onBlur} placeholder={`Search ${target.label}...`} />
        <Combobox.IndicatorGroup>
          <Combobox.Trigger aria-label={`Show ${target.label} list`} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {chosen && chosen.name !== chosen.id && (
        <Text fontSize="sm" color="fg.muted">
          {chosen.name}
        </Text>
      )}
      {/* Said beside the list rather than inside it: a listbox may only hold options. */}
      {status && (
        <Text role="status" fontSize="sm" color={result.error ? 'fg.error' : 'fg.muted'}>
          {status}
        </Text>
      )}
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content _empty={{ display: 'none' }} maxH="20rem" overflowY="auto">
            {collection.items.map((option) => (
              <Combobox.Item item={option} key={option.id} justifyContent="flex-start">
                <Stack gap="0" minW="0" flex="1">
                  <Combobox.ItemText>{option.name}</Combobox.ItemText>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
                    {option.id}
                  </Text>
                </Stack>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}

function pickerStatus(result: ReturnType<typeof usePickerOptions>, open: boolean, target: PickerTarget): string | null {
  if (!open) return null;
  if (result.missing.length > 0) return MISSING_REQUIRED_PARAMETERS;
  if (result.error) return describeError(result.error).message;
  if (result.loading && result.options.length === 0) return `Loading ${target.label} list...`;
  if (result.options.length === 0) return `No ${target.label} found.`;
  return null;
}
