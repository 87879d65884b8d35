import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SITE } from '../../src/lib/config.ts';
import { checkLinks, formatBroken } from './support/links.ts';
import { PENDING_ROUTES } from './support/pending-routes.ts';

/**
 * Every internal link of the built site answers (ARCHITECTURE.md budgets). Reads the dist/ being served
 * (LINK_CHECK_DIST to point elsewhere) and asks the running server only for /api and /media. Links
 * into route families whose pages are not built yet are skipped: support/pending-routes.ts.
 */
const DIST = resolve(process.env.LINK_CHECK_DIST ?? 'dist');

test('every internal href and src of the built site answers', async ({ request }) => {
  test.setTimeout(120_000);
  expect(existsSync(resolve(DIST, 'index.html')), `no built site in ${DIST}: run npm run build (or npm start) first`).toBe(true);
  const started = Date.now();
  const report = await checkLinks({
    distDir: DIST,
    siteOrigins: [...new Set([SITE.url, process.env.SITE_URL].filter((o): o is string => Boolean(o)))],
    pending: PENDING_ROUTES,
    status: async (target) => (await request.get(target, { maxRedirects: 0, failOnStatusCode: false })).status(),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[links] ${report.pages} pages, ${report.targets} distinct internal targets (${report.checkedByServer} asked of the server, ` +
      `${report.skippedPending} in pending route families) in ${seconds} s; ${report.broken.length} broken`,
  );
  expect(report.pages).toBeGreaterThan(5);
  expect(report.broken.length, `${report.broken.length} broken internal links (target, why, pages):\n${formatBroken(report.broken)}\n`).toBe(0);
});
