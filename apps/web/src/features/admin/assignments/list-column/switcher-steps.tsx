import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SelectResourceModal } from '@/forms/pickers/select-resource-modal';
import { nameKey, partyRef } from '../party-lookup';
import { usePartyNames } from '../use-assignments';
import type { ListAssignmentBinding, SwitcherChoice, SwitcherStep } from './list-assignment-binding';

/**
 * The switcher of an assignment page: 'Select a User Group to view Users' until its first step is chosen in the
 * 'Select {resource}' modal, then the choice by name with 'Change'; a later step (a buyer's user group on a
 * catalog's categories) narrows the choice and can be cleared.
 */
export function SwitcherSteps(props: {
  binding: ListAssignmentBinding;
  route: Readonly<Record<string, string>>;
  choice: SwitcherChoice;
  onChoose: (step: SwitcherStep, id: string) => void;
}) {
  const { binding, route, choice, onChoose } = props;
  const { description } = usePortalContext();
  const [open, setOpen] = useState<SwitcherStep | null>(null);
  const fields = binding.steps.map((step) => step.field);
  // A choice read back from the URL is named like any party: one List call with an ID filter per resource.
  const names = usePartyNames(binding.pair, fields, [choice], route);
  const nameOf = (step: SwitcherStep, id: string) => {
    const ref = partyRef(description, binding.pair, step.field, choice, route);
    return (ref && names.data?.get(nameKey(ref.groupKey, id))) ?? id;
  };
  const shown = binding.steps.filter((_, index) => index === 0 || choice[binding.steps[index - 1]?.field ?? '']);
  return (
    <Box borderWidth="1px" rounded="l2" px="4" py="3">
      <Stack gap="2">
        {shown.map((step, index) => {
          const chosen = choice[step.field];
          return (
            <HStack key={step.field} justify="space-between" wrap="wrap" gap="3">
              {chosen ? (
                <Text>
                  {step.resourceLabel}: <strong>{nameOf(step, chosen)}</strong>{' '}
                  <Text as="span" color="fg.muted" fontSize="sm" fontFamily="mono">
                    {chosen}
                  </Text>
                </Text>
              ) : (
                <Text>{index === 0 ? binding.prompt : `Optionally narrow to one ${step.resourceLabel}`}</Text>
              )}
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setOpen(step)}>
                  {chosen ? `Change ${step.resourceLabel}` : `Select ${step.resourceLabel}`}
                </Button>
                {chosen && index > 0 && (
                  <Button size="sm" variant="ghost" onClick={() => onChoose(step, '')}>
                    Clear {step.resourceLabel}
                  </Button>
                )}
              </HStack>
            </HStack>
          );
        })}
      </Stack>
      <PickerScope ownerResourceId={binding.pair.resourceId} params={route}>
        {open && (
          <SelectResourceModal
            fieldName={open.field}
            open
            // Earlier choices are the parents of later lists (a user group is the chosen buyer's).
            values={Object.fromEntries(
              binding.steps
                .filter((step) => open.needs.includes(step.field))
                .map((s) => [s.field, choice[s.field] ?? '']),
            )}
            onOpenChange={(next) => !next && setOpen(null)}
            onSelect={(option) => onChoose(open, option.id)}
          />
        )}
      </PickerScope>
    </Box>
  );
}
