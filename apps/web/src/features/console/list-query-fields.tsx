import { Button, Checkbox, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ApiOperation } from '@/description/api-model';
import { paramChoices, type QueryDraft, type SortRow } from './query-draft';

export interface ListQueryFieldsProps {
  readonly operation: ApiOperation;
  readonly draft: QueryDraft;
  readonly onChange: (draft: QueryDraft) => void;
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((existing, at) => (at === index ? item : existing));
}

function SortRows({
  choices,
  rows,
  onChange,
}: {
  choices: string[];
  rows: readonly SortRow[];
  onChange: (rows: SortRow[]) => void;
}) {
  return (
    <Stack gap="2">
      {rows.map((row, index) => (
        <HStack key={index}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={`Sort field ${index + 1}`}
              value={row.field}
              onChange={(event) => onChange(replaceAt(rows, index, { ...row, field: event.target.value }))}
            >
              <option value="">Select…</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" w="40">
            <NativeSelect.Field
              aria-label={`Sort direction ${index + 1}`}
              value={row.descending ? 'desc' : 'asc'}
              onChange={(event) =>
                onChange(replaceAt(rows, index, { ...row, descending: event.target.value === 'desc' }))
              }
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Remove sort ${index + 1}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            ✕
          </IconButton>
        </HStack>
      ))}
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => onChange([...rows, { field: '', descending: false }])}
      >
        Add sort
      </Button>
    </Stack>
  );
}

/** The list conventions of spec §2: search, searchOn, sortBy with direction, page, pageSize and filter rows. */
export function ListQueryFields({ operation, draft, onChange }: ListQueryFieldsProps) {
  const param = (name: string) => operation.queryParams.find((candidate) => candidate.name === name);
  const searchable = paramChoices(param('searchOn'));
  const sortable = paramChoices(param('sortBy'));
  const filters = draft.filters;
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>Search</Field.Label>
        <Input
          size="sm"
          value={draft.search}
          onChange={(event) => onChange({ ...draft, search: event.target.value })}
        />
      </Field.Root>
      {searchable.length > 0 && (
        <Field.Root>
          <Field.Label>Search on</Field.Label>
          <HStack wrap="wrap" gap="3">
            {searchable.map((choice) => (
              <Checkbox.Root
                key={choice}
                size="sm"
                checked={draft.searchOn.includes(choice)}
                onCheckedChange={(details) =>
                  onChange({
                    ...draft,
                    searchOn:
                      details.checked === true
                        ? [...draft.searchOn, choice]
                        : draft.searchOn.filter((value) => value !== choice),
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{choice}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>Sort by</Field.Label>
        <SortRows choices={sortable} rows={draft.sortBy} onChange={(sortBy) => onChange({ ...draft, sortBy })} />
      </Field.Root>
      <HStack>
        <Field.Root>
          <Field.Label>Page</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            value={draft.page}
            onChange={(event) => onChange({ ...draft, page: event.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Page size</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            max={100}
            value={draft.pageSize}
            onChange={(event) => onChange({ ...draft, pageSize: event.target.value })}
          />
        </Field.Root>
      </HStack>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          Filters
        </Text>
        {filters.map((filter, index) => (
          <HStack key={index}>
            <Input
              size="sm"
              aria-label={`Filter name ${index + 1}`}
              placeholder="Name"
              value={filter.name}
              onChange={(event) =>
                onChange({ ...draft, filters: replaceAt(filters, index, { ...filter, name: event.target.value }) })
              }
            />
            <Text>=</Text>
            <Input
              size="sm"
              aria-label={`Filter value ${index + 1}`}
              placeholder="Value"
              value={filter.value}
              onChange={(event) =>
                onChange({ ...draft, filters: replaceAt(filters, index, { ...filter, value: event.target.value }) })
              }
            />
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Remove filter ${index + 1}`}
              onClick={() => onChange({ ...draft, filters: filters.filter((_, at) => at !== index) })}
            >
              ✕
            </IconButton>
          </HStack>
        ))}
        <Button
          size="xs"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => onChange({ ...draft, filters: [...filters, { name: '', value: '' }] })}
        >
          Add filter
        </Button>
      </Stack>
    </Stack>
  );
}
