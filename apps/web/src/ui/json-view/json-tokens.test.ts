import { describe, expect, it } from 'vitest';
import { jsonTokens, MAX_HIGHLIGHTED_LENGTH } from './json-tokens';

const kinds = (text: string) => jsonTokens(text).filter((token) => token.kind !== 'plain');

describe('jsonTokens', () => {
  it('tells keys, strings, numbers and literals apart', () => {
    const text = JSON.stringify({ ID: 'p1', Price: -1.5e3, Active: true, Parent: null, Tags: ['a:b'] }, null, 2);
    expect(kinds(text)).toEqual([
      { kind: 'key', text: '"ID"' },
      { kind: 'string', text: '"p1"' },
      { kind: 'key', text: '"Price"' },
      { kind: 'number', text: '-1500' },
      { kind: 'key', text: '"Active"' },
      { kind: 'literal', text: 'true' },
      { kind: 'key', text: '"Parent"' },
      { kind: 'literal', text: 'null' },
      { kind: 'key', text: '"Tags"' },
      { kind: 'string', text: '"a:b"' },
    ]);
  });

  it('keeps escaped quotes and digits inside strings as part of the string', () => {
    expect(kinds('{"Name": "say \\"12\\" true"}')).toEqual([
      { kind: 'key', text: '"Name"' },
      { kind: 'string', text: '"say \\"12\\" true"' },
    ]);
  });

  it('gives the text back unchanged when the pieces are joined', () => {
    const text = JSON.stringify({ a: [1, 2, { b: 'c' }], d: false }, null, 2);
    expect(
      jsonTokens(text)
        .map((token) => token.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves very long text as one plain piece', () => {
    const text = `"${'x'.repeat(MAX_HIGHLIGHTED_LENGTH)}"`;
    expect(jsonTokens(text)).toEqual([{ kind: 'plain', text }]);
  });
});
