/** A front-matter value: one line of text, or a block list of lines. */
export type FrontMatterValue = string | string[];

export interface MarkdownDocument {
  fields: Record<string, FrontMatterValue>;
  /** The markdown after the closing `---`, trimmed. */
  body: string;
}

/** Thrown for text that is not a front-matter block this parser understands; the message names the line. */
export class FrontMatterError extends Error {}

const FENCE = '---';
const KEY_LINE = /^([A-Za-z][A-Za-z0-9_-]*):(?:\s+(.*))?$/;
const LIST_ITEM = /^\s+-\s+(.*)$/;

/**
 * Splits a markdown file into its front matter and body. Deliberately a small subset of YAML
 * (`key: value`, quoted values, block lists of scalars, `#` comments): the content is ours and
 * simple, and a full YAML parser would accept far more than the loader could validate.
 */
export function parseMarkdown(text: string): MarkdownDocument {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== FENCE) {
    throw new FrontMatterError('the file must start with a front-matter block opened by "---" on line 1');
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === FENCE);
  if (end === -1) throw new FrontMatterError('the front-matter block opened on line 1 is never closed by "---"');

  const fields: Record<string, FrontMatterValue> = {};
  let openList: string[] | undefined;
  for (let index = 1; index < end; index++) {
    const line = lines[index] ?? '';
    const lineNumber = index + 1;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;

    const item = LIST_ITEM.exec(line);
    if (item) {
      if (!openList) throw new FrontMatterError(`line ${lineNumber}: a list item must follow a "key:" line`);
      openList.push(scalar(item[1] ?? '', lineNumber));
      continue;
    }

    const entry = KEY_LINE.exec(line);
    if (!entry) throw new FrontMatterError(`line ${lineNumber}: expected "key: value", got "${line.trim()}"`);
    const key = entry[1] ?? '';
    if (Object.hasOwn(fields, key)) throw new FrontMatterError(`line ${lineNumber}: "${key}" is set twice`);
    const raw = entry[2]?.trim() ?? '';
    if (raw === '') {
      // An empty value opens a block list; the items (if any) follow on indented "- " lines.
      openList = [];
      fields[key] = openList;
    } else {
      openList = undefined;
      fields[key] = scalar(raw, lineNumber);
    }
  }
  return {
    fields,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}

function scalar(raw: string, lineNumber: number): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    // Double quotes follow JSON escaping, which covers everything our titles need (quotes, colons).
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Reported below with the line number.
    }
    throw new FrontMatterError(`line ${lineNumber}: unterminated or malformed double-quoted value`);
  }
  if (value.startsWith("'")) {
    if (value.length < 2 || !value.endsWith("'")) {
      throw new FrontMatterError(`line ${lineNumber}: unterminated single-quoted value`);
    }
    return value.slice(1, -1).replaceAll("''", "'");
  }
  return value;
}
