import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEntities, documentTokens, Markdown, safeHref } from './markdown';

afterEach(cleanup);

function renderMarkdown(source: string) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <Markdown source={source} />
    </ChakraProvider>,
  );
}

describe('safeHref', () => {
  it('lets web, mail and in-portal links through and nothing that runs code', () => {
    expect(safeHref('https://example.test/a')).toBe('https://example.test/a');
    expect(safeHref('mailto:help@example.test')).toBe('mailto:help@example.test');
    expect(safeHref('/articles/webhooks')).toBe('/articles/webhooks');
    expect(safeHref('#retries')).toBe('#retries');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('//evil.test/x')).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('turns named and numeric references into characters and leaves unknown ones', () => {
    expect(decodeEntities('Fish &amp; chips &#8212; &lt;b&gt; &#x41; &bogus;')).toBe('Fish & chips — <b> A &bogus;');
  });
});

describe('documentTokens', () => {
  it('drops the leading title, which the page shows as its own heading', () => {
    const tokens = documentTokens('# Title\n\n## Part\n\nText');
    expect(tokens.filter((token) => token.type !== 'space').map((token) => token.type)).toEqual([
      'heading',
      'paragraph',
    ]);
    expect(documentTokens('## Only a part').filter((token) => token.type === 'heading')).toHaveLength(1);
  });
});

describe('<Markdown>', () => {
  it('renders headings from h2, paragraphs, emphasis, code, lists, tables and safe links', () => {
    renderMarkdown(
      [
        '# Document title',
        '',
        '## Retries',
        '',
        'Send **bold** and `code` with [a guide](https://example.test/guide) &amp; more.',
        '',
        '- one',
        '- two',
        '',
        '| Grant | Use |',
        '| ----- | --- |',
        '| `password` | sign-in |',
        '',
        '```ts',
        'const a = 1 < 2;',
        '```',
      ].join('\n'),
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Retries' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    const link = screen.getByRole('link', { name: 'a guide' });
    expect(link.getAttribute('href')).toBe('https://example.test/guide');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText(/& more\./)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Grant' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'password' })).toBeTruthy();
    expect(screen.getByText('const a = 1 < 2;').closest('pre')).not.toBeNull();
  });

  it('never renders raw HTML or a script link: tags vanish, their text stays plain', () => {
    const { container } = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"> <b>there</b> [click](javascript:alert(1))\n\n<script>alert(1)</script>\n',
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('there');
    expect(container.textContent).toContain('click');
    expect(container.textContent).not.toContain('alert');
  });
});
