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
      `--schema=${path.join(src, part, 'db/schema.ts')}`,
      `--out=${path.join(src, part, 'db/migrations')}`,
    ],
    { stdio: 'inherit', cwd: path.resolve(import.meta.dirname, '../apps/server') },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
