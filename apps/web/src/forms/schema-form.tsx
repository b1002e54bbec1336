import { Alert, Button, Fieldset, List, Stack } from '@chakra-ui/react';
import { type ReactNode } from 'react';
import { Controller, get, useForm, type Control, type FieldErrors } from 'react-hook-form';
import type { JsonValue } from '@/description/openapi-types';
import { errorSummary } from './error-summary';
import { FieldControl, type IdPickerSlot } from './field-control';
import { flattenFields, type FormField } from './field-model';
import { toRequestBody, type FormValues } from './normalize';
import { validateField } from './validate';

// SCHEMA FORM
// Renders a field model with react-hook-form, validating on blur (spec 2 §5), and hands the caller a request
// body with real types and without read-only fields.

/** Summary above the form: one message alone, several as a count and a list (spec 1 §8). */
export function ErrorSummaryAlert({ messages }: { messages: readonly string[] }) {
  const summary = errorSummary(messages);
  if (!summary) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{summary.title}</Alert.Title>
        {summary.items.length > 0 && (
          <Alert.Description>
            <List.Root>
              {summary.items.map((item, index) => (
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

function errorOf(errors: FieldErrors<FormValues>, path: string): string | undefined {
  const message: unknown = get(errors, `${path}.message`);
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function Fields(props: {
  fields: readonly FormField[];
  control: Control<FormValues>;
  errors: FieldErrors<FormValues>;
  idPicker: IdPickerSlot | undefined;
}) {
  const { fields, control, errors, idPicker } = props;
  return (
    <Stack gap="4">
      {fields.map((field) =>
        field.control === 'object' ? (
          <Fieldset.Root key={field.path}>
            <Fieldset.Legend>{field.label}</Fieldset.Legend>
            {field.helpText && <Fieldset.HelperText>{field.helpText}</Fieldset.HelperText>}
            <Fieldset.Content>
              <Fields fields={field.fields ?? []} control={control} errors={errors} idPicker={idPicker} />
            </Fieldset.Content>
          </Fieldset.Root>
        ) : (
          <Controller
            key={field.path}
            name={field.path}
            control={control}
            rules={{ validate: (value) => validateField(field, value) ?? true }}
            render={({ field: input }) => (
              <FieldControl
                field={field}
                control={{ value: input.value, onChange: input.onChange, onBlur: input.onBlur, name: input.name }}
                error={errorOf(errors, field.path)}
                idPicker={idPicker}
              />
            )}
          />
        ),
      )}
    </Stack>
  );
}

export interface SchemaFormProps {
  readonly fields: readonly FormField[];
  /** From `toFormValues(fields, item)`. */
  readonly defaultValues: FormValues;
  readonly onSubmit: (body: { [key: string]: JsonValue }) => void | Promise<void>;
  readonly idPicker?: IdPickerSlot;
  readonly submitLabel?: string;
  readonly actions?: ReactNode;
}

export function SchemaForm({ fields, defaultValues, onSubmit, idPicker, submitLabel, actions }: SchemaFormProps) {
  const { control, handleSubmit, formState } = useForm<FormValues>({ mode: 'onBlur', defaultValues });
  const messages = formState.isSubmitted
    ? flattenFields(fields).flatMap((field) => errorOf(formState.errors, field.path) ?? [])
    : [];
  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(toRequestBody(fields, values)))}>
      <Stack gap="4">
        <ErrorSummaryAlert messages={messages} />
        <Fields fields={fields} control={control} errors={formState.errors} idPicker={idPicker} />
        <Stack direction="row">
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel ?? 'Save'}
          </Button>
          {actions}
        </Stack>
      </Stack>
    </form>
  );
}
