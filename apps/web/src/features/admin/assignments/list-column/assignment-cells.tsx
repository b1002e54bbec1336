import { Badge, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { formatValue } from '../../lib/format-value';
import type { AssignmentRecord } from '../assignment-pairs';
import { columnLabel } from '../assignment-table';
import type { BulkOutcome } from '../../bulk/bulk-run';

// Native checkboxes: one per row on a page of up to 100 rows costs nothing to render, and the browser gives them
// keyboard, focus and the 'mixed' state of the header's box.
const BOX_STYLE = { width: '1rem', height: '1rem', accentColor: 'var(--chakra-colors-blue-solid)' };

/** A row's selection box, named after the row. */
export function RowCheckbox(props: { name: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { name, checked, onChange } = props;
  return (
    <input
      type="checkbox"
      style={BOX_STYLE}
      aria-label={`Select ${name}`}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The header's box: checks every row of this page, shows a dash (mixed) when some are. */
export function SelectAllCheckbox(props: { selected: number; total: number; onChange: (checked: boolean) => void }) {
  const { selected, total, onChange } = props;
  const some = selected > 0 && selected < total;
  return (
    <input
      type="checkbox"
      style={BOX_STYLE}
      aria-label="Select all on this page"
      ref={(element) => {
        if (element) element.indeterminate = some;
      }}
      checked={total > 0 && selected === total}
      disabled={total === 0}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** What the last action did to this row, when it did not simply succeed. */
function OutcomeNote({ outcome }: { outcome: BulkOutcome | undefined }) {
  if (!outcome || outcome.status === 'succeeded') return null;
  if (outcome.status === 'failed') {
    const text = `Failed: ${outcome.messages.join(' ')}`;
    return (
      <Text as="span" color="red.fg" fontSize="sm" title={text}>
        {text}
      </Text>
    );
  }
  return (
    <Text as="span" color="fg.muted" fontSize="sm">
      {outcome.status === 'skipped' ? outcome.reason : 'Cancelled'}
    </Text>
  );
}

/**
 * The Assignment column (spec 2 §3 "Assignment records"): the row's record with the switcher's choice, with its
 * configurable values, and Assign or Unassign for it.
 */
export function AssignmentCell(props: {
  rowName: string;
  record: AssignmentRecord | undefined;
  configurableFields: readonly string[];
  loading: boolean;
  /** The records could not be read (the alert above says why): the row's state is unknown, so no button. */
  unknown: boolean;
  busy: boolean;
  outcome: BulkOutcome | undefined;
  /** Null hides the buttons (the roles allow no change). */
  onAssign: (() => void) | null;
  onUnassign: (() => void) | null;
}) {
  const { rowName, record, configurableFields, loading, unknown, busy, outcome, onAssign, onUnassign } = props;
  if (loading) return <Spinner size="xs" aria-label={`Reading the assignment of ${rowName}`} />;
  if (unknown) {
    return (
      <Text as="span" color="fg.muted" fontSize="sm">
        Unknown
      </Text>
    );
  }
  const values = configurableFields
    .filter((field) => record?.[field] !== undefined && record[field] !== null)
    .map((field) => `${columnLabel(field)}: ${formatValue(record?.[field])}`)
    .join(', ');
  return (
    <HStack gap="2">
      <Badge colorPalette={record ? 'green' : 'gray'} variant="subtle">
        {record ? 'Assigned' : 'Not assigned'}
      </Badge>
      {values && (
        <Text as="span" fontSize="sm" color="fg.muted">
          {values}
        </Text>
      )}
      {busy ? (
        <Spinner size="xs" aria-label={`Saving ${rowName}`} />
      ) : record ? (
        onUnassign && (
          <Button size="xs" variant="outline" aria-label={`Unassign ${rowName}`} onClick={onUnassign}>
            Unassign
          </Button>
        )
      ) : (
        onAssign && (
          <Button size="xs" variant="outline" aria-label={`Assign ${rowName}`} onClick={onAssign}>
            Assign
          </Button>
        )
      )}
      <OutcomeNote outcome={outcome} />
    </HStack>
  );
}
