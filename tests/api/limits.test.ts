import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { demoStoreDir, removeTemplate, requestFrom, rows, startServer, writeBuild, type TestServer } from './servers.ts';

/**
 * Issue 26, measured as an abuser would: two readers on two loopback addresses (127.0.0.2 and
 * 127.0.0.3), forged X-Forwarded-For, a page-view flood, a store made immutable, a full disk, a
 * store locked by another writer, readers.db deleted under write load. Each case has its own server.
 */
const SUBSCRIBE_UNAVAILABLE = 'No pudimos guardar tu suscripción; inténtalo más tarde.';
const TOKEN = 'editor-token-de-prueba';
const servers: TestServer[] = [];
const dirs: string[] = [];
const cleanups: Array<() => void> = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop({ kill: true })));
  for (const undo of cleanups.reverse()) undo();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  removeTemplate();
});

async function serve(env: Record<string, string> = {}, dir = storeDir()) {
  // No ingest: nothing here needs the demo's live matches, and each start is quicker without them.
  const server = await startServer(dir, { BACKUP_DAILY: '0', INGEST: '0', ...env });
  servers.push(server);
  return server;
}
function storeDir() {
  const dir = demoStoreDir();
  dirs.push(dir);
  return dir;
}
let mailbox = 0;
const email = (tag: string) => `${tag}-${process.pid}-${mailbox++}@example.com`;
let reader = 0;
/** A sign-up; behind TRUST_PROXY each from its own reader unless `headers` say otherwise (TRUST_PROXY=0 ignores it). */
const subscribe = (from: string, url: string, address = email('lector'), headers: Record<string, string> = {}) =>
  requestFrom(from, `${url}/api/newsletter`, { json: { email: address }, headers: { 'x-forwarded-for': `192.0.2.${reader++ % 250}, 100.64.${reader >> 8 & 255}.${reader & 255}`, ...headers } });
const view = (from: string, url: string, path: string, headers: Record<string, string> = {}) =>
  requestFrom(from, `${url}/api/pageviews`, { json: { path }, headers });
const admin = (from: string, url: string, token: string, headers: Record<string, string> = {}) =>
  requestFrom(from, `${url}/api/admin/ingest`, { headers: { authorization: `Bearer ${token}`, ...headers } });
const lines = (server: TestServer, pattern: RegExp) => server.output().split('\n').filter((l) => pattern.test(l));
/** The server's log lines matching `pattern`, once at least one has come through the pipe (it may trail the answer). */
async function logged(server: TestServer, pattern: RegExp): Promise<string[]> {
  while (lines(server, pattern).length === 0) await new Promise((r) => setTimeout(r, 20));
  return lines(server, pattern);
}

describe('limits per reader', { timeout: 120_000 }, () => {
  it("one address's sign-ups and wrong admin tokens do not limit another address", async () => {
    const server = await serve({ TRUST_PROXY: '0', ADMIN_TOKEN: TOKEN });
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push((await subscribe('127.0.0.2', server.url)).status);
    expect(first).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await subscribe('127.0.0.3', server.url);
    expect(other.status).toBe(201);
    expect(other.body.message).toBe('¡Gracias! Te suscribiste al boletín de Marcador.');

    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) wrong.push((await admin('127.0.0.2', server.url, `adivina-${i}`)).status);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The locked address cannot try even the right token; an editor elsewhere is not locked out.
    expect((await admin('127.0.0.2', server.url, TOKEN)).status).toBe(429);
    expect((await admin('127.0.0.3', server.url, TOKEN)).status).toBe(200);
  });

  it('behind TRUST_PROXY=1 a forged X-Forwarded-For does not escape a limit', async () => {
    const server = await serve({ TRUST_PROXY: '1', ADMIN_TOKEN: TOKEN });
    // The attacker writes any entries it likes; the trusted proxy appends the address it saw: 203.0.113.66.
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      statuses.push((await admin('127.0.0.2', server.url, `adivina-${i}`, { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}, 203.0.113.66` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Another reader behind the same proxy (same socket, another appended address) is not locked.
    expect((await admin('127.0.0.2', server.url, TOKEN, { 'x-forwarded-for': '10.9.0.1, 203.0.113.67' })).status).toBe(200);

    const signups: number[] = [];
    for (let i = 0; i < 8; i++) signups.push((await subscribe('127.0.0.3', server.url, email('proxy'), { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.70` })).status);
    expect(signups).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it("with CLIENT_IP_HEADER the CDN's header decides, whatever X-Forwarded-For says", async () => {
    const server = await serve({ TRUST_PROXY: '1', CLIENT_IP_HEADER: 'CF-Connecting-IP' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await subscribe('127.0.0.2', server.url, email('cdn'), { 'cf-connecting-ip': '192.0.2.10', 'x-forwarded-for': `192.0.2.${100 + i}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect((await subscribe('127.0.0.2', server.url, email('cdn'), { 'cf-connecting-ip': '192.0.2.11' })).status).toBe(201);
  });
});

describe('page views', { timeout: 180_000 }, () => {
  it('a flood from one address, with forged headers and rotating user agents, does not move the top list', async () => {
    const dir = storeDir();
    const boot = await serve({}, dir);
    const articles = (await requestFrom('127.0.0.1', `${boot.url}/api/ai-articles?limit=50&sort=views&order=asc`)).body.data as Array<{ slug: string; views: number }>;
    await boot.stop();
    expect(articles.length).toBeGreaterThan(7);
    const least = articles[0]!;
    const seeded = articles.slice(-6).map((a) => `/noticias/${a.slug}`);
    writeBuild(dir, ['/', '/noticias', '/tabla', ...articles.map((a) => `/noticias/${a.slug}`)]);
    const server = await serve({ TRUST_PROXY: '1' }, dir);

    // Honest readers: page i is read by 9 - i readers, each behind the proxy with its own address.
    for (const [i, path] of seeded.entries()) {
      for (let r = 0; r < 9 - i; r++) {
        expect((await view('127.0.0.3', server.url, path, { 'x-forwarded-for': `198.51.100.${10 * i + r}`, 'user-agent': 'Mozilla/5.0 lector' })).status).toBe(204);
      }
    }
    const top = async (limit: number) => (await requestFrom('127.0.0.1', `${server.url}/api/pageviews/top?limit=${limit}`)).body.data as Array<{ path: string; views: number }>;
    const mostRead = async () =>
      ((await requestFrom('127.0.0.1', `${server.url}/api/ai-articles?limit=6&sort=views&fresh=${Math.random()}`)).body.data as Array<{ slug: string }>).map((a) => a.slug);
    const before = await top(6);
    expect(before).toEqual(seeded.map((path, i) => ({ path, views: 9 - i })));
    const mostReadBefore = await mostRead();

    // The flood: one client behind the proxy (203.0.113.99 appended), 1,500 views of every other article
    // (the least read first) and 300 of pages that do not exist, each with a new User-Agent and a
    // forged left entry. Every answer is a 204, as for any view; none of it is a server error.
    const others = articles.slice(0, -6).map((a) => `/noticias/${a.slug}`);
    const targets = [...Array.from({ length: 1500 }, (_, i) => others[i % others.length]!), ...Array.from({ length: 300 }, (_, i) => ['/wp-login.php', '/noticias/no-existe', `/x${i}`][i % 3]!)];
    const statuses = new Set<number>();
    const floodStart = Date.now();
    for (const [i, path] of targets.entries()) {
      statuses.add((await view('127.0.0.2', server.url, path, { 'x-forwarded-for': `10.${i & 255}.0.1, 203.0.113.99`, 'user-agent': `bot/${i}` })).status);
    }
    expect([...statuses]).toEqual([204]);
    const floodWindows = Math.ceil((Date.now() - floodStart) / 60_000) + 1;

    expect(await top(6)).toEqual(before);
    expect((await top(50)).some((p) => !p.path.startsWith('/noticias/'))).toBe(false);
    expect(await mostRead()).toEqual(mostReadBefore);
    const after = (await requestFrom('127.0.0.1', `${server.url}/api/ai-articles/slug/${least.slug}?fresh=${Math.random()}`)).body.data;
    expect(after.views - least.views).toBeGreaterThanOrEqual(1);
    expect(after.views - least.views).toBeLessThanOrEqual(3);

    // The same reader again within 30 minutes is one view, and nothing raw is kept: no cookie.
    const again = await view('127.0.0.3', server.url, seeded[0]!, { 'x-forwarded-for': '198.51.100.0', 'user-agent': 'Mozilla/5.0 lector' });
    expect(again.status).toBe(204);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await top(1))[0]).toEqual({ path: seeded[0], views: 9 });
    await server.stop();
    const stored = rows(join(dir, 'readers.db'), 'page_views') as Array<{ path: string; count: number }>;
    const flooded = stored.filter((r) => !seeded.includes(r.path));
    // 60 posts a minute from one address at most (each minute window the flood touched); without the
    // limit, 3 views of each of its pages would have counted.
    expect(flooded.reduce((sum, r) => sum + r.count, 0)).toBeLessThanOrEqual(60 * floodWindows);
    expect(60 * floodWindows).toBeLessThan(3 * others.length);
    expect(flooded.every((r) => others.includes(r.path) && r.count <= 3)).toBe(true);
  });
});

describe('storage errors', { timeout: 120_000 }, () => {
  it('an immutable readers.db answers 503 in Spanish with Retry-After and logs one line, then recovers', async () => {
    const dir = storeDir();
    const server = await serve({ TRUST_PROXY: '1' }, dir);
    expect((await subscribe('127.0.0.2', server.url)).status).toBe(201);
    const files = ['readers.db', 'readers.db-wal'].map((f) => join(dir, f));
    const chattr = spawnSync('chattr', ['+i', ...files], { encoding: 'utf8' });
    // No silent skip: without chattr (or root) this test cannot say anything, and fails saying why.
    expect(chattr.status, `chattr +i failed (run as root on a file system with attributes): ${chattr.stderr}`).toBe(0);
    cleanups.push(() => spawnSync('chattr', ['-i', ...files]));
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await subscribe(i % 2 ? '127.0.0.2' : '127.0.0.3', server.url, email('inmutable')));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(503));
    expect(answers[0]!.body).toEqual({ message: SUBSCRIBE_UNAVAILABLE });
    expect(answers[0]!.headers['retry-after']).toBe('60');
    // Without a build the published articles are the pages that count: a view of one is refused too.
    const slug = (await requestFrom('127.0.0.1', `${server.url}/api/ai-articles?limit=1`)).body.data[0].slug;
    const refusedView = await view('127.0.0.3', server.url, `/noticias/${slug}`);
    expect(refusedView.status).toBe(503);
    expect(refusedView.body).toEqual({ message: 'No pudimos registrar la visita; inténtalo más tarde.' });
    expect((await requestFrom('127.0.0.1', `${server.url}/api/football/standings?league=242`)).status).toBe(200);

    spawnSync('chattr', ['-i', ...files]);
    expect((await subscribe('127.0.0.2', server.url, email('de-nuevo'))).status).toBe(201);
    expect(await logged(server, /readers store .*readers\.db accepts writes again/)).toHaveLength(1);
    // Everything logged while it was immutable came before that line: one line for 40 refused writes.
    expect(lines(server, /readers store .*readers\.db is read-only/)).toHaveLength(1);
    expect(server.output()).not.toMatch(/\n\s+at |Internal server error/); // no stack trace, no 500
    await server.stop();
    const kept = (rows(join(dir, 'readers.db'), 'newsletter_subscriptions') as Array<{ email: string }>).map((r) => r.email);
    expect(kept.some((e) => e.startsWith('inmutable'))).toBe(false);
  });

  it('a full disk answers 503, keeps every acknowledged write, and logs one line', async () => {
    const mount = mkdtempSync(join(tmpdir(), 'marcador-full-'));
    dirs.push(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { encoding: 'utf8' });
    expect(mounted.status, `mount -t tmpfs failed (needs root): ${mounted.stderr}`).toBe(0);
    cleanups.push(() => spawnSync('umount', ['-l', mount]));
    const server = await serve({ TRUST_PROXY: '1', READERS_DATABASE_PATH: join(mount, 'readers.db') });
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const address = email('antes');
      expect((await subscribe('127.0.0.2', server.url, address)).status).toBe(201);
      acknowledged.push(address);
    }
    // Fill the file system to the last byte.
    const filler = join(mount, 'relleno');
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk, 0, Math.min(chunk.length, Math.max(1, statfsSync(mount).bavail * statfsSync(mount).bsize)));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const address = email('lleno');
      const res = await subscribe(i % 2 ? '127.0.0.2' : '127.0.0.3', server.url, address);
      statuses.push(res.status);
      if (res.status === 201) acknowledged.push(address);
      else {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: SUBSCRIBE_UNAVAILABLE });
        expect(res.headers['retry-after']).toBe('60');
      }
    }
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(50);
    expect(await logged(server, /readers store .* is on a full disk/)).toHaveLength(1);
    expect(server.output()).not.toMatch(/Internal server error|\n\s+at /);

    unlinkSync(filler);
    const later = email('despues');
    expect((await subscribe('127.0.0.2', server.url, later)).status).toBe(201);
    acknowledged.push(later);
    await server.stop();
    const kept = new Set((rows(join(mount, 'readers.db'), 'newsletter_subscriptions') as Array<{ email: string }>).map((r) => r.email));
    expect(acknowledged.filter((e) => !kept.has(e))).toEqual([]);
  });

  it('a store locked by another writer past the busy timeout answers 503 with a short Retry-After', async () => {
    const dir = storeDir();
    const server = await serve({ TRUST_PROXY: '1' }, dir);
    expect((await subscribe('127.0.0.2', server.url)).status).toBe(201);
    const other = new DatabaseSync(join(dir, 'readers.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const refused = await subscribe('127.0.0.3', server.url);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: SUBSCRIBE_UNAVAILABLE });
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await subscribe('127.0.0.3', server.url)).status).toBe(201);
    expect(await logged(server, /readers store .* is locked by another writer past the busy timeout/)).toHaveLength(1);
    await server.stop();
  });

  it('readers.db deleted under write load: rescued before writes are refused, and the next start has every acknowledged write', async () => {
    const dir = storeDir();
    writeBuild(dir, ['/carga']);
    let server = await serve({ TRUST_PROXY: '1' }, dir);
    const acknowledged: string[] = [];
    let views = 0;
    let deleted = false;
    let refusedAfter = 0;
    const unexpected: number[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const address = `w${n}-${i}@example.com`;
        const forwarded = { 'x-forwarded-for': `198.18.${n}.${i & 255}` };
        const sub = await subscribe('127.0.0.2', server.url, address, { 'x-forwarded-for': `198.19.${n}.${i}` });
        if (sub.status === 201) acknowledged.push(address);
        else if (sub.status === 503 && deleted) refusedAfter += 1;
        else {
          unexpected.push(sub.status);
          stop = true;
        }
        const v = await view('127.0.0.3', server.url, '/carga', { ...forwarded, 'user-agent': `lector-${n}-${i}` });
        if (v.status === 204) views += 1;
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 100 && !stop) await new Promise((r) => setImmediate(r));
    unlinkSync(join(dir, 'readers.db'));
    deleted = true;
    const atDelete = acknowledged.length;
    while (!stop && (lines(server, /RESCUE:/).length === 0 || refusedAfter < 20)) await new Promise((r) => setImmediate(r));
    stop = true;
    await Promise.all(writers);
    expect(unexpected).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(atDelete);
    const rescue = /copied to (\S+readers\.rescue-\S+\.db)/.exec(server.output())?.[1];
    expect(rescue).toBeTruthy();
    await server.stop({ kill: true });

    server = await serve({ TRUST_PROXY: '1' }, dir);
    expect(server.output()).toContain(`started from the rescue file ${rescue}`);
    expect(server.output()).not.toMatch(/created an EMPTY one/);
    await server.stop();
    const kept = new Set((rows(join(dir, 'readers.db'), 'newsletter_subscriptions') as Array<{ email: string }>).map((r) => r.email));
    expect(acknowledged.filter((e) => !kept.has(e))).toEqual([]);
    const counted = (rows(join(dir, 'readers.db'), 'page_views') as Array<{ count: number }>).reduce((sum, r) => sum + r.count, 0);
    expect(counted).toBeGreaterThanOrEqual(views);
    expect(readdirSync(dir).filter((f) => f.startsWith('readers.rescue-'))).toEqual([]);
  });
});

describe('redirects and methods', { timeout: 60_000 }, () => {
  let shared: TestServer | null = null;
  const plain = async () => (shared ??= await serve({ TRUST_PROXY: '0' }));

  it('the no-JS newsletter answer goes back only to a path of this site', async () => {
    const server = await plain();
    const host = new URL(server.url).host;
    const res = await requestFrom('127.0.0.2', `${server.url}/api/newsletter`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `http://${host}//evil.example/x` },
      body: `email=${encodeURIComponent(email('form'))}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/evil.example/x?newsletter=ok#newsletter-ok');
    const foreign = await requestFrom('127.0.0.3', `${server.url}/api/newsletter`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://evil.example/x' },
      body: `email=${encodeURIComponent(email('form'))}`,
    });
    expect(foreign.headers.location).toBe('/?newsletter=ok#newsletter-ok');
  });

  it('answers 405 with Allow for a method a route does not take, 404 for a path no method takes', async () => {
    const server = await plain();
    const put = await requestFrom('127.0.0.2', `${server.url}/api/football/fixtures?league=242`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(put.body.errors).toEqual({ method: 'Method PUT not allowed on /api/football/fixtures; allowed: GET, HEAD, OPTIONS' });
    const get = await requestFrom('127.0.0.2', `${server.url}/api/newsletter`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST, OPTIONS');
    const options = await requestFrom('127.0.0.2', `${server.url}/api/pageviews/top`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await requestFrom('127.0.0.2', `${server.url}/api/nada`, { method: 'DELETE' })).status).toBe(404);
  });
});
