import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL } from './scripts/chromium.ts';

/**
 * End-to-end tests in real Chromium (tests/e2e). Against `npm start` (site + API on :4321, clock
 * pinned by MARCADOR_NOW so live data is deterministic) unless E2E_BASE_URL points elsewhere.
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = (externalBaseUrl ?? 'http://127.0.0.1:4321').replace(/\/$/, '');
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  // Three at a time on two cores: in the headless shell the suite took 293-298 s against 330-343 s
  // with two (in the full browser, three had been slower than two).
  workers: 3,
  // A test that passes only on a second try is a bug to fix (timers: Playwright's page.clock), not noise.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'es-EC',
    timezoneId: 'America/Guayaquil',
    viewport: { width: 1280, height: 800 },
    // Recording a trace for every test (to keep the failures') cost a quarter of the suite's time;
    // E2E_TRACE=1 turns it on to study a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The offline worker would answer requests that tests mock with page.route (Playwright does not see
    // a worker's fetches): blocked everywhere except tests/e2e/offline.spec.ts, which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's old headless shell when installed (scripts/chromium.ts findTestBrowser: half the suite's time).
      executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'npm start',
        // 503 until the site served was built from the data served (a start may rebuild it first).
        url: `${baseURL}/api/health`,
        env: {
          PORT: '4321',
          MARCADOR_NOW: '2026-11-22T20:30:00-05:00',
          // Its own store, so a test run never re-anchors the developer's data/marcador.db.
          DATABASE_PATH: 'data/e2e.db',
          // Tests stand for several readers with X-Forwarded-For (newsletter rate limit).
          TRUST_PROXY: '1',
        },
        reuseExistingServer: !isCI,
        // The first start builds the whole site (about 3,750 pages; minutes on a busy 2-core machine with
        // an empty picture cache) before pages are served.
        timeout: 600_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
