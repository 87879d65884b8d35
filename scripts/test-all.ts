import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { findTestBrowser, INSTALL_CHROMIUM_HINT } from './chromium.ts';
import { unitTestFiles } from './unit-tests.ts';

/**
 * `npm test`: type check (astro check) and lint (ESLint) side by side, unit and API contract tests (Vitest) in the
 * machine's zone and again under unusual ones (below), then end-to-end tests in real Chromium
 * (Playwright), which include the link check over the whole built site (tests/e2e/links.spec.ts:
 * every internal href/src of dist/ answers, except the route families listed in
 * tests/e2e/support/pending-routes.ts).
 * Ends with one plain line "N passed, N failed" adding all up.
 */
// Runner CLIs by path: their files are not in the packages' exports.
const bin = (relative: string) => resolve(process.cwd(), 'node_modules', relative);
mkdirSync('test-results', { recursive: true });

function run(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

let passed = 0;
let failed = 0;
let exitCode = 0;

/** Runs a CLI with its output kept, printed whole once it ends (two at once would interleave). */
function runQuietly(bin: string, args: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      done(code ?? 1);
    });
  });
}

// Types (Astro components, islands, server) and the recommended rules of ESLint, typescript-eslint and
// the Astro plugin (eslint.config.js), side by side: each keeps one core busy. A type error or a lint
// error fails the run like a failing test.
const [typeCheck, lint] = await Promise.all([runQuietly(bin('astro/bin/astro.mjs'), ['check']), runQuietly(bin('eslint/bin/eslint.js'), ['.'])]);
for (const code of [typeCheck, lint]) {
  if (code === 0) passed += 1;
  else {
    failed += 1;
    exitCode ||= code;
  }
}

/**
 * Vitest in the machine's zone and under zones far from Ecuador's: a date read in the machine's zone
 * instead of Ecuador's (a 20:00 kick-off, a birth date, a day's heading) shows there. Tokyo is UTC+9;
 * Kiritimati (UTC+14) is on the next calendar day from Ecuador for all but five hours of each day.
 * The unit suite runs whole once; the unit tests that handle dates or clocks (found by what their
 * source mentions, below) run again under both zones. The API suite starts real servers: it runs
 * whole once, under Kiritimati, and its date tests again under Tokyo.
 */
const DATE_MARKERS = /Guayaquil|timeZone|toLocale|Intl\.|[fF]ormat\w*(?:Date|Time|Day|Kick)|kick.?off|MARCADOR_NOW|setSystemTime|useFakeTimers|new Date\(|Date\.(?:UTC|parse)|\b[0-2]\d:[0-5]\d\b/;
const UNIT_DATE_TESTS = unitTestFiles().filter((file) => DATE_MARKERS.test(readFileSync(file, 'utf8')));
const API_DATE_TESTS = ['tests/api/timezone.test.ts', 'tests/api/football.test.ts', 'tests/api/media-and-time.test.ts'];
const vitestRuns: Array<{ label: string; tz?: string; args: string[] }> = [
  { label: 'machine zone, unit', args: ['--project', 'unit', '--project', 'unit-zones'] },
  { label: `TZ=Asia/Tokyo, the ${UNIT_DATE_TESTS.length} unit files and the API's tests that handle dates`, tz: 'Asia/Tokyo', args: [...UNIT_DATE_TESTS, ...API_DATE_TESTS] },
  { label: `TZ=Pacific/Kiritimati, the unit files that handle dates, and the whole API suite`, tz: 'Pacific/Kiritimati', args: [...UNIT_DATE_TESTS, 'tests/api/'] },
];
for (const [i, { label, tz, args }] of vitestRuns.entries()) {
  console.log(`\n[test] Vitest, ${label}`);
  const vitestJson = `test-results/vitest-${i}.json`;
  rmSync(vitestJson, { force: true });
  const code = run(bin('vitest/vitest.mjs'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`], tz ? { TZ: tz } : {});
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (code !== 0) {
    // Died before reporting (a crash in a global setup): count the run as one failure.
    failed += 1;
  }
  if (code !== 0) exitCode ||= code;
}

const hasE2e = existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  const chromium = await findTestBrowser();
  if (!chromium) {
    console.error(INSTALL_CHROMIUM_HINT);
    exitCode = 1;
    failed += 1;
  } else {
    const playwrightJson = 'test-results/playwright.json';
    const code = run(bin('@playwright/test/cli.js'), ['test', '--reporter=list,json'], {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    if (existsSync(playwrightJson)) {
      const report = JSON.parse(readFileSync(playwrightJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
    }
    if (code !== 0) exitCode = code;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
