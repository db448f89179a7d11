import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  BASE_URL,
  E2E_PORT,
  GITHUB_FAKE_PORT,
  WECHAT_FAKE_PORT,
} from './support/env.js';

/**
 * End-to-end tests drive Debian's Chromium against the BUILT server (`npm run build` first;
 * `npm test` does it), serving the built web app on a fresh temporary data folder.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

// One fresh SQLite data folder per run, reused by the config's re-evaluation in worker processes.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
// The server's whole log, read after the run by support/server-log-reporter.ts.
process.env.E2E_SERVER_LOG ??= path.join(process.env.E2E_DATA_DIR, 'server.log');

/**
 * Specs that change what every user sees (the demo provider's key or concurrency, chat models
 * that become the default, enabled payment gateways): they run one at a time, after the others,
 * so that no other test meets their changes. Every other spec makes its own users and runs
 * beside the others.
 */
const EXCLUSIVE = /(admin|admin-chores|credits|drawing-api|midjourney|pay)\.spec\.ts$/;

/** What only a person reads: `npm run screenshots`, not `npm test`. */
const SCREENSHOTS = /screenshots\.spec\.ts$/;
const onDemand = process.env.E2E_SCREENSHOTS === '1';

export default defineConfig({
  testDir: './tests',
  // Traces and screenshots of failures; `npm test` uses a folder of its own so that a manual
  // run at the same time does not wipe its artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './.artifacts/test-results',
  // Limits guard against a hang; they are not what a test measures. Two cores run the server,
  // three Chromiums and the runner together, often beside other work: a lazy screen may take
  // several seconds and a whole test several times its idle time.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Most of a test's time is the browser and the server waiting on each other: three workers
  // keep two cores busy (docs/testing.md). Each spec file runs in one worker, in order.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.E2E_JSON_REPORT ?? path.join(root, '.test-reports', 'e2e.json'),
      },
    ],
    ['./support/server-log-reporter.ts'],
  ],
  use: {
    baseURL: BASE_URL,
    // A first visit follows the browser's language; the specs are written for the spec's
    // default language, as a visitor from a zh-CN browser sees it (shell.spec tries others).
    locale: 'zh-CN',
    // A failed test keeps its trace (each step's DOM, network and console), but without the
    // screencast: recording a screenshot of every frame cost a third of the run's CPU time.
    // The failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Any *.atelier.test host reaches the local server, so tests can use several site domains.
        '--host-resolver-rules=MAP *.atelier.test 127.0.0.1',
      ],
    },
  },
  projects: onDemand
    ? [
        { name: 'setup', testMatch: /global\.setup\.ts/ },
        {
          name: 'screenshots',
          testMatch: SCREENSHOTS,
          dependencies: ['setup'],
          use: { ...devices['Desktop Chrome'], channel: undefined },
        },
      ]
    : [
        { name: 'setup', testMatch: /global\.setup\.ts/ },
        {
          name: 'chromium',
          testIgnore: [/global\.setup\.ts/, EXCLUSIVE, SCREENSHOTS],
          dependencies: ['setup'],
          use: { ...devices['Desktop Chrome'], channel: undefined },
        },
        {
          name: 'exclusive',
          testMatch: EXCLUSIVE,
          // `npx playwright test` runs them after the others; `npm test` runs the two projects
          // one after the other itself, so that a failure in one does not skip the other.
          dependencies: process.env.E2E_NO_ORDER ? ['setup'] : ['chromium'],
          workers: 1,
          use: { ...devices['Desktop Chrome'], channel: undefined },
        },
      ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    cwd: here,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      // Gateways' notifications (the fake epay of credits.spec.ts) reach the server here.
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // A helper building the web elsewhere (E2E_WEB_DIST) does not race another run's dist.
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(root, 'web', 'dist'),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      RATE_LIMIT_AUTH: '10000',
      RATE_LIMIT_GLOBAL: '100000',
      // Every test signs up from 127.0.0.1: no per-IP limit on sign-up gifts or guest trials.
      SIGNUP_GIFTS_PER_IP: '0',
      GUEST_TRIALS_PER_IP: '0',
      // Every spec comes from 127.0.0.1, and some meet a limit on purpose (wrong passwords).
      CAPTCHA_WHEN_ABUSE: 'false',
      // No example works or prompts (docs/works.md): the specs count what their users make.
      SEED_EXAMPLES: 'false',
      // Specs read the square right after another user publishes: no anonymous list cache.
      PUBLIC_CACHE_SECONDS: '0',
      // Every answer is logged with its status; scripts/e2e-server.mjs shows warnings and errors.
      LOG_LEVEL: 'info',
      E2E_SERVER_LOG: process.env.E2E_SERVER_LOG,
      TIME_ZONE: 'Asia/Shanghai',
      // The offline demos step faster than their default second: a separation every 50 ms; a
      // drawing (about 2 s in all) and a clip (about 3 s) every 300 ms, as the tests that
      // reload, delete a picture or read the progress in the middle of one need it running.
      DRAWING_DEMO_STEP_MS: '300',
      // The demo chat's answer streams over about 2.5 s instead of 0.8 s, so that a stop pressed
      // at its first words reaches the server before its last one on a loaded machine.
      CHAT_DEMO_STEP_MS: '50',
      VIDEO_DEMO_STEP_MS: '300',
      // Upstream fakes (a New API relay, a midjourney-proxy) are polled twice a second, not every
      // 3–5 s as a real service is: their jobs end in a second or two.
      DRAWING_POLL_MS: '500',
      VIDEO_POLL_MS: '500',
      MUSIC_POLL_MS: '500',
      SEPARATION_DEMO_STEP_MS: '50',
      // WeChat's API is the fake tests/wechat.spec.ts starts on this port.
      WECHAT_API_BASE: `http://127.0.0.1:${WECHAT_FAKE_PORT}`,
      WECHAT_QR_BASE: `http://127.0.0.1:${WECHAT_FAKE_PORT}`,
      // tests/oidc.spec.ts: its OpenID Connect provider is on loopback, and GitHub is its fake.
      OIDC_ALLOW_PRIVATE: 'true',
      GITHUB_BASE: `http://127.0.0.1:${GITHUB_FAKE_PORT}`,
      GITHUB_API_BASE: `http://127.0.0.1:${GITHUB_FAKE_PORT}`,
    },
  },
});
