import { Box, Button, Fieldset, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { FieldControl, type IdPickerSlot } from './field-control';
import { FieldLegend } from './field-legend';
import { arrayItemField, type FormField } from './field-model';
import { errorAt, listErrorAt, type FormErrors } from './form-errors';
import { toItemFormValue, type FormValues } from './normalize';
import { validateField, validateItem } from './validate';

// ARRAY FIELD
// The item editor for a list of primitives or of objects: one control (or nested fieldset) per item, each
// validated on blur like a lone field, with add, remove and move buttons. The form's field array owns the items so
// their keys, values and errors move together when an item is removed or moved.

type ListValues = { [path: string]: FormValues[] };

export interface ArrayFieldProps {
  readonly field: FormField;
  readonly control: Control<FormValues>;
  readonly errors: FormErrors;
  /** Renders an object item's fields; passed in because the form's field list also renders lists (recursion). */
  readonly renderFields: (fields: readonly FormField[]) => ReactNode;
  /** The form's ID-field slot, for the items of a list of ids (`ApiClientIDs`). */
  readonly idPicker?: IdPickerSlot | undefined;
}

function ItemActions(props: {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { label, index, count, onMove, onRemove } = props;
  const position = index + 1;
  return (
    <HStack gap="1" flexShrink={0} mt="7">
      <IconButton
        aria-label={`Move ${label} item ${position} up`}
        size="xs"
        variant="ghost"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        aria-label={`Move ${label} item ${position} down`}
        size="xs"
        variant="ghost"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
      <IconButton aria-label={`Remove ${label} item ${position}`} size="xs" variant="ghost" onClick={onRemove}>
        <span aria-hidden="true">✕</span>
      </IconButton>
    </HStack>
  );
}

function ItemEditor(props: {
  item: FormField;
  control: Control<FormValues>;
  errors: FormErrors;
  renderFields: (fields: readonly FormField[]) => ReactNode;
  idPicker: IdPickerSlot | undefined;
}) {
  const { item, control, errors, renderFields, idPicker } = props;
  if (item.fields) {
    return (
      <Fieldset.Root borderWidth="1px" rounded="l2" p="3">
        <Fieldset.Legend>{item.label}</Fieldset.Legend>
        <Fieldset.Content>{renderFields(item.fields)}</Fieldset.Content>
      </Fieldset.Root>
    );
  }
  return (
    <Controller
      name={item.path}
      control={control}
      rules={{ validate: (value) => validateItem(item, value) ?? true }}
      render={({ field: input }) => (
        <FieldControl
          field={item}
          control={{ value: input.value, onChange: input.onChange, onBlur: input.onBlur, name: input.name }}
          error={errorAt(errors, item.path)}
          idPicker={idPicker}
        />
      )}
    />
  );
}

/** A list with an item editor (`control: 'array'`). */
export function ArrayField({ field, control, errors, renderFields, idPicker }: ArrayFieldProps) {
  const { item } = field;
  const {
    fields: entries,
    append,
    remove,
    move,
  } = useFieldArray({
    // The form values are an open record, so the library's path types cannot tell that this path holds a list;
    // seen as a record of lists, the hook types its items as form entries.
    control: control as unknown as Control<ListValues>,
    name: field.path,
    rules: { validate: (value) => validateField(field, value) ?? true },
  });
  const listError = listErrorAt(errors, field.path);
  const { maxItems } = field.rules;
  const full = maxItems !== undefined && entries.length >= maxItems;
  if (!item) return null;
  return (
    <Fieldset.Root invalid={listError !== undefined}>
      <FieldLegend field={field} />
      {field.helpText && <Fieldset.HelperText>{field.helpText}</Fieldset.HelperText>}
      <Fieldset.Content>
        <Stack gap="3">
          {entries.map((entry, index) => (
            <HStack key={entry.id} align="flex-start" gap="2">
              <Box flex="1" minW="0">
                <ItemEditor
                  item={arrayItemField(field, index)}
                  control={control}
                  errors={errors}
                  renderFields={renderFields}
                  idPicker={idPicker}
                />
              </Box>
              <ItemActions
                label={field.label}
                index={index}
                count={entries.length}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
              />
            </HStack>
          ))}
          {entries.length === 0 && (
            <Text color="fg.muted" textStyle="sm">
              No items yet.
            </Text>
          )}
          <Box>
            {/* The visible text stays short; the hidden label tells screen-reader users which list grows. */}
            <Button
              size="sm"
              variant="outline"
              disabled={full}
              onClick={() => append(toItemFormValue(item, undefined))}
            >
              Add
              {/* The space sits inside the hidden part, so sighted users read 'Add item', not 'Add  item'. */}
              <Text as="span" srOnly>
                {` ${field.label}`}
              </Text>{' '}
              item
            </Button>
          </Box>
        </Stack>
      </Fieldset.Content>
      {listError && <Fieldset.ErrorText>{listError}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
