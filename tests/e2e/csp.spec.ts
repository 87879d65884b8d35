import { expect, test, type Page } from '@playwright/test';
import { scoreInEveryLiveMatch } from './support/live.ts';
import { themeClass, UNKNOWN_PATH } from './support/shell.ts';

/**
 * The Content-Security-Policy (hashes of the inline scripts, computed by the build) lets every page
 * work: no violation on any page type, the pre-paint theme script runs, islands hydrate and the
 * shell's scripts run. One line per page type: a new page type adds its path here.
 */
const PAGE_TYPES: Array<{ path: string; before?: (page: Page) => Promise<void>; ready?: (page: Page) => Promise<void> }> = [
  // A goal in a live match: React hydrates the scoreboard under the policy too.
  { path: '/', before: scoreInEveryLiveMatch, ready: async (page) => await expect(page.locator('[data-today-matches]')).toHaveAttribute('data-hydrated', 'true') },
  { path: '/nosotros' },
  { path: '/informacion' },
  { path: '/search?q=barcelona' },
  // The competition, club and news pages, with their own islands and inline data.
  { path: '/serie-a' },
  { path: '/torneos/242/posiciones' },
  { path: '/football' },
  { path: '/equipos' },
  { path: '/fichajes' },
  { path: '/noticias' },
  { path: UNKNOWN_PATH },
];

/** Records CSP violations from the page (event) and from the console (Chromium's report). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []))];
}

for (const { path, before, ready } of PAGE_TYPES) {
  test(`CSP: ${path} runs its scripts with no violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await before?.(page);
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // The inline theme script ran before paint.
    expect(['light', 'dark']).toContain(await themeClass(page));
    await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    if (ready) await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('security headers on pages and API answers', async ({ request }) => {
  const page = await request.get('/nosotros');
  const headers = page.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toBeUndefined();
  const overHttps = await request.get('/nosotros', { headers: { 'x-forwarded-proto': 'https' } });
  expect(overHttps.headers()['strict-transport-security']).toContain('max-age=');
  const api = await request.get('/api/time');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect((await request.post('/', { maxRedirects: 0 })).status()).toBe(405);
});
