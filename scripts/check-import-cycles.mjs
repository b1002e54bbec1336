// Import cycles (issue 20): none in the server, the web app or the packages. madge reads each tree with its own
// tsconfig (path aliases, `.ts` specifiers). Type-only imports count too: a reader follows them like any other
// import.
// Run by `npm test`; on its own: `node scripts/check-import-cycles.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';

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

for (const cycle of found) console.error(`Import cycle: ${cycle}`);
if (found.size > 0) process.exit(1);
console.log(`No import cycles in ${trees.map((tree) => tree.dir).join(', ')}.`);
