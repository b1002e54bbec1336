import { Badge, Box, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { AppLink } from '@/ui/app-link';
import { useErrorToast } from '@/ui/notify-error';
import { checklistSteps, type ChecklistStepView } from './checklist-model';
import { useChecklistCounts, type ChecklistCount } from './home-queries';

/** The API-access checklist: five steps, each with its count, status and a console deep link. */
export function ChecklistCard() {
  const { roles, description } = usePortalContext();
  const lookup = useCallback((id: string) => getOperation(description, id), [description]);
  const counts = useChecklistCounts();
  // One toast for the first failure: the counts usually fail together, for one reason.
  useErrorToast(Object.values(counts).find((count) => count.isError)?.error);
  const known = Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value.count]));
  const steps = checklistSteps(roles, lookup, known);
  return (
    <Card.Root as="section" aria-labelledby="checklist-title">
      <Card.Header>
        <Heading as="h2" id="checklist-title" size="md">
          Set up API access
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Give people and integrations access to your marketplace API in five steps.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
          {steps.map((step, index) => (
            <ChecklistStep key={step.key} step={step} number={index + 1} count={counts[step.key]} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ChecklistStep({ step, number, count }: { step: ChecklistStepView; number: number; count?: ChecklistCount }) {
  const completed = step.status === 'completed';
  return (
    <Box as="li" p="3" borderWidth="1px" borderColor="border" rounded="l2" aria-label={`Step ${number}: ${step.title}`}>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Stack gap="1">
          {step.disabled ? (
            <Text fontWeight="semibold" color="fg.muted" aria-disabled="true">
              {number}. {step.title}
            </Text>
          ) : (
            <AppLink to={step.href} fontWeight="semibold">
              {number}. {step.title}
            </AppLink>
          )}
          <StepCount step={step} count={count} />
          {step.notice && (
            <Text fontSize="sm" color="fg.warning">
              {step.notice}
            </Text>
          )}
        </Stack>
        {/* As wide for "Pending" as for "Completed": the status turns when the count arrives and nothing moves. */}
        <Badge colorPalette={completed ? 'green' : 'gray'} minW="20" justifyContent="center">
          {completed ? 'Completed' : 'Pending'}
        </Badge>
      </HStack>
    </Box>
  );
}

function StepCount({ step, count }: { step: ChecklistStepView; count?: ChecklistCount }) {
  // Without read access the count is never asked for, so there is nothing to show.
  if (!step.canRead) return null;
  // One line of small text high (20 px), so the step keeps its height when the count replaces it.
  if (count?.isLoading) return <Skeleton height="5" width="24" />;
  if (count?.isError) {
    return (
      <Text fontSize="sm" color="fg.error">
        The count could not be loaded.
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted">
      Count: {step.count ?? 0}
    </Text>
  );
}
