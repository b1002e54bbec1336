import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { jsonTokens, type JsonTokenKind } from './json-tokens';

// Chakra's `.fg` tokens keep text contrast in light and dark mode.
const TOKEN_COLORS: Record<Exclude<JsonTokenKind, 'plain'>, string> = {
  key: 'blue.fg',
  string: 'green.fg',
  number: 'orange.fg',
  literal: 'purple.fg',
};
/** The block's styles colour its tokens by class: a plain span per token, not a styled component each. */
const TOKEN_STYLES = Object.fromEntries(
  Object.entries(TOKEN_COLORS).map(([kind, color]) => [`& .json-${kind}`, { color }]),
);
/**
 * Tokens coloured at most; the rest of a longer value shows as plain text. A sync batch or a long list response
 * has tens of thousands of tokens: an element each made the page slow to show and to scroll (and an accessibility
 * audit of it took over 10 s), while the start of a value is where a reader looks.
 */
export const MAX_COLOURED_TOKENS = 1000;

/** A value as the view shows it and a copy gives it: text as it is, anything else as indented JSON. */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export interface JsonViewProps {
  /** A value to pretty-print, or text shown as it is. */
  readonly value: unknown;
  /** Accessible name of the block (it is a focusable scroll region). */
  readonly label: string;
}

/** Read-only JSON with coloured keys and values, in a scroll box that keyboard users can focus. */
export function JsonView({ value, label }: JsonViewProps) {
  const text = jsonText(value);
  const { coloured, rest } = useMemo(() => {
    const tokens = jsonTokens(text);
    const uncoloured = tokens.slice(MAX_COLOURED_TOKENS).map((token) => token.text);
    return { coloured: tokens.slice(0, MAX_COLOURED_TOKENS), rest: uncoloured.join('') };
  }, [text]);
  return (
    // Focusable so keyboard users can scroll a long body (axe: scrollable-region-focusable).
    <Box
      as="pre"
      aria-label={label}
      tabIndex={0}
      fontSize="xs"
      bg="bg.muted"
      p="2"
      rounded="md"
      overflow="auto"
      maxH="96"
      // Never wider than the panel it is in: long lines (an error's message, a long text value) wrap inside it.
      w="full"
      maxW="full"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      css={TOKEN_STYLES}
    >
      {coloured.map((token, index) =>
        token.kind === 'plain' ? (
          token.text
        ) : (
          <span key={index} className={`json-${token.kind}`}>
            {token.text}
          </span>
        ),
      )}
      {rest}
    </Box>
  );
}
