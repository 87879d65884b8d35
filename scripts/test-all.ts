import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium, INSTALL_CHROMIUM_HINT } from './chromium.ts';

/**
 * `npm test`: type check (astro check), unit and API contract tests (Vitest), then end-to-end tests in
 * real Chromium (Playwright), which include the link check over the whole built site
 * (tests/e2e/links.spec.ts: every internal href/src of dist/ answers, except the route families
 * listed in tests/e2e/support/pending-routes.ts).
 * Ends with one plain line "N passed, N failed" adding both up.
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

// Types first (Astro components, islands, server): a type error fails the run like a failing test.
const typeCheck = run(bin('astro/bin/astro.mjs'), ['check']);
if (typeCheck === 0) passed += 1;
else {
  failed += 1;
  exitCode = typeCheck;
}

const vitestJson = 'test-results/vitest.json';
const vitestCode = run(bin('vitest/vitest.mjs'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (vitestCode !== 0) exitCode = vitestCode;

const hasE2e = existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  const chromium = await findChromium();
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
