import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the real server (started by e2e/global-setup.ts on a free port with a
// throw-away data folder) in Debian's Chromium; Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // One worker: on this 2-core machine two browsers beside the server ran the same journeys slower in all (24
  // journeys: 3.0 min with one, 3.3 min with two), each one waiting on the other for the processor.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Guards against a hang, not speed checks (those live in bench/): a journey on a shared 2-core machine under load
  // has taken twice its quiet time, so the limits leave room for that.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: '.test-output/playwright',
  // The usage journey reads the demo organization's weekly counts and adds exactly one console request: it runs
  // after every other journey (which send requests as the same organization), so nothing else moves the count.
  projects: [
    { name: 'journeys', testIgnore: /analytics\.spec\.ts$/ },
    { name: 'usage counts', testMatch: /analytics\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    // One browser context for the worker's journeys, reset between them (cookies, storage and pages cleared, as
    // a new one would be): a new context and its renderer process for each was about 0.4 s of a journey's 7 s.
    reuseContext: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
