// Shared by `npm start` and `npm test`: make a fresh clone runnable with no other set-up step.
// Plain JavaScript on purpose: it runs before any dependency is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const lockFile = path.join(root, 'package-lock.json');
const webRoot = path.join(root, 'apps/web');
const webStamp = path.join(webRoot, 'dist', '.source-hash');

/** Runs a command with the terminal attached; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\n${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function readStamp(file) {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json (a pull
 * that changed dependencies). npm writes node_modules/.package-lock.json on every install.
 */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lockFile).mtimeMs) return;
  console.log('Installing dependencies (first run, or package-lock.json changed)...');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuild() {
  const sources = [
    ...listFiles(path.join(webRoot, 'src')).filter((file) => !/\.test\.tsx?$/.test(file)),
    ...listFiles(path.join(webRoot, 'public')),
    ...['index.html', 'vite.config.ts', 'package.json']
      .map((name) => path.join(webRoot, name))
      .filter((f) => fs.existsSync(f)),
    lockFile,
  ];
  const wanted = hashFiles(sources);
  if (readStamp(webStamp) === wanted && fs.existsSync(path.join(webRoot, 'dist', 'index.html'))) return;
  console.log('Building the web app...');
  run('npm', ['run', 'build', '--silent', '-w', 'apps/web']);
  fs.writeFileSync(webStamp, wanted);
}
