// Import cycles (issue 20): none in the server, the web app or the packages, apart from the few listed in
// allowed-import-cycles.mjs. madge reads each tree with its own tsconfig (path aliases, `.ts`
// specifiers). Type-only imports count too: a reader follows them like any other import.
// Run by `npm test`; on its own: `node scripts/check-import-cycles.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { ALLOWED_IMPORT_CYCLES } from './allowed-import-cycles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const packageTrees = fs
  .readdirSync(path.join(root, 'packages'))
  .filter((name) => fs.existsSync(path.join(root, 'packages', name, 'tsconfig.json')))
  .map((name) => ({ dir: `packages/${name}/src`, tsConfig: `packages/${name}/tsconfig.json` }));
const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  ...packageTrees,
];

/**
 * A cycle as one line, starting at its alphabetically first file, so the same cycle reads the same
 * whichever file madge happened to reach it from.
 */
function cycleKey(files) {
  const first = files.indexOf([...files].sort()[0]);
  return [...files.slice(first), ...files.slice(0, first)].join(' > ');
}

const found = new Set();
for (const { dir, tsConfig } of trees) {
  const graph = await madge(path.join(root, dir), {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
  });
  for (const cycle of graph.circular()) found.add(cycleKey(cycle));
}

const allowed = new Set(ALLOWED_IMPORT_CYCLES.map(cycleKey));
const unexpected = [...found].filter((cycle) => !allowed.has(cycle));
const gone = [...allowed].filter((cycle) => !found.has(cycle));
for (const cycle of unexpected) console.error(`Import cycle: ${cycle}`);
for (const cycle of gone)
  console.error(`No longer a cycle, so remove it from scripts/allowed-import-cycles.mjs: ${cycle}`);
if (unexpected.length > 0 || gone.length > 0) process.exit(1);
console.log(
  `No import cycles in ${trees.map((tree) => tree.dir).join(', ')} (${allowed.size} allowed for now, see scripts/allowed-import-cycles.mjs).`,
);
