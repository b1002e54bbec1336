import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseMarkdown } from './front-matter.ts';

describe('parseMarkdown', () => {
  it('reads scalars, quoted values, block lists and the body', () => {
    const document = parseMarkdown(
      [
        '---',
        '# a comment',
        'title: "Querying lists: filters \\"and\\" paging"',
        "note: 'it''s quoted'",
        'plain: a: b',
        'paths:',
        '  - /me',
        '  - /me/addresses/{addressID}',
        '---',
        '',
        '# Heading',
        '',
        'Text.',
      ].join('\r\n'),
    );
    expect(document.fields).toEqual({
      title: 'Querying lists: filters "and" paging',
      note: "it's quoted",
      plain: 'a: b',
      paths: ['/me', '/me/addresses/{addressID}'],
    });
    expect(document.body).toBe('# Heading\n\nText.');
  });

  it.each([
    ['no opening fence', 'title: x\n---\nbody', /line 1/],
    ['no closing fence', '---\ntitle: x\nbody', /never closed/],
    ['a line that is not key: value', '---\ntitle x\n---\n', /line 2: expected "key: value"/],
    ['a repeated key', '---\ntitle: a\ntitle: b\n---\n', /line 3: "title" is set twice/],
    ['a list item without a key', '---\n  - /me\n---\n', /line 2: a list item/],
    ['an unterminated quote', '---\ntitle: "open\n---\n', /line 2: unterminated/],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseMarkdown(text)).toThrow(FrontMatterError);
    expect(() => parseMarkdown(text)).toThrow(message);
  });
});
