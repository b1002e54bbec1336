import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MODAL_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { describeError } from '@/services/portal-error';
import { AppDialog } from '@/ui/app-dialog';
import {
  MISSING_REQUIRED_PARAMETERS,
  MODAL_PAGE_SIZE,
  useFieldTarget,
  usePickerContext,
  usePickerOptions,
  type PickerOption,
} from './use-picker-options';

// SELECT {RESOURCE}
// The search-and-select modal of spec 2 §2 "Assignment pages": five results a page, searching 500 ms after
// typing stops. Resolved from an identifier field name the same way the ID pickers are, so 'BuyerID' selects a
// buyer and 'UserID' under a buyer route selects that buyer's users.

export interface SelectResourceModalProps {
  /** The identifier field being chosen, e.g. `BuyerID`; decides the list and its parent parameters. */
  readonly fieldName: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSelect: (option: PickerOption) => void;
  /** Parent values the caller knows beyond the route (e.g. a chosen buyer), by parameter or field name. */
  readonly values?: Readonly<Record<string, string>>;
}

/**
 * @example
 * <SelectResourceModal fieldName="BuyerID" open={open} onOpenChange={setOpen} onSelect={(buyer) => assign(buyer.id)} />
 */
export function SelectResourceModal(props: SelectResourceModalProps) {
  const { fieldName, open, onOpenChange, onSelect, values = {} } = props;
  const context = usePickerContext((name) => values[name]);
  const resolved = useFieldTarget(fieldName, context);
  const label = resolved?.target.label ?? fieldName;
  return (
    <AppDialog open={open} onOpenChange={(details) => onOpenChange(details.open)} size="md" title={<>Select {label}</>}>
      {resolved ? (
        <SearchResults
          {...resolved}
          context={context}
          onSelect={(option) => {
            onSelect(option);
            onOpenChange(false);
          }}
        />
      ) : (
        <Text role="status">There is no list of {label} to choose from.</Text>
      )}
    </AppDialog>
  );
}

function SearchResults(props: {
  source: NonNullable<ReturnType<typeof useFieldTarget>>['source'];
  target: NonNullable<ReturnType<typeof useFieldTarget>>['target'];
  context: ReturnType<typeof usePickerContext>;
  onSelect: (option: PickerOption) => void;
}) {
  const { source, target, context, onSelect } = props;
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(typed, MODAL_SEARCH_DEBOUNCE_MS);
  const result = usePickerOptions({ source, target, context, search, page, pageSize: MODAL_PAGE_SIZE });
  const totalPages = result.meta?.TotalPages ?? 1;
  let status: string | null = null;
  if (result.missing.length > 0) status = MISSING_REQUIRED_PARAMETERS;
  else if (result.error) status = describeError(result.error).message;
  else if (!result.loading && result.options.length === 0) status = `No ${target.label} found.`;

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>Search {target.label}</Field.Label>
        <Input
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(1);
          }}
        />
      </Field.Root>
      {status && (
        <Text role="status" color={result.error ? 'fg.error' : 'fg.muted'}>
          {status}
        </Text>
      )}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={`${target.label} results`}>
        {result.options.map((option) => (
          <li key={option.id}>
            <Button variant="ghost" w="full" justifyContent="space-between" onClick={() => onSelect(option)}>
              <Text truncate>{option.name}</Text>
              <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                {option.id}
              </Text>
            </Button>
          </li>
        ))}
      </Stack>
      {totalPages > 1 && (
        <HStack justify="space-between">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Text fontSize="sm">
            Page {page} of {totalPages}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
