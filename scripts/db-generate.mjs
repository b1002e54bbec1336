// Makes a new SQL migration for every part whose Drizzle schema changed: `npm run db:generate`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../apps/server/src');
const parts = fs.readdirSync(src).filter((name) => fs.existsSync(path.join(src, name, 'db/schema.ts')));
for (const part of parts) {
  const result = spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect=postgresql',
      // Relative to apps/server: drizzle-kit mangles absolute paths when it reads earlier snapshots.
      `--schema=src/${part}/db/schema.ts`,
      `--out=src/${part}/db/migrations`,
    ],
    { stdio: 'inherit', cwd: path.resolve(import.meta.dirname, '../apps/server') },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
