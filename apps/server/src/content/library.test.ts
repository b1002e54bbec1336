import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledContentLibrary, compareVersions, ContentError, loadContentLibrary } from './library.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A content folder holding only the given files (paths relative to it). */
async function contentDir(files: Record<string, string>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-content-'));
  dirs.push(dir);
  await Promise.all(['articles', 'release-notes', 'subsections'].map((folder) => fs.mkdir(path.join(dir, folder))));
  for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(dir, name), text);
  return dir;
}

const article = (slug: string, publishDate: string, extra = '') =>
  `---\ntitle: ${slug} title\ndescription: About ${slug}.\nslug: ${slug}\npublishDate: ${publishDate}\n${extra}---\n\nBody of ${slug}.\n`;

describe('the shipped content', () => {
  it('is valid and complete', async () => {
    const library = await loadContentLibrary();
    expect(library.articles.length).toBeGreaterThanOrEqual(8);
    expect(library.releaseNotes.length).toBeGreaterThanOrEqual(5);
    expect(library.subsections.length).toBeGreaterThanOrEqual(10);
    for (const item of library.articles) {
      expect(item).toEqual({
        id: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        description: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        publishDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        body: expect.any(String),
      });
      // Real articles, not placeholders.
      expect(item.body.length).toBeGreaterThan(800);
    }
    expect(library.subsections.every((subsection) => subsection.sectionId === 'MeAndMyStuff')).toBe(true);
    expect(library.subsections.flatMap((subsection) => subsection.paths)).toEqual(
      expect.arrayContaining(['/me', '/me/addresses', '/me/products', '/me/spendingAccounts']),
    );
  });

  it('is kept in its default orders', async () => {
    const { articles, releaseNotes, subsections } = await loadContentLibrary();
    const dates = articles.map((item) => item.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const versions = releaseNotes.map((note) => note.apiVersion);
    expect(versions).toEqual([...versions].sort(compareVersions).reverse());
    const names = subsections.map((subsection) => subsection.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names no vendor or product', async () => {
    const { articles, releaseNotes } = await loadContentLibrary();
    const text = JSON.stringify([articles, releaseNotes]);
    expect(text).not.toMatch(/ordercloud|sitecore|four51|nuget|\bnpm\b/i);
  });

  it('is parsed once and then served from memory', async () => {
    expect(await bundledContentLibrary()).toBe(await bundledContentLibrary());
  });
});

describe('loadContentLibrary', () => {
  it('sorts articles by publish date, newest first, and release notes by date then version', async () => {
    const dir = await contentDir({
      'articles/a.md': article('older', '2024-01-01'),
      'articles/b.md': article('newest', '2025-06-01'),
      'articles/c.md': article('middle', '2025-01-01'),
      'release-notes/x.md': '---\ntitle: X\napiVersion: 1.0.99\ndate: 2025-01-01\n---\nx\n',
      'release-notes/y.md': '---\ntitle: Y\napiVersion: 1.0.100\ndate: 2025-01-01\n---\ny\n',
      'release-notes/z.md': '---\ntitle: Z\napiVersion: 1.0.9\ndate: 2024-01-01\n---\nz\n',
    });
    const library = await loadContentLibrary(dir);
    expect(library.articles.map((item) => item.slug)).toEqual(['newest', 'middle', 'older']);
    expect(library.articles[0]).toMatchObject({ id: 'b', title: 'newest title', body: 'Body of newest.' });
    expect(library.releaseNotes.map((note) => note.apiVersion)).toEqual(['1.0.100', '1.0.99', '1.0.9']);
  });

  it('stops with a message naming the file and the missing field', async () => {
    const dir = await contentDir({
      'articles/good.md': article('good', '2025-01-01'),
      'articles/broken.md': '---\ntitle: Broken\ndescription: No slug.\npublishDate: 2025-01-01\n---\nBody.\n',
    });
    const failure = loadContentLibrary(dir);
    await expect(failure).rejects.toThrow(ContentError);
    await expect(failure).rejects.toThrow(
      `Content file ${path.join(dir, 'articles', 'broken.md')}: the front matter is missing the required field "slug".`,
    );
  });

  it('stops with a message naming a file that has no front matter', async () => {
    const dir = await contentDir({ 'articles/bad.md': 'no front matter\n' });
    await expect(loadContentLibrary(dir)).rejects.toThrow(
      /Content file .*articles\/bad\.md: invalid front matter: the file must start with a front-matter block/,
    );
  });

  it.each([
    ['an impossible date', { 'articles/a.md': article('a', '2025-02-30') }, /"publishDate" must be a calendar date/],
    ['a bad slug', { 'articles/a.md': article('Not A Slug', '2025-01-01') }, /"slug" must be lower-case words/],
    [
      'a repeated slug',
      { 'articles/a.md': article('same', '2025-01-01'), 'articles/b.md': article('same', '2025-01-02') },
      /b\.md: "slug" repeats the value of .*a\.md/,
    ],
    [
      'an empty body',
      { 'articles/a.md': '---\ntitle: T\ndescription: D\nslug: s\npublishDate: 2025-01-01\n---\n\n' },
      /a\.md: the body after the front matter is empty/,
    ],
    [
      'a bad API version',
      { 'release-notes/n.md': '---\ntitle: T\napiVersion: v1\ndate: 2025-01-01\n---\nx\n' },
      /n\.md: "apiVersion" must look like 1\.0\.450/,
    ],
    [
      'a subsection without paths',
      { 'subsections/s.md': '---\nname: Profile\nsectionId: MeAndMyStuff\npaths:\n---\n' },
      /s\.md: "paths" must be a list/,
    ],
    [
      'a path in two subsections',
      {
        'subsections/a.md': '---\nname: A\nsectionId: MeAndMyStuff\npaths:\n  - /me/orders\n---\n',
        'subsections/b.md': '---\nname: B\nsectionId: MeAndMyStuff\npaths:\n  - /Me/Orders\n---\n',
      },
      /b\.md: path "\/Me\/Orders" already belongs to .*a\.md/,
    ],
    ['a missing folder', {}, /Content folder .*nowhere\/articles cannot be read/],
  ])('refuses %s', async (_case, files, message) => {
    const dir = await contentDir(files);
    const target = Object.keys(files).length === 0 ? path.join(dir, 'nowhere') : dir;
    await expect(loadContentLibrary(target)).rejects.toThrow(message);
  });
});

describe('compareVersions', () => {
  it('compares numerically', () => {
    expect(compareVersions('1.0.450', '1.0.99')).toBeGreaterThan(0);
    expect(compareVersions('1.0.9', '1.0.10')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
  });
});
