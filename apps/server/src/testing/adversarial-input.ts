import fc from 'fast-check';

/*
 * Generators of the inputs that have broken servers like ours: text PostgreSQL refuses (NUL, an
 * unpaired surrogate), escapes the router cannot decode, path tricks, values far over any bound,
 * wrong JSON types and bodies nested deeper than any model. The fuzz suites draw from them with a
 * fixed seed, so a failure names a request that can be replayed.
 */

/** Text that is hostile to storage, routing or parsing; each stays a plain JS string. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\ud800y',
    '\udc00',
    '\ud83d',
    '..',
    '../..',
    'a/b',
    'a?b=c',
    'a#b',
    '%',
    '%zz',
    '%00',
    '*',
    '!',
    '|',
    'a|b*',
    '!*',
    '<5',
    '>=x',
    "' OR 1=1 --",
    '$1',
    '{}',
    '[]',
    ' ',
    '',
    'null',
    '\u202e\u0301',
    '😀'.repeat(60),
    'é'.repeat(99),
  ),
  fc.constantFrom(101, 1_000, 100_000).map((length) => 'x'.repeat(length)),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** A value of any JSON type, sometimes hostile text, sometimes nested far deeper than a model allows. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null, [], {}),
  fc.constantFrom(10, 100, 1_000).map((depth) => nested(depth)),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** `{"a":{"a":...}}` `depth` levels deep, built without recursion. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

/**
 * A path segment as a client could send it: percent-encoded hostile text, or a raw escape that
 * is not valid UTF-8 (`%ED%A0%80` is an encoded surrogate, `%C0%AF` an overlong slash).
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileText.map((text) => encodeSegment(text)) },
  fc.constantFrom('%ED%A0%80', '%C0%AF', '%E0%80', '%', '%zz', '%2e%2e', '..%2F..', '%252F'),
);

/** encodeURIComponent that keeps unpaired surrogates (which it would throw on) as a raw escape. */
export function encodeSegment(text: string): string {
  let encoded = '';
  for (const char of text) {
    try {
      encoded += encodeURIComponent(char);
    } catch {
      encoded += '%ED%A0%80';
    }
  }
  return encoded;
}
