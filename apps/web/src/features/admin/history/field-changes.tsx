import { Box, Code, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ChangedField } from '@portal/contracts';
import { fieldChangeView, type DiffLine, type FieldChangeView } from './field-diff';

const LINE_COLORS: Record<DiffLine['mark'], { bg: string; color: string }> = {
  '+': { bg: 'green.subtle', color: 'green.fg' },
  '-': { bg: 'red.subtle', color: 'red.fg' },
  ' ': { bg: 'transparent', color: 'fg.muted' },
};
const LINE_WORDS: Record<DiffLine['mark'], string> = { '+': 'added', '-': 'removed', ' ': 'unchanged' };

/** A long value or xp: its JSON lines, removed ones red with `-`, added ones green with `+`. */
function LineDiff({ lines }: { lines: readonly DiffLine[] }) {
  return (
    <Box
      as="pre"
      fontFamily="mono"
      fontSize="xs"
      borderWidth="1px"
      rounded="l2"
      overflowX="auto"
      maxH="20rem"
      overflowY="auto"
      // A scrolled region must be reachable by keyboard to be read (axe: scrollable-region-focusable).
      tabIndex={0}
      m="0"
    >
      {lines.map((line, index) => (
        <Box key={index} display="block" px="2" {...LINE_COLORS[line.mark]} whiteSpace="pre">
          <VisuallyHidden>{LINE_WORDS[line.mark]}: </VisuallyHidden>
          <span aria-hidden="true">{line.mark} </span>
          {line.text}
        </Box>
      ))}
    </Box>
  );
}

function ChangeValue({ view }: { view: FieldChangeView }) {
  switch (view.kind) {
    case 'secret':
      return <Text as="span">changed</Text>;
    case 'inline':
      return (
        <Text as="span" wordBreak="break-word">
          <Code colorPalette="red" variant="subtle">
            {view.old}
          </Code>
          <span aria-hidden="true"> → </span>
          <VisuallyHidden> changed to </VisuallyHidden>
          <Code colorPalette="green" variant="subtle">
            {view.new}
          </Code>
        </Text>
      );
    case 'lines':
      return <LineDiff lines={view.lines} />;
  }
}

/** The fields a record changed, each as old -> new (or a line diff, or "changed" for a secret). */
export function FieldChanges({ changes }: { changes: readonly ChangedField[] }) {
  if (changes.length === 0) return null;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
      {changes.map((change) => {
        const view = fieldChangeView(change);
        return (
          <Box as="li" key={change.Path} fontSize="sm">
            <Stack direction={view.kind === 'lines' ? 'column' : 'row'} gap="2" align="baseline" wrap="wrap">
              <Text as="span" fontWeight="medium">
                {change.Path}
              </Text>
              <ChangeValue view={view} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
