import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { fieldLabel } from '@/forms/field-model';
import { AppLink } from '@/ui/app-link';
import { DeleteDialog } from '../detail/delete-dialog';
import { formatValue } from '../lib/format-value';
import { recordLevel, type AssignmentPair, type AssignmentRecord } from './assignment-pairs';
import { nameKey, partyHref, partyRef } from './party-lookup';
import type { TabContext } from './tab-binding';

/** `UserGroupID` -> 'User Group'; configurable non-id fields keep their own label ('Is Shipping'). */
export function columnLabel(field: string): string {
  return fieldLabel(field.endsWith('ID') ? field.slice(0, -2) : field);
}

/** A party cell: its display name linked to its item page, the id under it. */
function PartyCell(props: {
  pair: AssignmentPair;
  field: string;
  record: AssignmentRecord;
  context: TabContext;
  names: ReadonlyMap<string, string>;
}) {
  const { pair, field, record, context, names } = props;
  const { description } = usePortalContext();
  const ref = partyRef(description, pair, field, record, context);
  const id = typeof record[field] === 'string' ? record[field] : '';
  if (!id) return null;
  const name = ref ? names.get(nameKey(ref.groupKey, id)) : undefined;
  const href = ref ? partyHref(ref) : null;
  return (
    <Stack gap="0" minW="0">
      {href ? (
        <AppLink to={href} fontWeight="medium" truncate>
          {name ?? id}
        </AppLink>
      ) : (
        <Text fontWeight="medium" truncate>
          {name ?? id}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
        {id}
      </Text>
    </Stack>
  );
}

export interface AssignmentTableProps {
  readonly pair: AssignmentPair;
  readonly records: readonly AssignmentRecord[];
  /** The other side's fields, one column each. */
  readonly partyFields: readonly string[];
  /** Configurable fields shown after the parties (ID ones by name). */
  readonly configurableFields: readonly string[];
  readonly showLevel: boolean;
  readonly context: TabContext;
  readonly names: ReadonlyMap<string, string>;
  /** 'User Group': the delete reads 'Delete User Group Assignment'. */
  readonly noun: string;
  /** Null hides the row actions (the roles do not allow changes). */
  readonly onEdit: ((record: AssignmentRecord) => void) | null;
  readonly onDelete: ((record: AssignmentRecord) => Promise<void>) | null;
}

function rowKey(pair: AssignmentPair, record: AssignmentRecord, index: number): string {
  return `${index} ${pair.keyFields.map((field) => String(record[field] ?? '')).join(' ')}`;
}

/** The assignment records of a page: the other side by name, the level, configurable fields, and row actions. */
export function AssignmentTable(props: AssignmentTableProps) {
  const { pair, records, partyFields, configurableFields, showLevel, context, names, noun, onEdit, onDelete } = props;
  const hasActions = onEdit !== null || onDelete !== null;
  const cell = (field: string, record: AssignmentRecord) =>
    field.endsWith('ID') ? (
      <PartyCell pair={pair} field={field} record={record} context={context} names={names} />
    ) : (
      formatValue(record[field])
    );
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="l2">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {partyFields.map((field) => (
              <Table.ColumnHeader key={field}>{columnLabel(field)}</Table.ColumnHeader>
            ))}
            {showLevel && <Table.ColumnHeader>Level</Table.ColumnHeader>}
            {configurableFields.map((field) => (
              <Table.ColumnHeader key={field}>{columnLabel(field)}</Table.ColumnHeader>
            ))}
            {hasActions && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record, index) => {
            const described = partyFields
              .map((field) => String(record[field] ?? ''))
              .filter(Boolean)
              .join(', ');
            return (
              <Table.Row key={rowKey(pair, record, index)}>
                {partyFields.map((field) => (
                  <Table.Cell key={field} maxW="20rem">
                    {cell(field, record)}
                  </Table.Cell>
                ))}
                {showLevel && <Table.Cell>{recordLevel(pair, record)}</Table.Cell>}
                {configurableFields.map((field) => (
                  <Table.Cell key={field} maxW="16rem">
                    {cell(field, record)}
                  </Table.Cell>
                ))}
                {hasActions && (
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap="2">
                      {onEdit && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`Edit assignment ${described}`}
                          onClick={() => onEdit(record)}
                        >
                          Edit
                        </Button>
                      )}
                      {onDelete && (
                        <DeleteDialog
                          size="xs"
                          singular={`${noun} Assignment`}
                          triggerLabel={`Delete ${noun} Assignment ${described}`}
                          onConfirm={() => onDelete(record)}
                        />
                      )}
                    </HStack>
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
