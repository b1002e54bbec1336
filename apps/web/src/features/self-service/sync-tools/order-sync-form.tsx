import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { localInputHint } from '@/ui/date-time';
import { orderDatesError, orderSyncBody, type OrderSyncValues } from './sync-model';
import { SyncSubmit, useSyncSubmission } from './sync-submit';

const EMPTY: OrderSyncValues = { StartDate: '', EndDate: '' };

/** Order sync (spec 1 §2): optional start and end; Submit waits while the start is after the end or in the future. */
export function OrderSyncForm() {
  const submission = useSyncSubmission('order');
  const [values, setValues] = useState(EMPTY);
  const error = orderDatesError(values, new Date());

  return (
    <Stack
      as="form"
      gap="4"
      maxW="lg"
      onSubmit={(event) => {
        event.preventDefault();
        if (error) return;
        submission.submit('synchronizeorders', orderSyncBody(values), () => setValues(EMPTY));
      }}
    >
      <Text color="fg.muted">
        Sends the marketplace's orders to its delivery configurations, in batches. Leave a date empty for no limit on
        that side.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={error !== undefined}>
          <Field.Label>Start date</Field.Label>
          <Input
            type="datetime-local"
            value={values.StartDate}
            onChange={(event) => setValues({ ...values, StartDate: event.target.value })}
          />
          {/* The box shows the browser's own rendering; below it the portal's one format, with the UTC the platform reads. */}
          <Field.HelperText>{localInputHint(values.StartDate) || 'Your time'}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>End date</Field.Label>
          <Input
            type="datetime-local"
            value={values.EndDate}
            onChange={(event) => setValues({ ...values, EndDate: event.target.value })}
          />
          {/* The box shows the browser's own rendering; below it the portal's one format, with the UTC the platform reads. */}
          <Field.HelperText>{localInputHint(values.EndDate) || 'Your time'}</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      {error && (
        <Text role="alert" color="red.700" _dark={{ color: 'red.300' }} fontSize="sm">
          {error}
        </Text>
      )}
      <SyncSubmit submission={submission} valid={error === undefined} />
    </Stack>
  );
}
