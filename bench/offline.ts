import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * Issue 27's rows: the service worker's size, and how fast a page read before paints on a repeat
 * visit over a Slow 4G link. The link is a proxy in front of the server that delays every request
 * by Lighthouse's Slow 4G latency and meters the bytes at its bandwidth: DevTools' network throttling
 * does not reach a service worker's own fetches, and the worker is what is measured.
 */

/** Lighthouse's "Slow 4G" as DevTools applies it (latency per request, bytes per second down). */
export const SLOW_4G = { latencyMs: 562.5, downBytesPerS: (1.4745 * 1024 * 1024) / 8 };

/** The worker as served: the build's brotli file (the same bytes `npm start` sends), else compressed here. */
export function workerBrotliBytes(dist: string): number {
  const br = join(dist, 'sw.js.br');
  if (existsSync(br)) return readFileSync(br).length;
  return brotliCompressSync(readFileSync(join(dist, 'sw.js')), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * A forward HTTP proxy with a Slow 4G link's latency and bandwidth: each answer is held for the
 * latency plus its bytes' time on the link, then sent whole (a stream that never ends, /api/live,
 * never arrives: the page falls back to polling, which this bench does not look at).
 */
export function slowLinkProxy(onAnswer?: (path: string, bytes: number) => void): Promise<{ server: Server; url: string }> {
  const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];
  const server = createServer((incoming, outgoing) => {
    const started = Date.now();
    const target = new URL(incoming.url ?? '/');
    const body: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => body.push(chunk));
    incoming.on('end', () => {
      const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: incoming.method, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const bytes = Buffer.concat(chunks);
            onAnswer?.(target.pathname, bytes.length);
            const due = started + SLOW_4G.latencyMs + (bytes.length / SLOW_4G.downBytesPerS) * 1000;
            setTimeout(() => {
              const out = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
              outgoing.writeHead(response.statusCode ?? 502, { ...out, 'content-length': String(bytes.length) });
              outgoing.end(bytes);
            }, Math.max(0, due - Date.now()));
          });
        },
      );
      upstream.on('error', () => outgoing.destroy());
      upstream.end(Buffer.concat(body));
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** Chromium whose every request, the service worker's own included, crosses the slow link's proxy. */
function slowLinkBrowser(chromePath: string, proxyUrl: string) {
  // The site's own address is loopback, which Chromium never proxies unless told to.
  return chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', `--proxy-server=${proxyUrl}`, '--proxy-bypass-list=<-loopback>'],
  });
}

export interface RepeatVisit {
  path: string;
  /**
   * First contentful paint of a repeat visit online: network first, so the page's HTML costs one
   * round trip (a 304 when unchanged), its scripts, pictures and fonts come from the worker.
   */
  onlineMs: number;
  /** The same painted from the worker's saved copy (the reader offline). */
  fromCacheMs: number;
}

/** Repeat visits over the slow link, with the worker in control: a first visit, a second one (saved), then measured ones. */
export async function measureRepeatVisits(options: { baseUrl: string; chromePath: string; paths: string[] }): Promise<RepeatVisit[]> {
  const proxy = await slowLinkProxy();
  const host = new URL(options.baseUrl).host;
  const browser = await slowLinkBrowser(options.chromePath, proxy.url);
  const out: RepeatVisit[] = [];
  try {
    for (const path of options.paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'allow' });
      const page = await context.newPage();
      await page.goto(`http://${host}${path}`, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
      await page.goto(`http://${host}${path}`, { waitUntil: 'load', timeout: 120_000 });
      const fcp = async (): Promise<number> => {
        const visit = await context.newPage();
        await visit.goto(`http://${host}${path}`, { waitUntil: 'load', timeout: 120_000 });
        const ms = await visit.evaluate(
          () =>
            new Promise<number>((done) => {
              new PerformanceObserver((list) => {
                const entry = list.getEntriesByName('first-contentful-paint')[0];
                if (entry) done(entry.startTime);
              }).observe({ type: 'paint', buffered: true });
            }),
        );
        await visit.close();
        return Math.round(ms);
      };
      const onlineMs = await fcp();
      await context.setOffline(true);
      const fromCacheMs = await fcp();
      out.push({ path, onlineMs, fromCacheMs });
      await context.close();
    }
  } finally {
    await browser.close();
    proxy.server.close();
  }
  return out;
}

/** React's runtime and what the islands share: the chunks the worker precaches for every data page. */
export const FRAMEWORK_CHUNK = /^\/_astro\/(?:react|islands)\.[^/]*\.js$/;

export interface FrameworkOnRepeat {
  path: string;
  /** Bytes of React's and the islands' shared chunks that crossed the link for this page. */
  frameworkBytes: number;
}

/**
 * A reader's first page is an information page (no framework); once the worker is installed, each
 * data page is opened in turn: React and the islands' shared chunk must come from the worker's
 * precache, never over the link (counted at the proxy, which sees the worker's own fetches too).
 */
export async function measureFrameworkOnRepeat(options: { baseUrl: string; chromePath: string; firstPath: string; paths: string[] }): Promise<FrameworkOnRepeat[]> {
  let counting = false;
  let frameworkBytes = 0;
  const proxy = await slowLinkProxy((path, bytes) => {
    if (counting && FRAMEWORK_CHUNK.test(path)) frameworkBytes += bytes;
  });
  const host = new URL(options.baseUrl).host;
  const browser = await slowLinkBrowser(options.chromePath, proxy.url);
  const out: FrameworkOnRepeat[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`http://${host}${options.firstPath}`, { waitUntil: 'load', timeout: 120_000 });
    // Installed and activated: its precache is complete.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    for (const path of options.paths) {
      counting = true;
      frameworkBytes = 0;
      await page.goto(`http://${host}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.waitForTimeout(500);
      counting = false;
      out.push({ path, frameworkBytes });
    }
    await context.close();
  } finally {
    await browser.close();
    proxy.server.close();
  }
  return out;
}
