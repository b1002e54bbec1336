import { Button, Fieldset, Stack } from '@chakra-ui/react';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useFormContext, type Control } from 'react-hook-form';
import type { JsonValue } from '@/description/openapi-types';
import { ArrayField } from './array-field';
import { ActionBar, ErrorSummaryAlert } from './form-chrome';
import { FieldControl, type IdPickerSlot } from './field-control';
import type { FormField } from './field-model';
import { errorAt, errorMessages, type FormErrors } from './form-errors';
import { MultiSelectField } from './multi-select-field';
import { toRequestBody, type FormValues } from './normalize';
import { validateField, validateValues } from './validate';

// SCHEMA FORM
// Renders a field model with react-hook-form, validating on blur (spec 2 §5), and hands the caller a request
// body with real types and without read-only fields.

function Fields(props: {
  fields: readonly FormField[];
  control: Control<FormValues>;
  errors: FormErrors;
  idPicker: IdPickerSlot | undefined;
  slots?: FieldSlots | undefined;
}) {
  const { fields, control, errors, idPicker, slots } = props;
  const renderFields = (children: readonly FormField[]) => (
    <Fields fields={children} control={control} errors={errors} idPicker={idPicker} />
  );
  return (
    <Stack gap="4">
      {fields.map((field) => {
        const slot = slots?.[field.path];
        if (slot) return <Fragment key={field.path}>{slot(field)}</Fragment>;
        switch (field.control) {
          case 'object':
            return (
              <Fieldset.Root key={field.path}>
                <Fieldset.Legend>{field.label}</Fieldset.Legend>
                {field.helpText && <Fieldset.HelperText>{field.helpText}</Fieldset.HelperText>}
                <Fieldset.Content>{renderFields(field.fields ?? [])}</Fieldset.Content>
              </Fieldset.Root>
            );
          case 'array':
            return (
              <ArrayField
                key={field.path}
                field={field}
                control={control}
                errors={errors}
                renderFields={renderFields}
                idPicker={idPicker}
              />
            );
          case 'multiselect':
            return <MultiSelectField key={field.path} field={field} control={control} errors={errors} />;
          default:
            return (
              <Controller
                key={field.path}
                name={field.path}
                control={control}
                rules={{ validate: (value) => validateField(field, value) ?? true }}
                render={({ field: input }) => (
                  <FieldControl
                    field={field}
                    control={{ value: input.value, onChange: input.onChange, onBlur: input.onBlur, name: input.name }}
                    error={errorAt(errors, field.path)}
                    idPicker={idPicker}
                  />
                )}
              />
            );
        }
      })}
    </Stack>
  );
}

/**
 * Renders a field itself instead of the engine, by path (the detail page's xp section). The slot runs inside the
 * form, so it may use `useFormContext` and render child fields with {@link SchemaFields}.
 */
export type FieldSlots = Readonly<Record<string, (field: FormField) => ReactNode>>;

/** Fields of the enclosing SchemaForm rendered by the engine, for a slot that lays out its own children. */
export function SchemaFields({ fields }: { fields: readonly FormField[] }) {
  const { control, formState } = useFormContext<FormValues>();
  return <Fields fields={fields} control={control} errors={formState.errors} idPicker={undefined} />;
}

export interface SchemaFormProps {
  readonly fields: readonly FormField[];
  /** From `toFormValues(fields, item)`. */
  readonly defaultValues: FormValues;
  readonly onSubmit: (body: { [key: string]: JsonValue }) => void | Promise<void>;
  readonly idPicker?: IdPickerSlot;
  readonly submitLabel?: string;
  /** Keeps the submit button disabled (the console's Send for an operation the token cannot call). */
  readonly submitDisabled?: boolean;
  readonly actions?: ReactNode;
  /** Every edit's values, for callers that switch to another editor (the console's JSON mode) mid-way. */
  readonly onValuesChange?: (values: FormValues) => void;
  /** Save stays disabled until the values differ from `defaultValues` and are valid (spec 2 §4). */
  readonly saveOnlyWhenChanged?: boolean;
  /** Shows 'Discard changes', which puts `defaultValues` back (spec 2 §4). */
  readonly discardable?: boolean;
  /** Whether the values differ from `defaultValues`, on every change: for an unsaved-changes guard. */
  readonly onDirtyChange?: (dirty: boolean) => void;
  readonly fieldSlots?: FieldSlots;
  /**
   * Messages a refused save gave about fields (form path -> message, see `placePlatformErrors`), shown beside them
   * and in the summary until the field is edited.
   */
  readonly platformErrors?: Readonly<Record<string, string>>;
  /**
   * Keeps Save, Discard and the extra actions in a bar stuck to the bottom of the window, so a long form (a
   * product's) never hides them thousands of pixels down.
   */
  readonly stickyActions?: boolean;
}

export function SchemaForm(props: SchemaFormProps) {
  const { fields, defaultValues, onSubmit, idPicker, submitLabel, actions, onValuesChange } = props;
  const { saveOnlyWhenChanged = false, discardable = false, onDirtyChange, fieldSlots, platformErrors } = props;
  const { stickyActions = false } = props;
  const form = useForm<FormValues>({ mode: 'onBlur', defaultValues });
  const { control, handleSubmit, formState, subscribe, reset, setError } = form;
  // A refused save (the form's rules or the platform's) moves focus to the summary. The summary renders only once
  // react-hook-form has marked the form submitted or taken the platform's messages, a render after the refusal, so
  // the request waits for the first render that has it.
  const summary = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || !summary.current) return;
    focusPending.current = false;
    summary.current.focus();
  });
  useEffect(() => {
    // Re-validating a field (typing in it after a submit) clears its message, as for the form's own rules.
    const entries = Object.entries(platformErrors ?? {});
    for (const [path, message] of entries) setError(path, { type: 'platform', message });
    if (entries.length > 0) focusPending.current = true;
  }, [platformErrors, setError]);
  const { isDirty } = formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // react-hook-form refreshes isValid only on blur in onBlur mode; Save must follow every keystroke, so the
  // form's own rules are run on each change instead (they are cheap, and the state flips rarely).
  const [isValid, setIsValid] = useState(() => Object.keys(validateValues(fields, defaultValues)).length === 0);
  useEffect(() => {
    if (!saveOnlyWhenChanged) return undefined;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => setIsValid(Object.keys(validateValues(fields, values)).length === 0),
    });
  }, [subscribe, saveOnlyWhenChanged, fields]);
  useEffect(() => {
    if (!onValuesChange) return undefined;
    // `subscribe` reports edits without re-rendering the form on each keystroke; it returns the unsubscribe.
    return subscribe({ formState: { values: true }, callback: ({ values }) => onValuesChange(values) });
  }, [subscribe, onValuesChange]);
  const messages = formState.isSubmitted ? errorMessages(fields, formState.errors) : [];
  return (
    // The provider lets ID pickers read sibling fields (a user picker needs the BuyerID typed next to it).
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) =>
          handleSubmit(
            (values) => onSubmit(toRequestBody(fields, values)),
            () => {
              focusPending.current = true;
            },
          )(event)
        }
      >
        <Stack gap="4">
          <ErrorSummaryAlert messages={messages} ref={summary} />
          <Fields fields={fields} control={control} errors={formState.errors} idPicker={idPicker} slots={fieldSlots} />
          <ActionBar sticky={stickyActions}>
            <Button
              type="submit"
              loading={formState.isSubmitting}
              disabled={props.submitDisabled === true || (saveOnlyWhenChanged && (!isDirty || !isValid))}
            >
              {submitLabel ?? 'Save'}
            </Button>
            {discardable && (
              <Button
                variant="outline"
                disabled={!isDirty || formState.isSubmitting}
                onClick={() => reset(defaultValues)}
              >
                Discard changes
              </Button>
            )}
            {actions}
          </ActionBar>
        </Stack>
      </form>
    </FormProvider>
  );
}
