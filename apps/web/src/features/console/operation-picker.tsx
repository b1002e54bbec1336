import { Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { canCall } from '@/access/access';
import type { ApiOperation } from '@/description/api-model';
import { VerbBadge } from './verb-badge';

export interface OperationPickerProps {
  readonly operations: readonly ApiOperation[];
  readonly roles: readonly string[];
  readonly value: string | null;
  readonly onChange: (operationId: string) => void;
}

function matches(operation: ApiOperation, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return [operation.id, operation.summary, operation.method, operation.path].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * The operation dropdown (spec §2): each option names the verb and summary, operations the token roles do not
 * permit are disabled, and a search box narrows the list. The chosen operation's verb shows as a coloured badge.
 */
export function OperationPicker({ operations, roles, value, onChange }: OperationPickerProps) {
  const [term, setTerm] = useState('');
  const selected = operations.find((operation) => operation.id === value);
  // The chosen operation stays listed while searching, so the select never shows a value it lacks.
  const shown = operations.filter((operation) => operation.id === value || matches(operation, term));
  return (
    <Stack gap="2">
      <Input
        type="search"
        size="sm"
        aria-label="Search operations"
        placeholder="Search operations..."
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <Field.Root>
        <Field.Label>Operation</Field.Label>
        <HStack w="full">
          {selected && <VerbBadge method={selected.method} />}
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="Operation"
              value={value ?? ''}
              onChange={(event) => onChange(event.target.value)}
            >
              {value === null && <option value="">Choose an operation</option>}
              {shown.map((operation) => (
                <option key={operation.id} value={operation.id} disabled={!canCall(roles, operation)}>
                  {`${operation.method.toUpperCase()} ${operation.summary || operation.id}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {selected && (
          <Text fontSize="sm" color="fg.muted" fontFamily="mono">
            {selected.id} · {selected.path}
          </Text>
        )}
      </Field.Root>
    </Stack>
  );
}
