import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { MARKETPLACE_ENVIRONMENTS } from '@portal/contracts';
import type { ChangeEvent } from 'react';
import { FIELD_LABELS, MAX_LENGTHS, type MarketplaceField } from './connect-rules';

export interface TextFieldProps {
  field: Exclude<MarketplaceField, 'Environment'>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  required?: boolean;
  type?: 'text' | 'url' | 'password';
  placeholder?: string;
  helperText?: string;
  autoComplete?: string;
}

/** One labelled text box of the connect and edit forms, with its error under it. */
export function TextField(props: TextFieldProps) {
  const { field, value, onChange, error, required = true, type = 'text', placeholder, helperText } = props;
  return (
    <Field.Root required={required} invalid={error !== undefined}>
      <Field.Label>
        {FIELD_LABELS[field]}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={field}
        type={type}
        value={value}
        maxLength={MAX_LENGTHS[field]}
        placeholder={placeholder}
        // A secret typed here is for the portal service, not for the browser's password manager to offer elsewhere.
        autoComplete={props.autoComplete ?? (type === 'password' ? 'new-password' : 'off')}
        spellCheck={false}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The environment choice: the three the platform knows, none chosen until the user picks one. */
export function EnvironmentField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Field.Root required invalid={props.error !== undefined}>
      <Field.Label>
        {FIELD_LABELS.Environment}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="Environment"
          value={props.value}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => props.onChange(event.target.value)}
        >
          <option value="" disabled>
            Choose an environment
          </option>
          {MARKETPLACE_ENVIRONMENTS.map((environment) => (
            <option key={environment} value={environment}>
              {environment}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
