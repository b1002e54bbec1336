import { Alert, Box, List, Stack } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { errorSummary } from './error-summary';

// The parts of a form around its fields: the error summary above them and the row of buttons below.

/**
 * Summary above the form: one message alone, several as a count and a list (spec 1 §8). It takes focus (tabIndex
 * -1) when a save is refused, so a keyboard or screen-reader user at the Save button learns what to fix.
 */
export function ErrorSummaryAlert({ messages, ref }: { messages: readonly string[]; ref?: Ref<HTMLDivElement> }) {
  const summary = errorSummary(messages);
  if (!summary) return null;
  return (
    <Alert.Root
      status="error"
      ref={ref}
      tabIndex={-1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'red.focusRing' }}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{summary.title}</Alert.Title>
        {summary.items.length > 0 && (
          <Alert.Description>
            <List.Root>
              {summary.items.map((item, index) => (
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The form's buttons; `sticky` pins them to the bottom of the window while the form is on screen. */
export function ActionBar({ sticky, children }: { sticky: boolean; children: ReactNode }) {
  const row = (
    <Stack direction="row" wrap="wrap">
      {children}
    </Stack>
  );
  if (!sticky) return row;
  return (
    <Box
      position="sticky"
      bottom="0"
      zIndex="docked"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      py="3"
      // Reaches past the page's side padding, so fields scrolling under it never show beside the buttons.
      mx={{ base: '-4', md: '-6' }}
      px={{ base: '4', md: '6' }}
    >
      {row}
    </Box>
  );
}
