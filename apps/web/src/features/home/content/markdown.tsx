import { Box, chakra, Code, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, useMemo, type ReactNode } from 'react';

// MARKDOWN
// The knowledge-base articles and release notes are markdown. marked only splits them into tokens here; every token
// becomes a React element, so no HTML string is ever put into the page: raw HTML in a document shows as nothing,
// text is text, and a link goes only where a link may (http, https, mailto, or inside the portal). That keeps the
// content security policy's "no inline script" promise without a sanitiser.

/** Where a document's link may point; anything else (javascript:, data:) is shown as plain text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  // A relative link or an anchor: no scheme before the first slash, question mark or hash.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//')) return trimmed;
  return null;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Character references in text, which marked leaves as written (`&amp;`), as the characters they name.
 *
 * @example
 * decodeEntities('Fish &amp; chips &#8212; &lt;b&gt;'); // 'Fish & chips — <b>'
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The tokens of a document, without its leading `# Title`: the page shows the title as its own heading. */
export function documentTokens(markdown: string): Token[] {
  const tokens = Lexer.lex(markdown, { gfm: true });
  const first = tokens.findIndex((token) => token.type !== 'space');
  const lead = tokens[first];
  return lead?.type === 'heading' && (lead as Tokens.Heading).depth === 1 ? tokens.slice(first + 1) : [...tokens];
}

function Inline({ tokens }: { tokens: readonly Token[] | undefined }): ReactNode {
  return (tokens ?? []).map((token, index) => <Fragment key={index}>{inline(token)}</Fragment>);
}

function inline(token: Token): ReactNode {
  switch (token.type) {
    case 'text':
      // A list item's text token carries the inline tokens of its line.
      return token.tokens ? <Inline tokens={token.tokens} /> : decodeEntities(token.text as string);
    case 'escape':
      return token.text as string;
    case 'strong':
      return (
        <Text as="strong" fontWeight="semibold">
          <Inline tokens={token.tokens} />
        </Text>
      );
    case 'em':
      return (
        <Text as="em" fontStyle="italic">
          <Inline tokens={token.tokens} />
        </Text>
      );
    case 'del':
      return (
        <Text as="del">
          <Inline tokens={token.tokens} />
        </Text>
      );
    case 'codespan':
      return <Code fontSize="0.9em">{token.text as string}</Code>;
    case 'br':
      return <br />;
    case 'link': {
      const href = safeHref(token.href as string);
      if (!href) return <Inline tokens={token.tokens} />;
      const external = /^(https?:)?\/\//i.test(href);
      return (
        <Link
          href={href}
          color="blue.fg"
          textDecoration="underline"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          <Inline tokens={token.tokens} />
        </Link>
      );
    }
    case 'image':
      // Pictures would load from anywhere the document names; the alternative text says what they show.
      return decodeEntities(token.text as string);
    case 'html':
      // Raw HTML is never rendered (see the top of this file); the text between tags still shows.
      return null;
    default:
      return token.raw;
  }
}

function ListBlock({ token }: { token: Tokens.List }) {
  const items = token.items.map((item, index) => (
    <chakra.li key={index} ps="1">
      <Blocks tokens={item.tokens} tight={!item.loose} />
    </chakra.li>
  ));
  const layout = { ps: '6', display: 'flex', flexDirection: 'column', gap: '1' } as const;
  return token.ordered ? (
    <chakra.ol listStyleType="decimal" start={token.start === '' ? undefined : token.start} {...layout}>
      {items}
    </chakra.ol>
  ) : (
    <chakra.ul listStyleType="disc" {...layout}>
      {items}
    </chakra.ul>
  );
}

function TableBlock({ token }: { token: Tokens.Table }) {
  const align = (index: number) => token.align[index] ?? undefined;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="l2"
      // A wide table scrolls inside its box; keyboard users reach it to scroll it.
      tabIndex={0}
      role="region"
      aria-label={`Table: ${token.header.map((cell) => decodeEntities(cell.text)).join(', ')}`}
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {token.header.map((cell, index) => (
              <Table.ColumnHeader key={index} textAlign={align(index)}>
                <Inline tokens={cell.tokens} />
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {token.rows.map((row, rowIndex) => (
            <Table.Row key={rowIndex}>
              {row.map((cell, index) => (
                <Table.Cell key={index} textAlign={align(index)}>
                  <Inline tokens={cell.tokens} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Heading sizes by level: the page's own title is the only h1, so a document's headings start at h2. */
const HEADING_SIZES = { 2: 'xl', 3: 'lg', 4: 'md', 5: 'sm', 6: 'sm' } as const;

function block(token: Token, tight: boolean): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'html':
      return null;
    case 'heading': {
      const level = Math.min(6, Math.max(2, token.depth as number)) as 2 | 3 | 4 | 5 | 6;
      return (
        <Heading as={`h${level}`} size={HEADING_SIZES[level]} mt="2">
          <Inline tokens={token.tokens} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <Text lineHeight="tall">
          <Inline tokens={token.tokens} />
        </Text>
      );
    case 'text':
      // Loose text inside a tight list item: no paragraph spacing around it.
      return tight ? (
        <Inline tokens={token.tokens ?? [token]} />
      ) : (
        <Text lineHeight="tall">
          <Inline tokens={token.tokens ?? [token]} />
        </Text>
      );
    case 'code':
      return (
        <Box as="pre" p="3" rounded="l2" bg="bg.muted" overflowX="auto" fontSize="sm" tabIndex={0}>
          <code>{token.text as string}</code>
        </Box>
      );
    case 'blockquote':
      return (
        <Box as="blockquote" borderStartWidth="4px" borderColor="border.emphasized" ps="4" color="fg.muted">
          <Blocks tokens={token.tokens ?? []} />
        </Box>
      );
    case 'list':
      return <ListBlock token={token as Tokens.List} />;
    case 'table':
      return <TableBlock token={token as Tokens.Table} />;
    case 'hr':
      return <Box as="hr" borderColor="border" />;
    default:
      return <Text>{token.raw}</Text>;
  }
}

function Blocks({ tokens, tight = false }: { tokens: readonly Token[]; tight?: boolean }) {
  return tokens.map((token, index) => <Fragment key={index}>{block(token, tight)}</Fragment>);
}

/** A markdown document as the portal's own elements; a leading `# Title` is left to the page. */
export function Markdown({ source }: { source: string }) {
  const tokens = useMemo(() => documentTokens(source), [source]);
  return (
    <Stack gap="4" maxW="prose" css={{ '& pre code': { fontFamily: 'mono', whiteSpace: 'pre' } }}>
      <Blocks tokens={tokens} />
    </Stack>
  );
}
