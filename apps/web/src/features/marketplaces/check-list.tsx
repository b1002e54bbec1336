import { Alert, HStack, List, Spinner, Text } from '@chakra-ui/react';
import { CONNECT_CHECKS } from '@portal/contracts';
import { checkStates, type CheckState, type ConnectRefusal } from './connect-rules';

const STATE_WORDS: Record<CheckState, string> = { passed: 'passed', failed: 'failed', 'not-run': 'not run' };
const STATE_MARKS: Record<CheckState, string> = { passed: '✓', failed: '✗', 'not-run': '–' };
const STATE_COLORS: Record<CheckState, string> = { passed: 'fg.success', failed: 'fg.error', 'not-run': 'fg.muted' };

/** What the form shows while the portal service checks the marketplace (it reaches the address, so it takes time). */
export function CheckingNotice() {
  return (
    <HStack role="status" gap="2">
      <Spinner size="sm" />
      <Text>Checking the marketplace…</Text>
    </HStack>
  );
}

/**
 * A refused connect or edit in plain words: the portal service's sentence and, when it names a check, the three
 * checks with the ones before it passed and the later ones not run. Field errors it could not place beside a field
 * are listed here, so none is lost.
 */
export function RefusalSummary(props: { title: string; refusal: ConnectRefusal; unplaced: readonly string[] }) {
  const { title, refusal, unplaced } = props;
  const states = refusal.step ? checkStates(refusal.step) : null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          <Text>{refusal.message}</Text>
          {states && (
            <List.Root aria-label="Connection checks" listStyleType="none" mt="2" gap="1">
              {CONNECT_CHECKS.map((check) => (
                <List.Item key={check.step} data-state={states[check.step]}>
                  <HStack gap="2">
                    <Text as="span" aria-hidden="true" color={STATE_COLORS[states[check.step]]} fontWeight="bold">
                      {STATE_MARKS[states[check.step]]}
                    </Text>
                    <Text as="span" fontWeight={states[check.step] === 'failed' ? 'semibold' : undefined}>
                      {`${check.title}: ${STATE_WORDS[states[check.step]]}`}
                    </Text>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          )}
          {unplaced.length > 0 && (
            <List.Root ps="4" mt="2">
              {unplaced.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List.Root>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
