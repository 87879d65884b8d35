import { mkdirSync, readlinkSync, existsSync, lstatSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { createRebuilder } from './rebuilds.ts';
import { distLayout } from './publish.ts';
import { embargoesEnded, listingsSignature, parseEvery, startRebuildSchedule } from './schedule.ts';
import { callDeployHook } from './site-rebuilds.ts';
import { withSecurityHeaders } from '../site/security-headers.ts';
import { createStaticSite } from '../site/static.ts';
import { openDb } from '../store/db.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';

/**
 * Rebuilds, the atomic swap and the security headers `npm start` adds, with fake builds (one real build
 * runs in tests/api/rebuild.test.ts; the build's own policy and files: integrations/finish/finish-build.test.ts).
 */
const tempDir = tempDirs('marcador-deploy-');

/** A build the test finishes by hand. */
function manualBuilds() {
  const calls: Array<{ reasons: string[]; finish: (error?: Error) => void }> = [];
  const build = (reasons: string[]) =>
    new Promise<{ pages: number }>((resolve, reject) => {
      calls.push({ reasons, finish: (error) => (error ? reject(error) : resolve({ pages: 16 })) });
    });
  return { calls, build };
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('rebuild coordinator', () => {
  it('starts one build for triggers of the same moment, and one follow-up for all triggers during a build', async () => {
    const { calls, build } = manualBuilds();
    const rebuilder = createRebuilder({ build, log: () => {} });
    expect(rebuilder.status()).toEqual({ state: 'idle', followUp: false, lastSuccess: null, lastFailure: null });
    expect(rebuilder.trigger('a')).toBe('started');
    expect(rebuilder.trigger('b')).toBe('started');
    expect(rebuilder.status().state).toBe('queued');
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.reasons).toEqual(['a', 'b']);
    expect(rebuilder.status().state).toBe('running');
    expect(rebuilder.trigger('c')).toBe('queued');
    expect(rebuilder.trigger('d')).toBe('queued');
    expect(rebuilder.status()).toMatchObject({ state: 'running', followUp: true });
    calls[0]!.finish();
    await tick();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.reasons).toEqual(['c', 'd']);
    expect(rebuilder.status().lastSuccess).toMatchObject({ pages: 16 });
    const idle = rebuilder.idle();
    calls[1]!.finish();
    await idle;
    expect(calls).toHaveLength(2);
    expect(rebuilder.status().state).toBe('idle');
  });

  it('records a failure and keeps the last success; the next trigger builds again', async () => {
    const { calls, build } = manualBuilds();
    const rebuilder = createRebuilder({ build, log: () => {}, now: () => new Date('2026-11-22T20:30:00Z') });
    rebuilder.trigger('ok');
    await tick();
    calls[0]!.finish();
    await rebuilder.idle();
    rebuilder.trigger('broken');
    await tick();
    calls[1]!.finish(new Error('astro build exited with code 1'));
    await rebuilder.idle();
    const status = rebuilder.status();
    expect(status.lastFailure).toEqual({ at: '2026-11-22T20:30:00.000Z', error: 'astro build exited with code 1' });
    expect(status.lastSuccess?.pages).toBe(16);
    expect(status.state).toBe('idle');
  });
});

describe('admin endpoints', () => {
  function app(token: string | undefined) {
    const db = openDb(':memory:');
    const { calls, build } = manualBuilds();
    const rebuilder = createRebuilder({ build, log: () => {} });
    const { app } = createApp({ db, now: () => new Date(), admin: { rebuilder, token }, trustProxy: true });
    const call = (method: string, auth?: string, ip = '10.0.0.1', origin?: string) =>
      app.request('/api/admin/rebuild', {
        method,
        headers: { ...(auth ? { authorization: auth } : {}), 'x-forwarded-for': ip, ...(origin ? { origin } : {}), host: 'localhost' },
      });
    return { call, calls, rebuilder };
  }

  it('are off (404) without a configured token', async () => {
    const { call } = app(undefined);
    expect((await call('POST', 'Bearer x')).status).toBe(404);
    expect((await call('GET', 'Bearer x')).status).toBe(404);
  });

  it('refuse a wrong or missing token with 401 and queue nothing; a good one queues (202) and reports', async () => {
    const { call, calls, rebuilder } = app('s3cret-token');
    for (const auth of [undefined, 'Bearer wrong', 'Basic s3cret-token', 'Bearer s3cret-token-longer']) {
      const res = await call('POST', auth);
      expect(res.status).toBe(401);
    }
    await tick();
    expect(rebuilder.status().state).toBe('idle');
    expect(calls).toHaveLength(0);
    const ok = await call('POST', 'Bearer s3cret-token', '10.0.0.2');
    expect(ok.status).toBe(202);
    expect(await ok.json()).toMatchObject({ state: 'queued' });
    await tick();
    const again = await call('POST', 'Bearer s3cret-token', '10.0.0.2');
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ state: 'running', followUp: true });
    const status = await call('GET', 'Bearer s3cret-token', '10.0.0.2');
    expect(status.status).toBe(200);
    expect(Object.keys(await status.json()).sort()).toEqual(['followUp', 'lastFailure', 'lastSuccess', 'state']);
    expect(calls).toHaveLength(1);
  });

  it('rate-limit failed attempts per client, even with the right token afterwards', async () => {
    const { call } = app('s3cret-token');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call('POST', 'Bearer nope', '10.9.9.9')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await call('POST', 'Bearer s3cret-token', '10.9.9.9')).status).toBe(429);
    expect((await call('POST', 'Bearer s3cret-token', '10.9.9.8')).status).toBe(202);
  });

  it('refuse a write from a foreign page (403) but accept the same host', async () => {
    const { call } = app('s3cret-token');
    expect((await call('POST', 'Bearer s3cret-token', '10.0.0.3', 'https://evil.example')).status).toBe(403);
    expect((await call('POST', 'Bearer s3cret-token', '10.0.0.3', 'http://localhost')).status).toBe(202);
  });
});

describe('cross-origin API (PUBLIC_API_URL and SITE_URL on different origins)', () => {
  const withEnv = async (env: Record<string, string | undefined>, run: () => Promise<void>) => {
    const saved = { SITE_URL: process.env.SITE_URL, PUBLIC_API_URL: process.env.PUBLIC_API_URL };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      await run();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };

  it('answers CORS and preflight for the site origin only', async () => {
    await withEnv({ SITE_URL: 'https://marcador.ec', PUBLIC_API_URL: 'https://api.marcador.ec' }, async () => {
      const { app } = createApp({ db: openDb(':memory:'), now: () => new Date() });
      const fromSite = await app.request('/api/time', { headers: { origin: 'https://marcador.ec' } });
      expect(fromSite.headers.get('access-control-allow-origin')).toBe('https://marcador.ec');
      expect(fromSite.headers.get('vary')).toContain('Origin');
      const fromElsewhere = await app.request('/api/time', { headers: { origin: 'https://evil.example' } });
      expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await app.request('/api/newsletter', {
        method: 'OPTIONS',
        headers: { origin: 'https://marcador.ec', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const foreignPreflight = await app.request('/api/newsletter', {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
      const foreignWrite = await app.request('/api/pageviews', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/' }),
      });
      expect(foreignWrite.status).toBe(403);
      const siteWrite = await app.request('/api/pageviews', {
        method: 'POST',
        headers: { origin: 'https://marcador.ec', 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/' }),
      });
      expect(siteWrite.status).toBe(204);
    });
  });

  it('sends no CORS headers in the default same-origin setup', async () => {
    await withEnv({ SITE_URL: undefined, PUBLIC_API_URL: undefined }, async () => {
      const { app } = createApp({ db: openDb(':memory:'), now: () => new Date() });
      const res = await app.request('/api/time', { headers: { origin: 'https://marcador.ec' } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('vary') ?? '').not.toContain('Origin');
    });
  });
});

describe('atomic swap of builds', () => {
  function fakeBuild(layout: ReturnType<typeof distLayout>, text: string): string {
    const dir = layout.newBuildDir();
    writeFileSync(join(dir, 'index.html'), `<!doctype html><p>${text}</p>`);
    return dir;
  }

  it('adopts a real dist/ once, swaps a symlink, keeps the last good build and removes older ones', async () => {
    const root = tempDir();
    const dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), 'old real folder');
    const layout = distLayout(dist);
    // As buildSite does: the real folder moves aside (still live) before the new build starts.
    layout.adoptRealDist();
    expect(await (await createStaticSite(dist).handle(new Request('http://t/'))).text()).toBe('old real folder');
    const first = fakeBuild(layout, 'one');
    layout.activate(first);
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(layout.live()).toBe(first);
    // The adopted folder is the build before: kept as the last good one.
    expect(readdirSync(layout.builds)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 5));
    const second = fakeBuild(layout, 'two');
    const removal = layout.activate(second);
    // Live at once; the build before last goes in the background.
    expect(readlinkSync(dist)).toBe(join('dist.builds', second.split('/').pop()!));
    await removal;
    expect(readdirSync(layout.builds).sort()).toEqual([first, second].map((d) => d.split('/').pop()).sort());
    const failed = fakeBuild(layout, 'broken');
    layout.discard(failed);
    expect(existsSync(failed)).toBe(false);
    layout.discard(second);
    expect(existsSync(second)).toBe(true);
  });

  it('static site: never mixes builds, forgets misses after a swap, answers GET and HEAD only', async () => {
    const root = tempDir();
    const layout = distLayout(join(root, 'dist'));
    const site = createStaticSite(layout.dist);
    expect(site.available()).toBe(false);
    layout.activate(fakeBuild(layout, 'one'));
    site.reset();
    const get = async (path: string, method = 'GET') => site.handle(new Request(`http://t${path}`, { method }));
    expect(await (await get('/')).text()).toContain('one');
    expect((await get('/nuevo')).status).toBe(404);
    const second = fakeBuild(layout, 'two');
    mkdirSync(join(second, 'nuevo'));
    writeFileSync(join(second, 'nuevo', 'index.html'), 'new page');
    layout.activate(second);
    site.reset();
    expect(await (await get('/')).text()).toContain('two');
    expect((await get('/nuevo')).status).toBe(200);
    expect((await get('/', 'POST')).status).toBe(405);
    expect((await get('/', 'POST')).headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/', 'HEAD')).status).toBe(200);
    writeFileSync(join(second, '_headers'), '/*');
    writeFileSync(join(second, '.build-info.json'), '{}');
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/.build-info.json')).status).toBe(404);
    expect((await get('/news')).headers.get('location')).toBe('/noticias');
  });

  it('static site: a swap made by another process reaches files already served within a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const root = tempDir();
      const layout = distLayout(join(root, 'dist'));
      const one = fakeBuild(layout, 'one');
      writeFileSync(join(one, 'sw.js'), 'const BUILD = "one";');
      layout.activate(one);
      const site = createStaticSite(layout.dist);
      const get = async (path: string) => (await site.handle(new Request(`http://t${path}`))).text();
      expect(await get('/sw.js')).toBe('const BUILD = "one";');
      expect(site.page('index.html')?.text).toContain('one');
      // Build folders are named by the time they were made.
      vi.setSystemTime(Date.now() + 1_500);
      const two = fakeBuild(layout, 'two');
      writeFileSync(join(two, 'sw.js'), 'const BUILD = "two";');
      // A deploy outside this server (a CI upload, the e2e suite's own swap): no reset() call.
      layout.activate(two);
      // A page the server fills, the worker script a browser re-checks for updates, then a page: all
      // read before the swap.
      expect(site.page('index.html')?.text).toContain('two');
      expect(await get('/sw.js')).toBe('const BUILD = "two";');
      expect(await get('/')).toContain('two');
    } finally {
      vi.useRealTimers();
    }
  });

  it('static site: pages revalidate by ETag; a hashed asset is cached a year with nothing to revalidate', async () => {
    const root = tempDir();
    const layout = distLayout(join(root, 'dist'));
    const build = fakeBuild(layout, 'one');
    mkdirSync(join(build, '_astro'));
    writeFileSync(join(build, '_astro', 'shell.abc123.js'), 'console.log(1)');
    layout.activate(build);
    const site = createStaticSite(layout.dist);
    const page = await site.handle(new Request('http://t/'));
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await site.handle(new Request('http://t/', { headers: { 'if-none-match': etag! } }))).status).toBe(304);
    const asset = await site.handle(new Request('http://t/_astro/shell.abc123.js'));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('max-age=31536000, immutable');
    expect(asset.headers.get('etag')).toBeNull();
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
  });
});

describe('security headers', () => {
  it('adds the headers to answers; HSTS only over HTTPS; the page policy only on HTML', () => {
    const html = withSecurityHeaders(new Response('<p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }), { csp: "script-src 'self'", https: false });
    expect(html.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html.headers.get('strict-transport-security')).toBeNull();
    const json = withSecurityHeaders(Response.json({}), { csp: "script-src 'self'", https: true });
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers.get('strict-transport-security')).toContain('max-age=');
    const redirect = withSecurityHeaders(Response.redirect('http://t/x', 301), { csp: null, https: false });
    expect(redirect.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("gives scripts, stylesheets and raster images only nosniff and HSTS; SVG, a document on its own, the whole set", () => {
    for (const type of ['text/javascript; charset=utf-8', 'text/css; charset=utf-8', 'image/webp', 'image/png', 'font/woff2']) {
      const asset = withSecurityHeaders(new Response('x', { headers: { 'content-type': type } }), { csp: "script-src 'self'", https: true });
      expect(asset.headers.get('x-content-type-options'), type).toBe('nosniff');
      expect(asset.headers.get('strict-transport-security'), type).toContain('max-age=');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy']) expect(asset.headers.get(name), `${type} ${name}`).toBeNull();
    }
    const svg = withSecurityHeaders(new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }), { csp: null, https: false });
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(svg.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('scheduled rebuilds', () => {
  it('parses REBUILD_EVERY', () => {
    expect(parseEvery('6h')).toBe(6 * 3_600_000);
    expect(parseEvery('30m')).toBe(1_800_000);
    expect(parseEvery(undefined)).toBeNull();
    expect(() => parseEvery('6 hours')).toThrow(/REBUILD_EVERY/);
    expect(() => parseEvery('10s')).toThrow(/at least 1m/);
  });

  it('rebuilds when the team listings change and when an embargo ends', () => {
    const db = openDb(':memory:');
    db.prepare(`INSERT INTO teams (id, name, logo) VALUES (1, 'Barcelona SC', '/media/teams/1.png')`).run();
    const triggers: string[] = [];
    let clock = new Date('2026-11-22T20:00:00Z');
    const schedule = startRebuildSchedule({ db, rebuilder: { trigger: (r: string) => (triggers.push(r), 'started' as const), status: () => null!, idle: async () => {} }, now: () => clock, every: null, log: () => {} });
    schedule.check();
    expect(triggers).toEqual([]);
    const before = listingsSignature(db);
    db.prepare(`UPDATE teams SET name = 'Barcelona Sporting Club' WHERE id = 1`).run();
    expect(listingsSignature(db)).not.toBe(before);
    schedule.check();
    expect(triggers).toEqual(['tournament or team listings changed']);
    db.prepare(
      `INSERT INTO articles (id, slug, title, summary, body_html, body_text, image_urls, keywords, created_at, scheduled_at, target_website)
       VALUES ('a', 'a', 'A', '', '', '', '[]', '[]', '2026-11-22T19:00:00.000Z', '2026-11-22T20:10:00.000Z', 'marcador')`,
    ).run();
    expect(embargoesEnded(db, new Date('2026-11-22T20:00:00Z'), new Date('2026-11-22T20:09:00Z'))).toBe(0);
    clock = new Date('2026-11-22T20:11:00Z');
    schedule.check();
    expect(triggers).toEqual(['tournament or team listings changed', '1 embargoed article(s) reached their time']);
    schedule.check();
    expect(triggers).toHaveLength(2);
    schedule.stop();
  });

  it('calls a static host build hook instead of building', async () => {
    const seen: string[] = [];
    const ok = await callDeployHook('https://api.netlify.example/build_hooks/x', async (url, init) => {
      seen.push(`${init?.method} ${url}`);
      return new Response('', { status: 200 });
    });
    expect(ok).toEqual({ pages: null });
    expect(seen).toEqual(['POST https://api.netlify.example/build_hooks/x']);
    await expect(callDeployHook('https://x', async () => new Response('', { status: 500 }))).rejects.toThrow(/HTTP 500/);
  });
});
