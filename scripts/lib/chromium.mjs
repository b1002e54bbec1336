import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';

/** Browser tests use Debian's Chromium; install it when we may, otherwise say how. */
export function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing: run "sudo apt-get install -y chromium" (browser tests need ${chromiumPath}).`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages for the browser tests...');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install Chromium with "apt-get install -y chromium".`);
      process.exit(1);
    }
  }
}
