import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The first page's budget (issue 22), read from the built app as the server serves it: every script and stylesheet
 * index.html loads or preloads, each counted at its brotli size when the build wrote a .br copy (what browsers get;
 * files under 1 KB go out as they are). Bytes and counts only: they are the same on any machine, where times are
 * not (those are bench/web-load.ts's). `npm test` builds the app first (scripts/lib/prepare.mjs ensureWebBuild).
 */

/** Home's JS and CSS as served, brotli: the target. */
const HOME_BUDGET_KB = 200;
/**
 * Requests for home's code: the document and the files it names (1 + 36 at issue 22's end; Chakra's parts are cut
 * by which pages use them, so the first page takes many small files). The boot then makes at most two calls before
 * home renders: the session, and the description when IndexedDB does not hold it.
 */
const HOME_REQUEST_BUDGET = 37;

const dist = path.resolve(import.meta.dirname, '../../dist');

/** The local files index.html loads: scripts, module preloads and stylesheets, in document order. */
function initialFiles(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const rel = /\brel="([^"]+)"/.exec(text)?.[1];
    const url = /\b(?:src|href)="([^"]+)"/.exec(text)?.[1];
    if (!url?.startsWith('/') || url.startsWith('//')) continue;
    if (tag[1] === 'link' && rel !== 'modulepreload' && rel !== 'stylesheet') continue;
    files.push(url.slice(1));
  }
  return [...new Set(files)];
}

/** The bytes a browser accepting brotli receives for a built file. */
function servedBytes(file: string): number {
  const full = path.join(dist, file);
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
}

describe("home's first download", () => {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    it('needs the built web app', () => {
      throw new Error(`${indexFile} is missing: run \`npm run build\` (npm test builds it first).`);
    });
    return;
  }
  const files = initialFiles(fs.readFileSync(indexFile, 'utf8'));

  it('names only files the build wrote', () => {
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(fs.existsSync(path.join(dist, file)), file).toBe(true);
  });

  it(`stays within ${HOME_BUDGET_KB} KB of JS and CSS, brotli as served`, () => {
    const sizes = files.map((file) => [file, servedBytes(file)] as const).sort((a, b) => b[1] - a[1]);
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    const listing = sizes.map(([file, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${file}`).join('\n');
    expect(total / 1024, `home's JS and CSS (largest first):\n${listing}`).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  it(`needs at most ${HOME_REQUEST_BUDGET} requests for its code, the document included`, () => {
    expect(1 + files.length, files.join('\n')).toBeLessThanOrEqual(HOME_REQUEST_BUDGET);
  });
});
