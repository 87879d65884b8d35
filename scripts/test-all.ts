import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { findTestBrowser, INSTALL_CHROMIUM_HINT } from './chromium.ts';

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

// Issue 34's budget is the whole command in ten minutes: each phase's wall time is printed with the total.
const startedAt = performance.now();
const phaseSeconds: Array<[string, number]> = [];
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

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
let phaseStart = performance.now();
const [typeCheck, lint] = await Promise.all([runQuietly(bin('astro/bin/astro.mjs'), ['check']), runQuietly(bin('eslint/bin/eslint.js'), ['.'])]);
for (const code of [typeCheck, lint]) {
  if (code === 0) passed += 1;
  else {
    failed += 1;
    exitCode ||= code;
  }
}

/**
 * Vitest, once, every project of vitest.config.ts: the unit suite in the machine's zone, its files that
 * handle dates or clocks again under Tokyo and under Kiritimati, the API contract suite under Kiritimati
 * and its date tests again under Tokyo. One run rather than one per zone (vitest.config.ts starts
 * each zone's workers with its `TZ`): Vitest starts once and its workers stay busy to the end.
 */
phaseSeconds.push(['types and lint', seconds(phaseStart)]);
phaseStart = performance.now();
console.log('\n[test] Vitest: unit (machine zone, then the date tests under Asia/Tokyo and Pacific/Kiritimati), API (Pacific/Kiritimati, its date tests under Asia/Tokyo)');
const vitestJson = 'test-results/vitest.json';
rmSync(vitestJson, { force: true });
const vitestCode = run(bin('vitest/vitest.mjs'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
} else if (vitestCode !== 0) {
  // Died before reporting (a crash in a global setup): count the run as one failure.
  failed += 1;
}
if (vitestCode !== 0) exitCode ||= vitestCode;

phaseSeconds.push(['Vitest', seconds(phaseStart)]);
phaseStart = performance.now();
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

if (hasE2e) phaseSeconds.push(['Playwright (its server and build included)', seconds(phaseStart)]);
console.log(`\n[test] took ${seconds(startedAt)} s: ${phaseSeconds.map(([phase, s]) => `${phase} ${s} s`).join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
