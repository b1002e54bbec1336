/** The kinds of text in pretty-printed JSON that get their own colour. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'plain';

export interface JsonToken {
  readonly kind: JsonTokenKind;
  readonly text: string;
}

/** Above this many characters the text is shown uncoloured: thousands of spans would slow the page down. */
export const MAX_HIGHLIGHTED_LENGTH = 200_000;

// A string (a key when a colon follows), a true/false/null literal, or a number.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Splits JSON text into coloured pieces; joining the pieces' text gives the input back unchanged, so
 * what a user selects and copies is exactly the response.
 */
export function jsonTokens(text: string): JsonToken[] {
  if (text.length > MAX_HIGHLIGHTED_LENGTH) return [{ kind: 'plain', text }];
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) tokens.push({ kind: 'plain', text: text.slice(last, start) });
    const [whole, quoted, colon] = match;
    if (quoted !== undefined && colon !== undefined) {
      tokens.push({ kind: 'key', text: quoted }, { kind: 'plain', text: colon });
    } else if (quoted !== undefined) {
      tokens.push({ kind: 'string', text: quoted });
    } else {
      tokens.push({ kind: /^[tfn]/.test(whole) ? 'literal' : 'number', text: whole });
    }
    last = start + whole.length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}
