import { Checkbox, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canManageFromList } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { errorMessagesOf, useAdminApi } from '../lib/admin-api';
import { deleteCall, saveCall, type AssignmentRecord } from './assignment-pairs';
import { PlatformErrorAlert } from './platform-error-alert';
import { fixedValues, isCompanyAssigned, type AssignmentTabBinding, type TabContext } from './tab-binding';
import { useAssignmentPage } from './use-assignments';

/** The checkbox's label (spec 2 §4). */
export const COMPANY_CHECKBOX_LABEL = 'Assigned to the buyer';

/**
 * A company-level tab (an address, cost center, credit card or spending account of a buyer): one checkbox.
 * Checking creates the assignment, unchecking deletes it; the box shows what the platform holds, so a refused
 * call leaves it as it was and says why.
 */
export function CompanyAssignment({ binding, context }: { binding: AssignmentTabBinding; context: TabContext }) {
  const { roles, marketplace } = usePortalContext();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const { pair } = binding;
  // A company-level record is at most one per owner; a page of 100 also covers platforms that list others.
  const list = useAssignmentPage(binding, context, 1, 100);
  const records = (list.data?.Items ?? []) as AssignmentRecord[];
  const assigned = isCompanyAssigned(records);
  const canManage = canManageFromList(roles, pair.list) && pair.save !== null && pair.deletes.length > 0;

  const change = async (checked: boolean) => {
    setBusy(true);
    setErrors([]);
    let refused = false;
    try {
      const record = fixedValues(binding, context);
      const call = checked
        ? saveCall(pair, { ...binding.createValues, ...record }, context)
        : deleteCall(pair, record, context);
      if (!call) throw new Error('This assignment cannot be changed here.');
      if (checked && 'body' in call) await api.write(call.operation, call.params, call.body);
      else await api.remove(call.operation, call.params, call.query);
    } catch (error) {
      setErrors(errorMessagesOf(error));
      refused = true;
    }
    // The box shows the platform's answer, read again. After a refusal the answer equals the previous state, so
    // a new key also drops the toggle the control made itself.
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list'] });
    if (refused) setAnswers((count) => count + 1);
    setBusy(false);
  };

  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h2" size="lg">
        {binding.label}
      </Heading>
      <PlatformErrorAlert messages={errors} />
      {list.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" /> <Text>Loading…</Text>
        </HStack>
      ) : list.isError ? (
        <Text color="fg.muted">The assignment could not be loaded.</Text>
      ) : (
        <HStack gap="3">
          <Checkbox.Root
            key={answers}
            checked={assigned}
            disabled={!canManage || busy || list.isFetching}
            onCheckedChange={(details) => void change(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{COMPANY_CHECKBOX_LABEL}</Checkbox.Label>
          </Checkbox.Root>
          {busy && <Spinner size="sm" aria-label="Saving" />}
        </HStack>
      )}
    </Stack>
  );
}
