import { Button, HStack } from '@chakra-ui/react';
import { filterFieldFor, filterSummary, type FilterField } from '../lib/filter-syntax';
import { filterLabel } from './filter-row';

/** The applied filters beside the search box, each a button that removes it. */
export function FilterChips(props: {
  fields: readonly FilterField[];
  filters: Readonly<Record<string, string>>;
  onRemove: (field: string) => void;
}) {
  const entries = Object.entries(props.filters);
  if (entries.length === 0) return null;
  return (
    <HStack as="ul" aria-label="Applied filters" wrap="wrap" gap="2" listStyleType="none" m="0" p="0">
      {entries.map(([field, raw]) => {
        const summary = filterSummary(filterFieldFor(props.fields, field), raw, filterLabel);
        return (
          <li key={field}>
            <Button
              size="xs"
              variant="subtle"
              rounded="full"
              aria-label={`Remove filter: ${summary}`}
              onClick={() => props.onRemove(field)}
            >
              {summary} <span aria-hidden="true">✕</span>
            </Button>
          </li>
        );
      })}
    </HStack>
  );
}
