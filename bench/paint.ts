import { chromium } from 'playwright-core';
import { SLOW_4G } from './offline.ts';

/**
 * Issue 32's paint budget as a reader's phone lives it: each page opened cold (no cache, no service
 * worker) in Chromium whose network is throttled by DevTools to Lighthouse's Slow 4G and whose CPU
 * is slowed 4x, at Lighthouse's phone size; FCP and LCP are the browser's own entries for that load.
 *
 * Lighthouse's default figures are Lantern's estimate from an unthrottled load, and for a text LCP
 * it counts every script and picture that finished loading before the text painted as something the
 * paint waited for: on loopback a page's crests finish in the same few ms as its HTML, so a data
 * page's estimated LCP grows with its pictures though its text paints as early as /nosotros's. Both
 * are reported; the ratio to /nosotros is judged on what the browser painted.
 */

export interface ColdPaint {
  fcp: number;
  lcp: number;
}

/** Lighthouse's mobile device (Moto G Power): 412×823 CSS px at 1.75 device pixels each. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

/** DevTools' Slow 4G upload (Lighthouse's 750 kbit/s × 0.9), in bytes per second. */
const SLOW_4G_UP_BYTES_PER_S = (675 * 1024) / 8;

/** How long after `load` the last LCP candidate is read: a later frame can still paint a larger text. */
const SETTLE_MS = 1500;

/**
 * `runs` cold loads of every path, in rounds through all paths (a slow spell of the shared machine
 * falls on every page alike, as in the Lighthouse rounds). Samples by path, in run order.
 */
export async function measureColdPaints(options: { baseUrl: string; chromePath: string; paths: readonly string[]; runs: number }): Promise<Map<string, ColdPaint[]>> {
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'] });
  const samples = new Map<string, ColdPaint[]>(options.paths.map((path) => [path, []]));
  try {
    for (let run = 0; run < options.runs; run++) {
      for (const path of options.paths) {
        const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: SLOW_4G.latencyMs,
            downloadThroughput: SLOW_4G.downBytesPerS,
            uploadThroughput: SLOW_4G_UP_BYTES_PER_S,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(options.baseUrl + path, { waitUntil: 'load', timeout: 120_000 });
          await page.waitForTimeout(SETTLE_MS);
          const paint = await page.evaluate(
            () =>
              new Promise<{ fcp: number; lcp: number }>((done) => {
                let fcp = NaN;
                let lcp = NaN;
                new PerformanceObserver((list) => {
                  for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
                }).observe({ type: 'paint', buffered: true });
                new PerformanceObserver((list) => {
                  for (const entry of list.getEntries()) lcp = Math.max(Number.isNaN(lcp) ? 0 : lcp, entry.startTime);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
                // Buffered entries are delivered in a task of their own.
                setTimeout(() => done({ fcp, lcp }), 0);
              }),
          );
          if (Number.isFinite(paint.fcp) && Number.isFinite(paint.lcp)) samples.get(path)!.push({ fcp: Math.round(paint.fcp), lcp: Math.round(paint.lcp) });
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return samples;
}
