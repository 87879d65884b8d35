import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { findChromium, INSTALL_CHROMIUM_HINT } from '../scripts/chromium.ts';
import { cpuTimeAudit } from './cpu-time-tbt.ts';
import { cpuTbtRow, eachRun, median, perfRow, runScope, type Row } from './report.ts';
import { loadTest } from './load.ts';
import { liveBenchPaths, measureLive } from './live.ts';
import { measureAlerts } from './alerts.ts';
import { measurePushpin } from './pushpin.ts';
import { measureIncremental } from './incremental.ts';
import { measureColdPaints } from './paint.ts';
import { scoreInEveryLiveMatch } from '../tests/e2e/support/live.ts';
import { FRAMEWORK_CHUNK, measureFrameworkOnRepeat, measureRepeatVisits, workerBrotliBytes } from './offline.ts';
import { simulateFreePlanDay } from './live-quota.ts';
import { startSite } from './server.ts';
import { readCpuTimes, stealShare, waitForQuietCpu } from './steal.ts';

/**
 * `npm run bench`: builds the site (timed), serves it with the API, and measures every page type that
 * exists against the budgets in ARCHITECTURE.md: Lighthouse mobile (simulated slow 4G, 4x CPU), bytes per
 * page, JavaScript per page, and API throughput on loopback: cached endpoints, uncached searches (each
 * request its own URL) and a cached request while a search flood runs. Prints a table; writes
 * bench/results/. `--only=api`: the API rows alone (no build, no browser), e.g.
 * `DATABASE_PATH=/tmp/bench/marcador.db BENCH_PORT=5001 npm run bench -- --only=api`.
 * `--only=offline`: the service worker's rows alone (its size, repeat visits on Slow 4G) against the built site.
 * `--only=incremental`: a whole build, a rebuild with nothing changed and one after a final whistle (bench/incremental.ts).
 * `--only=pages`: the page rows alone (bytes, DOM size, Lighthouse, paints) against the built site there is.
 * `--no-build` serves the dist/ there is; `--no-lighthouse` skips Lighthouse; `--pages=/a,/b`
 * measures only those pages; `--runs=N` Lighthouse runs per page (median; default 3); `--no-paint` skips
 * the cold paints on Slow 4G (bench/paint.ts), `--paint-runs=N` loads per page for them (median; default 5). A run that
 * leaves rows out says so and writes bench/results/latest-partial.json, never latest.json
 * (bench/report.ts).
 */
const BUDGET = {
  performance: 98,
  accessibility: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  homeTotalKb: 150,
  htmlKb: 14,
  dataPageJsKb: 80,
  buildS: 60,
  // Issue 37: a whole build no slower than before incremental builds (95 s then), a whistle's rebuild live within 20 s.
  fullBuildS: 95,
  whistleBuildS: 20,
  apiRps: 2000,
  apiP99Ms: 25,
  searchRps: 1000,
  searchP99Ms: 50,
  pushP95Ms: 1000,
  pushMemoryMb: 100,
  pushGoalBytes: 1024,
  pushpinStreams: 20_000,
  pushpinHeapMb: 10,
  alertsP95Ms: 10_000,
  alertsMemoryMb: 100,
  freePlanRequests: 100,
  freePlanLagMin: 30,
  serviceWorkerKb: 15,
  repeatPaintMs: 500,
  domElements: 800,
};
/** The widths ARCHITECTURE.md's DOM budget holds at: a phone's and a desktop's. */
const DOM_WIDTHS = [412, 1280] as const;
// A Lighthouse run during which the host took more than this share of the CPU measures the host,
// not the page (see bench/steal.ts).
const MAX_STEAL = 0.1;
const STEAL_ATTEMPTS = 3;
const INFO_PAGES = new Set(['/nosotros', '/informacion', '/contacto', '/privacidad', '/terminos', '/publicidad', '/404']);
const args = new Set(process.argv.slice(2));
// `--only=api`: only the API load rows (no build, no browser), against an API-only server.
const apiOnly = args.has('--only=api');
// `--only=live`: only the push rows (ARCHITECTURE.md "Push", "Provider quota") against the built site there is.
const liveOnly = args.has('--only=live');
// `--only=alerts`: only the Web Push rows (issue 36: 10,000 browsers, a goal, a kill -9 mid-fan-out).
const alertsOnly = args.has('--only=alerts');
// `--only=pushpin`: only the rows of /api/live through Pushpin (issue 37: 20,000 streams, bench/pushpin.ts), no browser.
const pushpinOnly = args.has('--only=pushpin');
// `--only=incremental`: only the build rows of issue 37 (a whole build, a rebuild with nothing changed, one after a whistle), bench/incremental.ts.
const incrementalOnly = args.has('--only=incremental');
// `--only=offline`: only the offline rows (issue 27: the worker's size, repeat visits on Slow 4G) against the built site there is.
const offlineOnly = args.has('--only=offline');
// `--only=dom`: only the DOM size rows (issue 32: elements per page type at 412 and 1280 px) against the built site there is.
const domOnly = args.has('--only=dom');
// `--only=pages`: only the page rows (bytes, DOM size, Lighthouse) against the built site there is: no API load, push or build rows.
const pagesOnly = args.has('--only=pages');
const chromePath = apiOnly || pushpinOnly ? null : await findChromium();
if (!chromePath && !apiOnly && !pushpinOnly) {
  console.error(INSTALL_CHROMIUM_HINT);
  process.exit(1);
}
mkdirSync('bench/results', { recursive: true });

const rows: Row[] = [];
const add = (check: string, value: number | string, budget: string, ok: boolean) =>
  rows.push({ check, value: typeof value === 'number' ? String(Math.round(value * 100) / 100) : value, budget, ok });

/** The push and quota rows: a replayed match day against a copy of the built site's store. */
async function measurePush(results: Record<string, unknown>) {
  const day = await simulateFreePlanDay(JSON.parse(readFileSync(new URL('../tests/fixtures/api-football/fixture-by-id-full.json', import.meta.url), 'utf8')).response[0]);
  const worstLag = Math.max(...day.matches.flatMap((m) => [m.detailsAfterMin ?? Infinity, m.standingsAfterMin ?? Infinity]));
  add('free plan, 8-match day: requests that day (next day)', `${day.requests} (${day.requestsNextDay})`, `≤ ${BUDGET.freePlanRequests}`, day.requests <= BUDGET.freePlanRequests && day.refused === 0);
  add('free plan: results and tables after each whistle, worst', `${worstLag} min`, `≤ ${BUDGET.freePlanLagMin} min`, worstLag <= BUDGET.freePlanLagMin);
  const live = await measureLive({ ...liveBenchPaths(), chromePath });
  add(`push: one change to ${live.fanOut.streams} streams, p50 / p95`, `${live.fanOut.p50Ms} / ${live.fanOut.p95Ms} ms`, `p95 ≤ ${BUDGET.pushP95Ms} ms`, live.fanOut.p95Ms <= BUDGET.pushP95Ms && live.fanOut.missed === 0);
  add(`push: server memory for ${live.fanOut.streams} streams`, `+${live.memoryMb.growth.toFixed(0)} MB`, `≤ ${BUDGET.pushMemoryMb} MB`, live.memoryMb.growth <= BUDGET.pushMemoryMb);
  add('push: cached API p99 with the streams open', `${live.cachedDuringStreams.p99Ms.toFixed(1)} ms`, `≤ ${BUDGET.apiP99Ms} ms`, live.cachedDuringStreams.p99Ms <= BUDGET.apiP99Ms && live.cachedDuringStreams.errors === 0);
  add('push: one goal on the wire', live.goalBytes === null ? 'no goal seen' : `${live.goalBytes} B`, `≤ ${BUDGET.pushGoalBytes} B`, live.goalBytes !== null && live.goalBytes <= BUDGET.pushGoalBytes);
  if (live.dom) add(`push: provider answer → match page DOM (${live.dom.samples} changes), p50 / p95`, `${live.dom.p50Ms} / ${live.dom.p95Ms} ms`, `p95 ≤ ${BUDGET.pushP95Ms} ms`, live.dom.p95Ms <= BUDGET.pushP95Ms);
  // Issue 35: a new Relato line reaches an open page as fast as a goal does.
  const lines = live.dom?.commentary;
  if (lines) add(`push: provider answer → a new Relato line on the open page (${lines.samples} lines), p50 / p95`, `${lines.p50Ms} / ${lines.p95Ms} ms`, `p95 ≤ ${BUDGET.pushP95Ms} ms`, lines.p95Ms <= BUDGET.pushP95Ms);
  else if (live.dom) add('push: provider answer → a new Relato line on the open page', 'no line came in 25 minutes of play', `p95 ≤ ${BUDGET.pushP95Ms} ms`, false);
  else add('push: provider answer → match page DOM', 'not measured', `p95 ≤ ${BUDGET.pushP95Ms} ms`, false);
  results.push = { freePlan: day, live };
  await measureAlertRows(results);
}

/** Issue 36: a goal to 10,000 browsers through a local push service, and a server killed mid-fan-out (bench/alerts.ts). */
async function measureAlertRows(results: Record<string, unknown>) {
  const alerts = await measureAlerts(liveBenchPaths());
  const n = alerts.subscriptions;
  add(`alerts: a goal to ${n} browsers, store write → push accepted, p50 / p95`, `${alerts.fanOut.p50Ms} / ${alerts.fanOut.p95Ms} ms (${alerts.fanOut.delivered} delivered, ${alerts.undecryptable} undecryptable)`, `p95 ≤ ${BUDGET.alertsP95Ms} ms`, alerts.fanOut.p95Ms <= BUDGET.alertsP95Ms && alerts.fanOut.delivered === n && alerts.undecryptable === 0);
  add(`alerts: server memory during the fan-out`, `+${alerts.memoryMb.growth.toFixed(0)} MB`, `≤ ${BUDGET.alertsMemoryMb} MB`, alerts.memoryMb.growth <= BUDGET.alertsMemoryMb);
  add('alerts: cached API p99 during the fan-out (before it, replay alone)', `${alerts.cachedDuringFanOut.p99Ms.toFixed(1)} ms (${alerts.cachedDuringFanOut.replayOnlyP99Ms.toFixed(1)} ms)`, `≤ ${BUDGET.apiP99Ms} ms`, alerts.cachedDuringFanOut.p99Ms <= BUDGET.apiP99Ms && alerts.cachedDuringFanOut.errors === 0);
  add(
    `alerts: kill -9 after ${alerts.crash.killedAfter} sent, restart: browsers with the goal / twice / missing`,
    `${alerts.crash.delivered} / ${alerts.crash.twice} / ${alerts.crash.missing}`,
    `${n} / 0 / 0`,
    alerts.crash.delivered === n && alerts.crash.twice === 0,
  );
  results.alerts = alerts;
}

/**
 * Issue 37: `/api/live` through Pushpin (bench/pushpin.ts): one change to 20,000 streams, the API process's
 * memory before and after they opened (Pushpin holds them: what it keeps must not grow with them; its
 * resident size also shows how far the heap grew answering them), a cached request meanwhile.
 */
async function measureIncrementalRows(results: Record<string, unknown>) {
  const r = await measureIncremental();
  results.incremental = r;
  add(`incremental: the whole site from an empty cache (${r.full.pages} pages)`, `${r.full.seconds.toFixed(1)} s`, `≤ ${BUDGET.fullBuildS} s (issue 37: no slower than before)`, r.full.seconds <= BUDGET.fullBuildS);
  add(
    'incremental: the same data again (build start → live; from the spawn)',
    `${r.unchanged.buildSeconds.toFixed(1)} s (${r.unchanged.seconds.toFixed(1)} s), ${r.unchanged.changed} files changed (${r.unchanged.changedMb.toFixed(1)} MB)`,
    'reported',
    true,
  );
  // The budget is the server's rebuild (buildSite in its process, its API already up); the spawn adds a Node start and an API server.
  add(
    `incremental: a final whistle (fixture ${r.whistle.fixture}) → the pages it touches live (build start → live; from the spawn)`,
    `${r.whistle.buildSeconds.toFixed(1)} s (${r.whistle.seconds.toFixed(1)} s), ${r.whistle.changed} files changed (${r.whistle.changedMb.toFixed(1)} MB), match page ${r.whistle.matchPageRebuilt ? 'rebuilt' : 'NOT rebuilt'}`,
    `≤ ${BUDGET.whistleBuildS} s`,
    r.whistle.buildSeconds <= BUDGET.whistleBuildS && r.whistle.matchPageRebuilt,
  );
}

async function measurePushpinRows(results: Record<string, unknown>) {
  const p = await measurePushpin();
  const f = p.fanOut;
  add(`pushpin: streams open through ${p.instances} instances (8 per address), refused`, `${p.streams - p.refused} in ${p.openSeconds.toFixed(1)} s, ${p.refused} refused`, `${BUDGET.pushpinStreams}, 0 refused`, p.streams - p.refused >= BUDGET.pushpinStreams && p.refused === 0);
  add(`pushpin: one change to ${p.streams} streams (${f.changes} changes), p50 / p95 (last)`, `${f.p50Ms} / ${f.p95Ms} ms (${f.maxMs} ms)`, `p95 ≤ ${BUDGET.pushP95Ms} ms`, f.p95Ms <= BUDGET.pushP95Ms && f.changes > 0);
  add('pushpin: deliveries missed / twice, streams ended during the fan-out', `${f.missed} / ${f.duplicates}, ${f.ended}`, '0 / 0, 0', f.missed === 0 && f.duplicates === 0 && f.ended === 0);
  const h = p.apiHeapMb;
  add(`pushpin: API process heap kept, without → with ${p.streams} streams`, `${h.before.toFixed(1)} → ${h.withStreams.toFixed(1)} MB (+${h.growth.toFixed(1)})`, `≤ +${BUDGET.pushpinHeapMb} MB`, h.growth <= BUDGET.pushpinHeapMb);
  const m = p.apiMemoryMb;
  add(`pushpin: API process RSS before → with the streams → after the fan-out`, `${m.before.toFixed(0)} → ${m.afterOpen.toFixed(0)} → ${m.afterFanOut.toFixed(0)} MB`, 'reported', true);
  add('pushpin: cached API p99 during the fan-out (a request every 5 ms)', `${p.cachedDuringFanOut.p99Ms.toFixed(1)} ms (${p.cachedDuringFanOut.rps.toFixed(0)}/s)`, `≤ ${BUDGET.apiP99Ms} ms`, p.cachedDuringFanOut.p99Ms <= BUDGET.apiP99Ms && p.cachedDuringFanOut.errors === 0);
  add('pushpin: CPU seconds during the fan-out, by process', Object.entries(p.cpuDuringFanOut).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${v}`).join(', '), 'reported', true);
  add(`pushpin: Pushpin's processes (${p.instances} instances) RSS`, `${p.pushpinMemoryMb.toFixed(0)} MB`, 'reported', true);
  results.pushpin = p;
}

/** Issue 27: the service worker's size, and repeat visits over a Slow 4G link (bench/offline.ts). */
async function measureOffline(serverUrl: string, results: Record<string, unknown>) {
  const swKb = workerBrotliBytes('dist') / 1024;
  add('service worker (br)', `${swKb.toFixed(1)} KB`, `≤ ${BUDGET.serviceWorkerKb} KB`, swKb <= BUDGET.serviceWorkerKb);
  const visits = await measureRepeatVisits({ baseUrl: serverUrl, chromePath: chromePath!, paths: ['/', '/posiciones', '/noticias'] });
  for (const visit of visits) {
    // Online, network first costs the page's round trip (562 ms on Slow 4G) before anything paints:
    // the budget is for the copy painted from the cache.
    add(`${visit.path} repeat visit from the cache: FCP`, `${visit.fromCacheMs} ms`, `≤ ${BUDGET.repeatPaintMs} ms`, visit.fromCacheMs <= BUDGET.repeatPaintMs);
    add(`${visit.path} repeat visit online, Slow 4G (network first): FCP`, `${visit.onlineMs} ms`, 'reported', true);
  }
  // The first page read is an information page (no framework): the data pages opened next take React
  // from the worker's precache.
  const repeat = await measureFrameworkOnRepeat({ baseUrl: serverUrl, chromePath: chromePath!, firstPath: '/nosotros', paths: ['/', '/posiciones', '/equipos'] });
  for (const visit of repeat) add(`${visit.path} after a first visit: React over the network`, `${visit.frameworkBytes} B`, '0 B', visit.frameworkBytes === 0);
  results.offline = { serviceWorkerBrotliBytes: Math.round(swKb * 1024), visits, frameworkOnRepeat: repeat };
}

/**
 * Issue 32: elements per page type once loaded (`document.querySelectorAll('*')`, islands given time
 * to hydrate) at a phone's width and a desktop's, against ARCHITECTURE.md's 800.
 */
async function measureDomSize(serverUrl: string, urls: readonly string[], results: Record<string, unknown>) {
  const browser = await chromium.launch({ executablePath: chromePath!, args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'] });
  const counts: Record<string, Record<number, number>> = {};
  try {
    for (const width of DOM_WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      for (const path of urls) {
        await page.goto(serverUrl + path, { waitUntil: 'load' });
        await page.waitForTimeout(500);
        (counts[path] ??= {})[width] = await page.evaluate(() => document.querySelectorAll('*').length);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  for (const path of urls) {
    const [phone, desktop] = DOM_WIDTHS.map((width) => counts[path]![width]!);
    add(`${path} DOM elements at ${DOM_WIDTHS.join(' / ')} px`, `${phone} / ${desktop}`, `≤ ${BUDGET.domElements}`, Math.max(phone!, desktop!) <= BUDGET.domElements);
  }
  results.domElements = counts;
}

if (domOnly) {
  const results: Record<string, unknown> = { at: new Date().toISOString(), partial: 'DOM size rows only' };
  const site = await startSite({ env: { SKIP_BUILD: '1' }, port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined });
  try {
    const only = process.argv.find((a) => a.startsWith('--pages='))?.slice(8).split(',');
    await measureDomSize(site.url, only ?? pageTypes(), results);
  } finally {
    await site.stop();
  }
  results.rows = rows;
  writeFileSync('bench/results/latest-dom.json', JSON.stringify(results, null, 2));
  for (const r of rows) console.log(`${r.check} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'}`);
  const failedDom = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failedDom} within budget, ${failedDom} over budget (details: bench/results/latest-dom.json)`);
  process.exit(failedDom ? 1 : 0);
}

if (offlineOnly) {
  const results: Record<string, unknown> = { at: new Date().toISOString(), partial: 'offline rows only' };
  const site = await startSite({ env: { SKIP_BUILD: '1' }, port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined });
  try {
    await measureOffline(site.url, results);
  } finally {
    await site.stop();
  }
  results.rows = rows;
  writeFileSync('bench/results/latest-offline.json', JSON.stringify(results, null, 2));
  for (const r of rows) console.log(`${r.check} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'}`);
  const failedOffline = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failedOffline} within budget, ${failedOffline} over budget (details: bench/results/latest-offline.json)`);
  process.exit(failedOffline ? 1 : 0);
}

/** One group of rows alone against what is there (no build): measured, written, printed; exits 1 when one is over. */
async function measureOnly(measure: (results: Record<string, unknown>) => Promise<void>): Promise<never> {
  const { partial, resultsFile } = runScope(process.argv.slice(2), { built: false });
  const results: Record<string, unknown> = { at: new Date().toISOString(), partial };
  await measure(results);
  results.rows = rows;
  writeFileSync(resultsFile, JSON.stringify(results, null, 2));
  for (const r of rows) console.log(`${r.check} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'}`);
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failed} within budget, ${failed} over budget (details: ${resultsFile})`);
  process.exit(failed ? 1 : 0);
}

if (alertsOnly) await measureOnly(measureAlertRows);
if (pushpinOnly) await measureOnly(measurePushpinRows);
if (liveOnly) await measureOnly(measurePush);
if (incrementalOnly) await measureOnly(measureIncrementalRows);

// 1. Build, timed (skip with --no-build when dist/ is current).
let built = false;
if (!apiOnly && !pagesOnly && (!args.has('--no-build') || !existsSync('dist/index.html'))) {
  built = true;
  const started = performance.now();
  const build = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  if (build.status !== 0) {
    console.error('[bench] the build failed');
    process.exit(1);
  }
  const pages = countHtml('dist');
  add(`build: ${pages} pages`, `${seconds.toFixed(1)} s`, `< ${BUDGET.buildS} s`, seconds < BUDGET.buildS);
}

/** What readers type: club, player and news words, with and without accents, whole and partial. */
const SEARCH_TERMS = [
  'emelec', 'barcelona', 'liga', 'independiente', 'quito', 'eliminatorias', 'Eliminatorías', 'valencia', 'caicedo', 'plata',
  'estrada', 'copa', 'torneo', 'river', 'flamengo', 'tecnico', 'universidad', 'aucas', 'mushuc', 'orense', 'delfin', 'macará',
  'cumbaya', 'hurtado', 'jose', 'carlos', 'gol', 'sele', 'libertadores', 'sudamericana', 'deportivo', 'el nacional',
];

/** A 'reported' row: the median of `values` and their range. */
function addSpreadRow(label: string, values: number[], format: (value: number) => string): void {
  if (!values.length) return;
  add(`${label}, median (${format(Math.min(...values))}-${format(Math.max(...values))})`, format(median(values)), 'reported', true);
}

function countHtml(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) n += countHtml(full);
    else if (name.endsWith('.html')) n += 1;
  }
  return n;
}

/**
 * The first element, in document order, that starts below the first mobile viewport: as its tag and
 * its index among the document's elements with that tag, so it can be found in the raw HTML.
 */
async function firstBelowFold(page: import('playwright-core').Page): Promise<{ tag: string; index: number } | null> {
  return page.evaluate(() => {
    const fold = window.innerHeight;
    const all = Array.from(document.body.querySelectorAll('*'));
    for (const el of all) {
      if (el.closest('header, [hidden], template, script, style')) continue;
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || style.display === 'none') continue;
      const top = el.getBoundingClientRect().top + window.scrollY;
      if (top >= fold) {
        const tag = el.tagName.toLowerCase();
        return { tag, index: Array.from(document.getElementsByTagName(tag)).indexOf(el) };
      }
    }
    return null;
  });
}

/** Brotli size of the HTML a reader needs for the first viewport: everything before that element. */
function aboveTheFoldKb(html: string, marker: { tag: string; index: number } | null): number {
  let cut = html.length;
  if (marker) {
    const pattern = new RegExp(`<${marker.tag}[\\s>/]`, 'gi');
    let match: RegExpExecArray | null = null;
    for (let i = 0; i <= marker.index; i++) match = pattern.exec(html);
    if (match) cut = match.index;
  }
  return brotliCompressSync(Buffer.from(html.slice(0, cut))).length / 1024;
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** Bytes by kind in KB, two decimals: what latest.json keeps of a first view. */
const kbByKind = (sizes: Record<string, number>) => Object.fromEntries(Object.entries(sizes).map(([kind, b]) => [kind, Math.round(b / 10.24) / 100]));

/**
 * A first view with an empty cache at a phone's size: bytes by kind (body and headers, as they cross
 * the wire), those of React's and the islands' shared chunks, and the HTML above the fold. `prepare`
 * runs on the page before it is opened; `ready` is awaited once it has loaded.
 */
async function firstView(
  browser: Browser,
  url: string,
  { prepare, ready }: { prepare?: (page: Page) => Promise<void>; ready?: (page: Page) => Promise<void> } = {},
): Promise<{ sizes: Record<string, number>; frameworkBytes: number; foldKb: number; paths: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await prepare?.(page);
    const sizes: Record<string, number> = { document: 0, stylesheet: 0, script: 0, image: 0, font: 0, fetch: 0, other: 0 };
    const paths: string[] = [];
    let frameworkBytes = 0;
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then((s) => {
          const type = request.resourceType();
          const key = type in sizes ? type : type === 'xhr' ? 'fetch' : 'other';
          const path = new URL(request.url()).pathname;
          paths.push(path);
          sizes[key] += s.responseBodySize + s.responseHeadersSize;
          if (FRAMEWORK_CHUNK.test(path)) frameworkBytes += s.responseBodySize + s.responseHeadersSize;
        }),
      );
    });
    const response = await page.goto(url, { waitUntil: ready ? 'load' : 'networkidle' });
    if (ready) {
      await ready(page);
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(300);
    await Promise.all(pending);
    const html = (await response?.text()) ?? '';
    return { sizes, frameworkBytes, foldKb: aboveTheFoldKb(html, await firstBelowFold(page)), paths };
  } finally {
    await context.close();
  }
}

/**
 * The home page's first view on a match day: a goal in every match in play since the page was built
 * (tests/e2e/support/live.ts changes the fixtures answers), so the live scoreboard is handed
 * to React and React's bytes count. The rows above measure a page whose data has not moved since its
 * build, which loads no React at all; this is the view a reader gets while matches are played.
 */
async function measureHomeAfterAGoal(browser: Browser, bytes: Record<string, Record<string, number>>) {
  const check = '/ after a goal (its scoreboard handed to React)';
  let inPlay = 0;
  // The routed answers go out as plain JSON; the server would have sent them compressed.
  let routedPlain = 0;
  let routedBrotli = 0;
  let view: Awaited<ReturnType<typeof firstView>>;
  try {
    view = await firstView(browser, server.url + '/', {
      prepare: (page) =>
        scoreInEveryLiveMatch(page, (body, matches) => {
          inPlay += matches;
          routedPlain += Buffer.byteLength(body);
          routedBrotli += brotliCompressSync(Buffer.from(body)).length;
        }),
      ready: (page) => page.locator('astro-island[client="live"][data-live="hydrated"]').first().waitFor({ timeout: 30_000 }),
    });
  } catch (error) {
    add(`${check}: js`, inPlay ? `not measured (${(error as Error).message.split('\n')[0]})` : 'not measured: no match in play in the served data', `≤ ${BUDGET.dataPageJsKb} KB`, false);
    return;
  }
  const { sizes, frameworkBytes, paths } = view;
  bytes['/ after a goal'] = kbByKind(sizes);
  const total = (Object.values(sizes).reduce((a, b) => a + b, 0) - routedPlain + routedBrotli) / 1024;
  add(`${check}: js (React ${(frameworkBytes / 1024).toFixed(1)} KB of it)`, `${(sizes.script / 1024).toFixed(1)} KB`, `≤ ${BUDGET.dataPageJsKb} KB`, sizes.script / 1024 <= BUDGET.dataPageJsKb);
  add(`${check}: first view total (the changed answers at their brotli size)`, `${total.toFixed(1)} KB`, `≤ ${BUDGET.homeTotalKb} KB`, total <= BUDGET.homeTotalKb);
  const crests = paths.filter((path) => /^\/media\/(teams|leagues)\//.test(path)).length;
  add(`${check}: crests downloaded again (the page drew them from its sheet)`, String(crests), '0', crests === 0);
}

/** Standings pages, whose JavaScript the bench compares with the home page's. */
const TABLE_PAGES = ['/posiciones'];

/** One URL per page type: each top-level route, plus the first detail page under each dynamic route. */
function pageTypes(): string[] {
  const urls = ['/'];
  for (const name of readdirSync('dist').sort()) {
    const full = join('dist', name);
    if (name.startsWith('_') || !statSync(full).isDirectory()) continue;
    if (existsSync(join(full, 'index.html'))) urls.push(`/${name}`);
    const child = readdirSync(full).find((c) => statSync(join(full, c)).isDirectory() && existsSync(join(full, c, 'index.html')));
    if (child) urls.push(`/${name}/${child}`);
  }
  urls.push('/404');
  // /home is the home page again; the sources of dist/_redirects (/news, /informacion/contacto…) are
  // old addresses that answer 301 before any page: measured, they add a round trip no reader's page has.
  const redirected = existsSync('dist/_redirects')
    ? new Set(
        readFileSync('dist/_redirects', 'utf8')
          .split('\n')
          .map((line) => line.trim().split(/\s+/)[0])
          .filter(Boolean),
      )
    : new Set<string>();
  return [...new Set(urls)].filter((u) => u !== '/home' && !redirected.has(u));
}

async function measurePages() {
  // `--pages=/a,/b`: only these page types (to measure again the pages a full run found over).
  const only = process.argv.find((a) => a.startsWith('--pages='))?.slice(8).split(',');
  const urls = only ?? pageTypes();
  console.log(`[bench] page types: ${urls.join(' ')}`);

  // 2. Bytes per page, first view with an empty cache, mobile viewport.
  const browser = await chromium.launch({
    executablePath: chromePath!,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const bytes: Record<string, Record<string, number>> = {};
  const scriptBytes: Record<string, number> = {};
  for (const path of urls) {
    const { sizes, frameworkBytes, foldKb } = await firstView(browser, server.url + path);
    bytes[path] = kbByKind(sizes);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0) / 1024;
    const jsKb = sizes.script / 1024;
    const htmlKb = sizes.document / 1024;
    add(`${path} html above the fold (br)`, `${foldKb.toFixed(1)} KB`, `≤ ${BUDGET.htmlKb} KB`, foldKb <= BUDGET.htmlKb);
    add(`${path} html whole page (br)`, `${htmlKb.toFixed(1)} KB`, 'reported', true);
    if (INFO_PAGES.has(path) || path.startsWith('/informacion') || path.startsWith('/noticias/')) {
      add(`${path} js`, `${jsKb.toFixed(1)} KB`, 'no framework JS (≤ 15 KB)', jsKb <= 15);
      add(`${path} framework js`, `${frameworkBytes} B`, '0 B', frameworkBytes === 0);
    } else {
      add(`${path} js`, `${jsKb.toFixed(1)} KB`, `≤ ${BUDGET.dataPageJsKb} KB`, jsKb <= BUDGET.dataPageJsKb);
    }
    if (path === '/') add('/ first view total', `${total.toFixed(1)} KB`, `≤ ${BUDGET.homeTotalKb} KB`, total <= BUDGET.homeTotalKb);
    scriptBytes[path] = sizes.script;
  }
  // Issue 11: "a table page ships no more JavaScript than the home page" (in bytes: the two differ by tens).
  for (const tablePage of TABLE_PAGES) {
    const table = scriptBytes[tablePage];
    const home = scriptBytes['/'];
    if (table !== undefined && home !== undefined) add(`${tablePage} js vs /`, `${table} B vs ${home} B`, '≤ the home page', table <= home);
  }
  if (urls.includes('/')) await measureHomeAfterAGoal(browser, bytes);
  await browser.close();
  results.bytes = bytes;
  await measureDomSize(server.url, urls, results);

  // 3. Lighthouse, mobile, simulated throttling (its defaults: slow 4G, 4x CPU slowdown). One run is
  // noisy on a shared 2-core machine (TBT of the same page spans 0-300 ms), so each URL runs
  // `--runs=N` times (default 3) and the table reports the median of each metric, as Lighthouse's
  // own docs advise; the spread and the machine's benchmarkIndex go into latest.json. The
  // information pages share one template, so two of them stand for the rest.
  if (!args.has('--no-lighthouse')) {
    const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7)) || 3);
    const LIGHTHOUSE_INFO_PAGES = ['/informacion', '/nosotros', '/404'];
    const LIGHTHOUSE_CATEGORIES = 'performance,accessibility';
    const sharesInfoTemplate = (u: string) => (INFO_PAGES.has(u) || u.startsWith('/informacion/')) && !LIGHTHOUSE_INFO_PAGES.includes(u);
    const lighthouseUrls = urls.filter((u) => !sharesInfoTemplate(u));
    const lighthouse: Record<string, unknown> = {};
    type Sample = { perf: number; a11y: number; fcp: number; lcp: number; tbt: number; cpuTbt: number | null; cpuPerf: number | null; cls: number; benchmarkIndex: number; steal: number | null };
    const samplesByPath = new Map<string, Sample[]>(lighthouseUrls.map((path) => [path, []]));
    const repeated: Array<{ path: string; steal: number; tbt: number }> = [];
    // Runs whose Lighthouse failed: a page short of its runs fails its own row (never a quieter median).
    const failedRuns = new Map<string, number>();
    const runLighthouse = (path: string): Sample | null => {
      const name = path.replace(/[^a-z0-9]+/gi, '_') || 'home';
      const out = `bench/results/lh-${name}.json`;
      const artifacts = `bench/results/lh-${name}-artifacts`;
      rmSync(artifacts, { recursive: true, force: true });
      const before = readCpuTimes();
      const run = spawnSync(
        process.execPath,
        [
          'node_modules/lighthouse/cli/index.js', server.url + path, '--quiet', `-GA=${artifacts}`, '--output=json', `--output-path=${out}`,
          `--only-categories=${LIGHTHOUSE_CATEGORIES}`,
          '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run',
        ],
        { env: { ...process.env, CHROME_PATH: chromePath! }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
      );
      const steal = stealShare(before, readCpuTimes());
      if (run.status !== 0 || !existsSync(out)) return null;
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const onCpuTime = cpuTimeAudit(artifacts, 'node_modules/lighthouse/cli/index.js', LIGHTHOUSE_CATEGORIES);
      return {
        perf: Math.round(report.categories.performance.score * 100),
        a11y: Math.round(report.categories.accessibility.score * 100),
        fcp: report.audits['first-contentful-paint'].numericValue,
        lcp: report.audits['largest-contentful-paint'].numericValue,
        tbt: report.audits['total-blocking-time'].numericValue,
        cpuTbt: onCpuTime?.tbt ?? null,
        cpuPerf: onCpuTime?.perf ?? null,
        cls: report.audits['cumulative-layout-shift'].numericValue,
        benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
        steal,
      };
    };
    // Rounds go through every page before the next round, so a slow spell of the machine (its CPU
    // is shared and its speed varies by 2x within minutes) falls on all pages alike instead of
    // on whichever page happened to be measured then. Each run starts once the host's steal is
    // low, and a run during which the host still took more than MAX_STEAL of the CPU is repeated
    // (up to STEAL_ATTEMPTS times; after that it is kept, and the table counts it).
    for (let i = 0; i < runs; i++) {
      for (const path of lighthouseUrls) {
        for (let attempt = 1; attempt <= STEAL_ATTEMPTS; attempt++) {
          await waitForQuietCpu(MAX_STEAL, { timeoutMs: 30_000 });
          const sample = runLighthouse(path);
          if (!sample) {
            failedRuns.set(path, (failedRuns.get(path) ?? 0) + 1);
            break;
          }
          if (sample.steal !== null && sample.steal > MAX_STEAL && attempt < STEAL_ATTEMPTS) {
            repeated.push({ path, steal: sample.steal, tbt: sample.tbt });
            continue;
          }
          samplesByPath.get(path)!.push(sample);
          break;
        }
      }
    }
    for (const [path, samples] of samplesByPath) {
      if (samples.length === 0) {
        add(`${path} lighthouse`, 'failed', 'runs', false);
        continue;
      }
      const [perf, a11y, fcp, lcp, tbt, cls] = (['perf', 'a11y', 'fcp', 'lcp', 'tbt', 'cls'] as const).map((key) => median(samples.map((s) => s[key])));
      lighthouse[path] = { runs: samples.length, median: { perf, a11y, fcp, lcp, tbt, cls }, samples };
      if (failedRuns.has(path)) add(`${path} lighthouse runs`, `${samples.length} of ${runs}, ${failedRuns.get(path)} failed`, `${runs} runs`, false);
      rows.push(perfRow(path, perf, samples.map((s) => s.cpuPerf), BUDGET.performance));
      add(`${path} lighthouse a11y`, a11y, `= ${BUDGET.accessibility}`, a11y >= BUDGET.accessibility);
      add(`${path} LCP`, `${Math.round(lcp)} ms`, `≤ ${BUDGET.lcpMs} ms`, lcp <= BUDGET.lcpMs);
      // ARCHITECTURE.md: wall-clock TBT swings with the host's load and is reported; the gate is the same
      // runs re-audited with each renderer task at its CPU time (bench/cpu-time-tbt.ts), what the
      // page's own work costs without the waits that the host adds to wall time.
      add(`${path} TBT (wall clock)${eachRun(samples.map((s) => s.tbt))}`, `${Math.round(tbt)} ms`, 'reported', true);
      rows.push(cpuTbtRow(path, samples.map((s) => s.cpuTbt), BUDGET.tbtMs));
      add(`${path} CLS`, cls.toFixed(3), `≤ ${BUDGET.cls}`, cls <= BUDGET.cls);
    }
    // Lighthouse's estimate of the same ratio, reported: Lantern counts every picture and script that
    // finished before a text paint as something it waited for (bench/paint.ts), so it grows with a
    // page's crests though its text paints as early. The budget is judged on the browser's paints below.
    const reference = lighthouse['/nosotros'] as { median: { fcp: number; lcp: number } } | undefined;
    if (reference) {
      for (const [path, entry] of Object.entries(lighthouse) as Array<[string, { median: { fcp: number; lcp: number } }]>) {
        if (path === '/nosotros') continue;
        for (const metric of ['fcp', 'lcp'] as const) {
          const ratio = entry.median[metric] / reference.median[metric];
          add(`${path} ${metric.toUpperCase()} vs /nosotros (Lighthouse's estimate)`, `${Math.round(entry.median[metric])} / ${Math.round(reference.median[metric])} ms (${ratio.toFixed(2)}×)`, 'reported', true);
        }
      }
    }
    // Lighthouse's own CPU score of the machine during the runs: the same page's TBT roughly
    // halves between a machine scoring 1,100 and one scoring 2,200, so the table says which it was.
    const kept = [...samplesByPath.values()].flat();
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    addSpreadRow('lighthouse benchmarkIndex', kept.map((s) => s.benchmarkIndex), (index) => String(Math.round(index)));
    const steals = kept.flatMap((s) => (s.steal === null ? [] : [s.steal]));
    if (steals.length) {
      addSpreadRow('hypervisor steal in kept runs', steals, percent);
      add(`runs repeated for steal > ${percent(MAX_STEAL)} / kept anyway`, `${repeated.length} / ${steals.filter((share) => share > MAX_STEAL).length}`, 'reported', true);
    }
    results.lighthouse = lighthouse;
    results.lighthouseRepeatedForSteal = repeated;
  }
  if (!args.has('--no-paint')) await measurePaintAgainstNosotros(urls, results);
}

/**
 * DESIGN.md's paint budget: every page type's FCP and LCP within 15% of /nosotros's (no data, no
 * islands), each page opened cold on Slow 4G + 4x CPU in the same run (bench/paint.ts), median of
 * `--paint-runs=N` loads (default 5: one load's FCP on this shared machine swings by a third).
 */
async function measurePaintAgainstNosotros(urls: readonly string[], results: Record<string, unknown>) {
  const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--paint-runs='))?.slice(13)) || 5);
  const paths = urls.includes('/nosotros') ? urls : ['/nosotros', ...urls];
  const samples = await measureColdPaints({ baseUrl: server.url, chromePath: chromePath!, paths, runs });
  const medians = new Map([...samples].filter(([, list]) => list.length > 0).map(([path, list]) => [path, { fcp: median(list.map((s) => s.fcp)), lcp: median(list.map((s) => s.lcp)) }]));
  const reference = medians.get('/nosotros');
  for (const path of paths) {
    const entry = medians.get(path);
    if (!entry || !reference) {
      add(`${path} paint on Slow 4G + 4× CPU`, 'not measured', `${runs} loads`, false);
      continue;
    }
    const list = samples.get(path)!;
    add(`${path} FCP / LCP on Slow 4G + 4× CPU, cold (${list.length} loads)`, `${Math.round(entry.fcp)} / ${Math.round(entry.lcp)} ms`, 'reported', true);
    if (path === '/nosotros') continue;
    for (const metric of ['fcp', 'lcp'] as const) {
      const ratio = entry[metric] / reference[metric];
      add(`${path} ${metric.toUpperCase()} vs /nosotros${eachRun(list.map((s) => s[metric]))}`, `${Math.round(entry[metric])} / ${Math.round(reference[metric])} ms (${ratio.toFixed(2)}×)`, '≤ 1.15×', ratio <= 1.15);
    }
  }
  results.paint = Object.fromEntries([...samples].map(([path, list]) => [path, { median: medians.get(path) ?? null, samples: list }]));
}

// BENCH_PORT pins the server's port (shared machines hand out port ranges); otherwise a free one.
const benchPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const server = apiOnly
  ? await startSite({ args: ['--api-only'], readyPath: '/api/health', port: benchPort })
  : // No ingest and no re-anchoring of the demo season: the store stays the one the site was built
    // from. The push rows copy it for their own server, which health-checks it against this build;
    // an ingest here (matches in play) or a re-anchor (the day's last whistle) had moved it on, and
    // those rows never started (their server stayed 'stale').
    await startSite({ env: { SKIP_BUILD: '1', INGEST: '0', DEMO_DAYS: '0' }, port: benchPort });
const scope = runScope(process.argv.slice(2), { built });
const results: Record<string, unknown> = { at: new Date().toISOString(), partial: scope.partial };
try {
  if (!apiOnly) await measurePages();
  if (!pagesOnly) {
    if (!apiOnly) await measureOffline(server.url, results);
    // 4. API throughput on cached endpoints (loopback only, 5 s each).
    const load: Record<string, unknown> = {};
    for (const path of ['/api/football/standings?league=242', '/api/football/fixtures?date=today', '/api/ai-articles?limit=10']) {
      // One second of warm-up (JIT, first cache fill), then 5 s measured with 10 connections
      // (autocannon's default): enough to saturate one event loop without measuring our own queue.
      await loadTest(server.url + path, { connections: 10, durationMs: 1000 });
      const r = await loadTest(server.url + path, { connections: 10, durationMs: 5000 });
      load[path] = r;
      add(`API ${path} rps`, Math.round(r.rps), `≥ ${BUDGET.apiRps}`, r.rps >= BUDGET.apiRps);
      add(`API ${path} p99`, `${r.p99.toFixed(1)} ms`, `≤ ${BUDGET.apiP99Ms} ms`, r.p99 <= BUDGET.apiP99Ms && r.errors === 0);
    }

    // 5. Search without a cache: every request its own query string, so each one reaches the store.
    const searchUrl = (n: number) => `${server.url}/api/search?q=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length])}&n=${n}`;
    await loadTest(searchUrl, { connections: 10, durationMs: 1000 });
    const search = await loadTest((n) => searchUrl(n + 1_000_000), { connections: 10, durationMs: 5000 });
    load['search uncached'] = search;
    add('API /api/search uncached rps', Math.round(search.rps), `≥ ${BUDGET.searchRps}`, search.rps >= BUDGET.searchRps);
    add('API /api/search uncached p50', `${search.p50.toFixed(1)} ms`, 'reported', true);
    add('API /api/search uncached p99', `${search.p99.toFixed(1)} ms`, `≤ ${BUDGET.searchP99Ms} ms`, search.p99 <= BUDGET.searchP99Ms && search.errors === 0);

    // 6. A cached request while a search flood runs: a reader typing must not slow the site for everyone.
    const standings = `${server.url}/api/football/standings?league=242`;
    const [flood, cached] = await Promise.all([
      loadTest((n) => searchUrl(n + 2_000_000), { connections: 10, durationMs: 5000 }),
      loadTest(standings, { connections: 2, durationMs: 5000 }),
    ]);
    load['cached during search flood'] = { flood, cached };
    add('search flood rps / answered 503', `${Math.round(flood.rps)} / ${flood.errors}`, 'reported', true);
    add('cached standings p50 during search flood', `${cached.p50.toFixed(1)} ms`, 'reported', true);
    add('cached standings p99 during search flood', `${cached.p99.toFixed(1)} ms`, `≤ ${BUDGET.apiP99Ms} ms`, cached.p99 <= BUDGET.apiP99Ms && cached.errors === 0);
    results.load = load;
  }
} finally {
  await server.stop();
}
// 7. Push and quota (ARCHITECTURE.md "Push", "Provider quota"): on a copy of the built site's store.
// A store with no match in play (the demo's night hours) cannot be replayed: that row fails, and the
// 45 minutes of measurements before it are still written and printed.
if (!apiOnly && !pagesOnly) {
  await measurePush(results).catch((error: unknown) => {
    add('push: measured', `not measured: ${(error as Error).message}`, 'measured', false);
  });
  // 8. The same streams held by Pushpin, 20,000 of them (a replayed match of its own: no built store needed).
  await measurePushpinRows(results).catch((error: unknown) => {
    add('pushpin: measured', `not measured: ${(error as Error).message}`, 'measured', false);
  });
  // 9. Whole and incremental builds (issue 37) on a copy of the built store, with a cache of their own.
  await measureIncrementalRows(results).catch((error: unknown) => {
    add('incremental: measured', `not measured: ${(error as Error).message}`, 'measured', false);
  });
}

results.rows = rows;
const { resultsFile } = scope;
writeFileSync(resultsFile, JSON.stringify(results, null, 2));
const width = Math.max(...rows.map((r) => r.check.length));
console.log(`\n${'check'.padEnd(width)} | value        | budget                    | ok`);
console.log(`${'-'.repeat(width)}-|--------------|---------------------------|---`);
for (const r of rows) console.log(`${r.check.padEnd(width)} | ${r.value.padEnd(12)} | ${r.budget.padEnd(25)} | ${r.ok ? 'yes' : 'NO'}`);
const failed = rows.filter((r) => !r.ok).length;
console.log(`\n${rows.length - failed} within budget, ${failed} over budget (details: ${resultsFile})`);
if (scope.partial) console.log(`PARTIAL run (${scope.partial}): bench/results/latest.json is left as the last complete run's`);
process.exitCode = failed ? 1 : 0;
