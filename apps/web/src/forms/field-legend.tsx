import { Fieldset, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FormField } from './field-model';

/**
 * The legend of a field rendered as a group (lists, checklists): its label, the required mark that a single
 * control gets from Chakra's Field, and anything the caller adds after it, such as a count.
 */
export function FieldLegend({ field, children }: { field: FormField; children?: ReactNode }) {
  return (
    <Fieldset.Legend>
      {field.label}
      {field.rules.required && (
        <Text as="span" color="fg.error" aria-hidden="true">
          {' *'}
        </Text>
      )}
      {children}
    </Fieldset.Legend>
  );
}
