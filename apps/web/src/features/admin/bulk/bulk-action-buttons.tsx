import { Button, Menu, Portal } from '@chakra-ui/react';
import type { BulkActionPlan } from './bulk-actions';
import type { BulkAssignment } from './bulk-assign';
import type { BulkReport, BulkRow, BulkRunProgress } from './use-bulk-run';

/** An action picked in the bar; the flow (bulk-flow.tsx) asks for its value and confirmation, then runs it. */
export type BulkChoice =
  | { readonly kind: 'delete' }
  | { readonly kind: 'field' }
  | { readonly kind: 'xp' }
  | { readonly kind: 'assign'; readonly assignment: BulkAssignment };

/** An assignment page's bulk Assign and Unassign to the switcher's choice, joining the list's bar. */
export interface SwitcherBulk {
  readonly assign: (rows: readonly BulkRow[], onDone: (failedIds: readonly string[]) => void) => void;
  /** Asks first, as every unassign does. */
  readonly unassign: (rows: readonly BulkRow[], onDone: (failedIds: readonly string[]) => void) => void;
  readonly progress: BulkRunProgress | null;
  readonly report: BulkReport | null;
  readonly cancel: () => void;
  readonly dismiss: () => void;
}

/** The bar's buttons, only those the plan (the user's roles) allows. */
export function BulkActionButtons(props: {
  plan: BulkActionPlan;
  switcher: SwitcherBulk | null;
  disabled: boolean;
  onChoose: (choice: BulkChoice) => void;
  onSwitcher: (action: 'assign' | 'unassign') => void;
}) {
  const { plan, switcher, disabled, onChoose, onSwitcher } = props;
  return (
    <>
      {switcher && (
        <>
          <Button size="sm" disabled={disabled} onClick={() => onSwitcher('assign')}>
            Assign selected
          </Button>
          <Button size="sm" variant="outline" disabled={disabled} onClick={() => onSwitcher('unassign')}>
            Unassign selected
          </Button>
        </>
      )}
      {(plan.booleans.length > 0 || plan.enums.length > 0) && (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => onChoose({ kind: 'field' })}>
          Set field
        </Button>
      )}
      {plan.xp && (
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => onChoose({ kind: 'xp' })}>
          Set xp value
        </Button>
      )}
      {plan.assignments.length > 0 && (
        <Menu.Root lazyMount unmountOnExit>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" disabled={disabled}>
              Assign to…
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                {plan.assignments.map((assignment) => (
                  <Menu.Item
                    key={assignment.pair.id}
                    value={assignment.pair.id}
                    onSelect={() => onChoose({ kind: 'assign', assignment })}
                  >
                    {assignment.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
      {plan.remove && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={disabled}
          onClick={() => onChoose({ kind: 'delete' })}
        >
          Delete
        </Button>
      )}
    </>
  );
}
