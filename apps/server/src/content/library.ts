import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { FrontMatterError, parseMarkdown, type FrontMatterValue } from './front-matter.ts';

/** Knowledge-base article shown on the home dashboard (spec §3: id, title, description, slug). */
export interface Article {
  /** The file name without `.md`, so it is unique and stable without anyone assigning it. */
  id: string;
  title: string;
  description: string;
  slug: string;
  /** Calendar date, `YYYY-MM-DD`. */
  publishDate: string;
  body: string;
}

/** API release note (spec §3: id, apiVersion, date). */
export interface ReleaseNote {
  id: string;
  /** Three dot-separated numbers, e.g. `1.0.450`. */
  apiVersion: string;
  /** Calendar date, `YYYY-MM-DD`. */
  date: string;
  title: string;
  body: string;
}

/** A named group of API paths the console uses to group one section's operations (e.g. Me). */
export interface Subsection {
  name: string;
  sectionId: string;
  paths: string[];
}

/** Everything the content service answers with, each list already in its default order. */
export interface ContentLibrary {
  /** Newest first (publish date descending, then title). */
  articles: readonly Article[];
  /** Newest first (date descending, then API version descending). */
  releaseNotes: readonly ReleaseNote[];
  /** By name, then section id. */
  subsections: readonly Subsection[];
}

/** Thrown when a content file cannot be used; the message names the file and the fix. */
export class ContentError extends Error {}

/** The content that ships with the code, next to this file. */
export const bundledContentDir = import.meta.dirname;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const API_VERSION = /^\d+\.\d+\.\d+$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SECTION_ID = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Reads and validates every content file under `dir` (`articles/`, `release-notes/`,
 * `subsections/`). Any problem throws a {@link ContentError} naming the file, so a bad edit stops
 * start-up instead of serving a half-empty dashboard.
 */
export async function loadContentLibrary(dir: string = bundledContentDir): Promise<ContentLibrary> {
  // Read together, but a problem is reported in folder order, so the same broken tree always names the same folder.
  const folders = await Promise.allSettled([
    readFolder(dir, 'articles'),
    readFolder(dir, 'release-notes'),
    readFolder(dir, 'subsections'),
  ]);
  const [articleFiles, noteFiles, subsectionFiles] = folders.map((read) => {
    if (read.status === 'rejected') throw read.reason;
    return read.value;
  }) as [ContentFile[], ContentFile[], ContentFile[]];

  const articles = articleFiles.map((file) => {
    const fields = new Fields(file);
    return {
      id: file.id,
      title: fields.text('title'),
      description: fields.text('description'),
      slug: fields.slug('slug'),
      publishDate: fields.date('publishDate'),
      body: fields.body(),
    } satisfies Article;
  });
  unique(articles, (article) => article.slug, 'slug', articleFiles);

  const releaseNotes = noteFiles.map((file) => {
    const fields = new Fields(file);
    return {
      id: file.id,
      apiVersion: fields.apiVersion('apiVersion'),
      date: fields.date('date'),
      title: fields.text('title'),
      body: fields.body(),
    } satisfies ReleaseNote;
  });
  unique(releaseNotes, (note) => note.apiVersion, 'apiVersion', noteFiles);

  const subsections = subsectionFiles.map((file) => {
    const fields = new Fields(file);
    return { name: fields.text('name'), sectionId: fields.sectionId('sectionId'), paths: fields.paths('paths') };
  });
  unique(
    subsections,
    (subsection) => `${subsection.sectionId}/${subsection.name.toLowerCase()}`,
    'name',
    subsectionFiles,
  );
  // The console puts each operation in one group, so a path may belong to one subsection per section only.
  // Paths compare case-insensitively because the platform's routes do.
  const pathOwners = new Map<string, number>();
  subsections.forEach((subsection, index) => {
    for (const apiPath of subsection.paths) {
      const key = `${subsection.sectionId} ${apiPath.toLowerCase()}`;
      const owner = pathOwners.get(key);
      if (owner !== undefined) {
        throw new ContentError(
          `Content file ${display(subsectionFiles[index]?.file ?? '')}: path "${apiPath}" already belongs to ` +
            `${display(subsectionFiles[owner]?.file ?? '')}; list each path in one subsection only.`,
        );
      }
      pathOwners.set(key, index);
    }
  });

  return {
    articles: articles.sort(
      (a, b) => b.publishDate.localeCompare(a.publishDate) || a.title.localeCompare(b.title, 'en'),
    ),
    releaseNotes: releaseNotes.sort(
      (a, b) => b.date.localeCompare(a.date) || compareVersions(b.apiVersion, a.apiVersion),
    ),
    subsections: subsections.sort(
      (a, b) => a.name.localeCompare(b.name, 'en') || a.sectionId.localeCompare(b.sectionId, 'en'),
    ),
  };
}

let bundled: Promise<ContentLibrary> | undefined;

/** The shipped content, parsed on first use and then kept in memory (it only changes with a deploy). */
export function bundledContentLibrary(): Promise<ContentLibrary> {
  bundled ??= loadContentLibrary(bundledContentDir);
  return bundled;
}

/** Numeric comparison of dot-separated versions (`1.0.450` is newer than `1.0.99`). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

interface ContentFile {
  /** Absolute path, for messages. */
  file: string;
  /** File name without `.md`. */
  id: string;
  text: string;
}

async function readFolder(dir: string, folder: string): Promise<ContentFile[]> {
  const folderPath = path.join(dir, folder);
  let names: string[];
  try {
    names = await fs.readdir(folderPath);
  } catch (error) {
    throw new ContentError(`Content folder ${display(folderPath)} cannot be read: ${(error as Error).message}`);
  }
  // Sorted so that error messages and tie-breaks do not depend on the file system's listing order.
  const markdown = names.filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    markdown.map(async (name) => {
      const file = path.join(folderPath, name);
      return { file, id: name.slice(0, -'.md'.length), text: await fs.readFile(file, 'utf8') };
    }),
  );
}

/** Typed access to one file's front matter; every failure names the file and the field. */
class Fields {
  private readonly fields: Record<string, FrontMatterValue>;
  private readonly markdownBody: string;

  constructor(private readonly source: ContentFile) {
    try {
      const document = parseMarkdown(source.text);
      this.fields = document.fields;
      this.markdownBody = document.body;
    } catch (error) {
      if (error instanceof FrontMatterError) throw this.fail(`invalid front matter: ${error.message}.`);
      throw error;
    }
  }

  text(key: string): string {
    const value = this.fields[key];
    if (value === undefined) throw this.fail(`the front matter is missing the required field "${key}".`);
    if (typeof value !== 'string' || value === '') throw this.fail(`"${key}" must be a non-empty line of text.`);
    return value;
  }

  slug(key: string): string {
    const value = this.text(key);
    if (!SLUG.test(value)) throw this.fail(`"${key}" must be lower-case words joined by hyphens; got "${value}".`);
    return value;
  }

  date(key: string): string {
    const value = this.text(key);
    const match = ISO_DATE.exec(value);
    // Round-tripping through Date rejects impossible days such as 2025-02-30.
    if (!match || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
      throw this.fail(`"${key}" must be a calendar date written YYYY-MM-DD; got "${value}".`);
    }
    return value;
  }

  apiVersion(key: string): string {
    const value = this.text(key);
    if (!API_VERSION.test(value)) throw this.fail(`"${key}" must look like 1.0.450; got "${value}".`);
    return value;
  }

  sectionId(key: string): string {
    const value = this.text(key);
    if (!SECTION_ID.test(value)) throw this.fail(`"${key}" must be one word of letters and digits; got "${value}".`);
    return value;
  }

  paths(key: string): string[] {
    const value = this.fields[key];
    if (value === undefined) throw this.fail(`the front matter is missing the required field "${key}".`);
    if (!Array.isArray(value) || value.length === 0) {
      throw this.fail(`"${key}" must be a list with at least one "- /path" line.`);
    }
    for (const apiPath of value) {
      if (!apiPath.startsWith('/') || /\s/.test(apiPath)) {
        throw this.fail(`every entry of "${key}" must be an API path starting with "/"; got "${apiPath}".`);
      }
    }
    return [...value];
  }

  body(): string {
    if (this.markdownBody === '') throw this.fail('the body after the front matter is empty.');
    return this.markdownBody;
  }

  private fail(message: string): ContentError {
    return new ContentError(`Content file ${display(this.source.file)}: ${message}`);
  }
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string, field: string, files: ContentFile[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new ContentError(
        `Content file ${display(files[index]?.file ?? '')}: "${field}" repeats the value of ` +
          `${display(files[first]?.file ?? '')}; it must be unique.`,
      );
    }
    seen.set(key, index);
  });
}

/** Repository-relative when possible, so messages read the same on every machine. */
function display(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
