import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The first page's budget (issue 22), read from the built app as the server serves it: every script and stylesheet
 * index.html loads, and every file of the app the boot imports (src/app/app-root.tsx, with what it imports
 * statically, from the build's manifest), each counted at its brotli size when the build wrote a .br copy (what
 * browsers get; files under 1 KB go out as they are). Bytes and counts only: they are the same on any machine, where times are
 * not (those are bench/web-load.ts's). `npm test` builds the app first (scripts/lib/prepare.mjs ensureWebBuild).
 */

/** Home's JS and CSS as served, brotli: the target. */
const HOME_BUDGET_KB = 200;
/**
 * Requests for home's code: the document and the files above (1 + 34; the colour-mode script is inline since
 * 2026-11-29; Chakra's parts are cut by which pages use them, so the first page takes many small files). The boot then makes at most two calls before
 * home renders: the session, and the description when IndexedDB does not hold it.
 */
const HOME_REQUEST_BUDGET = 35;

const dist = path.resolve(import.meta.dirname, '../../dist');

/** A chunk in Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The app module the boot imports once it knows the page stays (src/main.tsx). */
const APP_MODULE = 'src/app/app-root.tsx';

/** The files of the boot and of the app: each chunk with what it imports statically, and their stylesheets. */
function firstPageChunks(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const roots = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry || chunk.src === APP_MODULE);
  if (!roots.some(([, chunk]) => chunk.src === APP_MODULE)) throw new Error(`No chunk for ${APP_MODULE}.`);
  for (const [key] of roots) visit(key);
  return [...files];
}

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
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = [...new Set([...initialFiles(fs.readFileSync(indexFile, 'utf8')), ...firstPageChunks(manifest)])];

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
