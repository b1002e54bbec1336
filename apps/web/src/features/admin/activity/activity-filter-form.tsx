import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { utcInputHint } from '@/ui/date-time';
import { FILTER_NAMES, type ActivityFilterName, type ActivityFilters } from './activity-filters';

const LABELS: Record<ActivityFilterName, { label: string; placeholder?: string; type?: 'datetime-local' }> = {
  UserID: { label: 'User ID', placeholder: 'Any user' },
  ClientID: { label: 'API client ID', placeholder: 'Any client' },
  ResourceType: { label: 'Resource type', placeholder: 'e.g. Products' },
  ResourceID: { label: 'Resource ID', placeholder: 'Any item' },
  OperationID: { label: 'Operation', placeholder: 'e.g. Orders.Submit' },
  RequestID: { label: 'Request ID', placeholder: 'Any request' },
  From: { label: 'From (UTC)', type: 'datetime-local' },
  To: { label: 'Until (UTC)', type: 'datetime-local' },
};

/**
 * The Activity page's filters. They take effect on 'Apply' (one history entry and one request per change of
 * mind, not one per keystroke); the page keeps them in the URL.
 */
export function ActivityFilterForm(props: { filters: ActivityFilters; onApply: (filters: ActivityFilters) => void }) {
  const [draft, setDraft] = useState<ActivityFilters>(props.filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply(draft);
  };
  return (
    <Stack as="form" onSubmit={submit} gap="3" aria-label="Filter the activity" borderWidth="1px" rounded="l3" p="4">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {FILTER_NAMES.map((name) => {
          const { label, placeholder, type } = LABELS[name];
          const value = draft[name] ?? '';
          const hint = type ? utcInputHint(value) : '';
          return (
            <Field.Root key={name}>
              <Field.Label fontSize="sm">{label}</Field.Label>
              <Input
                size="sm"
                name={name}
                type={type ?? 'text'}
                value={value}
                placeholder={placeholder}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
              />
              {hint && <Field.HelperText>{hint}</Field.HelperText>}
            </Field.Root>
          );
        })}
      </SimpleGrid>
      <HStack gap="2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setDraft({});
            props.onApply({});
          }}
        >
          Clear filters
        </Button>
      </HStack>
    </Stack>
  );
}
