import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddressPolicy, forwardedHop, normalize } from './client-address.ts';
import { createViewGate } from '../store/view-gate.ts';
import { createPageIndex, normalizePath } from '../store/page-index.ts';
import { allowedMethods, methodNotAllowed } from './methods.ts';
import { createRateLimiter } from './rate-limit.ts';
import { problemLog, storageProblem } from '../store/guard.ts';
import { adoptRescue, mergeRescues, rescueStore } from '../store/rescue.ts';
import { followsOf, saveFollow, vapidKeys } from '../push/store.ts';
import { openDb } from '../store/db.ts';
import { READERS_MIGRATIONS } from '../store/schema.ts';
import { sameOriginPath } from '../routes/readers.ts';
import { expectAnswers } from '../../tests/helpers/expect-answers.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'marcador-limits-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('client address', () => {
  it('reads TRUST_PROXY as a number of trusted hops and CLIENT_IP_HEADER as a header name', () => {
    expect(clientAddressPolicy({})).toEqual({ kind: 'socket' });
    expect(clientAddressPolicy({ TRUST_PROXY: '0' })).toEqual({ kind: 'socket' });
    expect(clientAddressPolicy({ TRUST_PROXY: '1' })).toEqual({ kind: 'hops', hops: 1 });
    expect(clientAddressPolicy({ TRUST_PROXY: '2' })).toEqual({ kind: 'hops', hops: 2 });
    expect(clientAddressPolicy({ TRUST_PROXY: '1', CLIENT_IP_HEADER: 'CF-Connecting-IP' })).toEqual({ kind: 'header', header: 'cf-connecting-ip' });
    expect(() => clientAddressPolicy({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be the number of trusted proxies/);
    expect(() => clientAddressPolicy({ CLIENT_IP_HEADER: 'x: y' })).toThrow(/CLIENT_IP_HEADER must be a header name/);
  });

  it('takes the address the trusted proxy appended, never what the client wrote on the left', () => {
    // The client forged "1.1.1.1, 2.2.2.2"; our one proxy appended the real 203.0.113.9.
    expect(forwardedHop('1.1.1.1, 2.2.2.2, 203.0.113.9', 1)).toBe('203.0.113.9');
    // Two proxies: CDN appended the client, the load balancer appended the CDN's edge.
    expect(forwardedHop('1.1.1.1, 203.0.113.9, 198.51.100.1', 2)).toBe('203.0.113.9');
    expect(forwardedHop('203.0.113.9', 3)).toBe('203.0.113.9');
    expect(forwardedHop(undefined, 1)).toBeNull();
    expect(forwardedHop(' , ', 1)).toBeNull();
  });

  it('keys IPv6 readers by their /64 and mapped IPv4 as IPv4', () => {
    expectAnswers(normalize, {
      '::ffff:192.0.2.7': '192.0.2.7', '2001:db8:1:2:aaaa::1': '2001:db8:1:2::/64', '2001:db8:1:2:bbbb:cccc:dddd:eeee': '2001:db8:1:2::/64',
      '[2001:db8::5]:443': '2001:db8:0:0::/64', '192.0.2.7:51234': '192.0.2.7',
    });
  });
});

describe('rate limiter', () => {
  it('limits one key without touching another, and says when to come back', () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 });
    expect([1, 2, 3].map(() => limiter.allow('a', 1000))).toEqual([true, true, false]);
    expect(limiter.allow('b', 1000)).toBe(true);
    expect(limiter.retryAfterS('a', 31_000)).toBe(30);
    expect(limiter.allow('a', 61_000)).toBe(true);
  });
});

describe('page views gate', () => {
  it('counts one view per reader and page in 30 minutes', () => {
    const gate = createViewGate();
    const t = Date.parse('2026-11-25T12:00:00Z');
    const view = (address: string, ua: string, path: string, at: number) => {
      const remember = gate.admit(address, ua, path, at);
      remember?.();
      return remember !== null;
    };
    expect(view('192.0.2.1', 'Firefox', '/noticias/a', t)).toBe(true);
    expect(view('192.0.2.1', 'Firefox', '/noticias/a', t + 29 * 60_000)).toBe(false);
    expect(view('192.0.2.1', 'Firefox', '/noticias/b', t)).toBe(true);
    expect(view('192.0.2.2', 'Firefox', '/noticias/a', t)).toBe(true);
    expect(view('192.0.2.1', 'Firefox', '/noticias/a', t + 30 * 60_000)).toBe(true);
  });

  it('caps what one address gives one page, whatever user agents it claims', () => {
    const gate = createViewGate();
    const t = Date.parse('2026-11-25T12:00:00Z');
    let counted = 0;
    for (let i = 0; i < 500; i++) {
      const remember = gate.admit('198.51.100.7', `bot-${i}`, '/noticias/c', t + i);
      if (remember) {
        remember();
        counted += 1;
      }
    }
    expect(counted).toBe(3);
  });

  it('forgets a view the store could not keep, so the retry counts', () => {
    const gate = createViewGate();
    const t = Date.parse('2026-11-25T12:00:00Z');
    expect(gate.admit('192.0.2.1', 'ua', '/', t)).not.toBeNull(); // not remembered: the write failed
    expect(gate.admit('192.0.2.1', 'ua', '/', t + 1)).not.toBeNull();
  });

  it('keeps memory bounded under a flood of distinct readers', () => {
    const gate = createViewGate({ maxEntries: 1000 });
    const t = Date.parse('2026-11-25T12:00:00Z');
    for (let i = 0; i < 5000; i++) gate.admit(`10.0.${i >> 8}.${i & 255}`, 'ua', '/', t)?.();
    expect(gate.size()).toBeLessThanOrEqual(1000);
  });
});

describe('page index', () => {
  it('knows the pages of the build, and reads a new build after a swap', () => {
    const root = tempDir();
    const build = join(root, 'b1');
    for (const f of ['index.html', 'noticias/index.html', 'noticias/gol-de-emelec/index.html', 'tabla.html', '404.html', '_astro/x.html']) {
      mkdirSync(join(build, f, '..'), { recursive: true });
      writeFileSync(join(build, f), '<!doctype html>');
    }
    const index = createPageIndex(build, () => true);
    expect(['/', '/noticias', '/noticias/', '/noticias/gol-de-emelec', '/noticias/gol-de-emelec/', '/tabla'].map((p) => index.exists(p))).toEqual([
      true, true, true, true, true, true,
    ]);
    expect(['/404', '/_astro/x', '/noticias/no-existe', '/wp-login.php', '/noticias/../tabla'].map((p) => index.exists(p))).toEqual([
      false, false, false, false, false,
    ]);
  });

  it('without a build, asks the fallback', () => {
    const index = createPageIndex(join(tempDir(), 'nothing'), (p) => p === '/noticias/real');
    expect(index.exists('/noticias/real/')).toBe(true);
    expect(index.exists('/tabla')).toBe(false);
    expect(normalizePath('/equipos/%ZZ')).toBeNull();
  });
});

describe('same-origin redirects', () => {
  const api = 'http://marcador.test/api/newsletter';
  it('goes back only to a path of this origin', () => {
    expect(sameOriginPath('http://marcador.test/informacion', api)).toBe('/informacion');
    expect(sameOriginPath('http://marcador.test//evil.example/x', api)).toBe('/evil.example/x');
    expect(sameOriginPath('http://marcador.test/\\evil.example/x', api)).toBe('/evil.example/x');
    expect(sameOriginPath('http://evil.example/x', api)).toBe('/');
    expect(sameOriginPath('javascript:alert(1)', api)).toBe('/');
    expect(sameOriginPath(undefined, api)).toBe('/');
  });
});

describe('405', () => {
  it('lists the methods a path takes and answers the others with 405 and Allow', async () => {
    const allowed = allowedMethods([
      { method: 'GET', path: '/api/football/fixtures' },
      { method: 'POST', path: '/api/newsletter' },
      { method: 'ALL', path: '/api/*' },
    ]);
    expect(allowed('/api/football/fixtures')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(allowed('/api/nothing')).toEqual([]);
    const refused = methodNotAllowed('PUT', '/api/health', ['GET', 'HEAD']);
    expect(refused?.status).toBe(405);
    expect(refused?.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await refused?.json()).toMatchObject({ errors: { method: 'Method PUT not allowed on /api/health; allowed: GET, HEAD, OPTIONS' } });
    expect(methodNotAllowed('OPTIONS', '/api/health', ['GET', 'HEAD'])?.status).toBe(204);
    expect(methodNotAllowed('HEAD', '/api/health', ['GET', 'HEAD'])).toBeNull();
  });
});

describe('storage errors', () => {
  it('tells storage failures from bugs by SQLite code', () => {
    expect(storageProblem({ errcode: 778 })).toBe('io-error'); // SQLITE_IOERR_WRITE
    expect(storageProblem({ errcode: 13 })).toBe('disk-full');
    expect(storageProblem({ errcode: 5 })).toBe('busy');
    expect(storageProblem({ errcode: 1032 })).toBe('read-only'); // SQLITE_READONLY_DBMOVED
    expect(storageProblem({ errcode: 11 })).toBe('corrupt');
    expect(storageProblem({ errcode: 19 })).toBeNull(); // a constraint: the statement's fault
    expect(storageProblem(new Error('x'))).toBeNull();
  });

  it('logs once a minute per kind, not per request', () => {
    const lines: string[] = [];
    let t = 0;
    const log = problemLog('readers', 'data/readers.db', (m) => lines.push(m), () => t);
    for (let i = 0; i < 100; i++) log.refused('io-error', 'disk I/O error');
    log.refused('disk-full');
    expect(lines).toHaveLength(2);
    t = 61_000;
    log.refused('io-error');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/failing \(I\/O error\).*\(99 more refused since the last report\)/);
  });
});

describe('rescue', () => {
  it('copies what an open handle holds after its file is deleted, and the next start uses it', () => {
    const dir = tempDir();
    const path = join(dir, 'readers.db');
    const db = openDb(path, READERS_MIGRATIONS);
    db.prepare("INSERT INTO newsletter_subscriptions (email, created_at, source) VALUES ('a@example.com', 'x', '')").run();
    unlinkSync(path);
    db.prepare("INSERT INTO newsletter_subscriptions (email, created_at, source) VALUES ('b@example.com', 'x', '')").run();
    const file = rescueStore(db, path);
    db.close();
    expect(file).toMatch(/readers\.rescue-\d{4}-.*Z\.db$/);
    expect(adoptRescue(path)).toMatch(/started from the rescue file/);
    const back = openDb(path, READERS_MIGRATIONS);
    expect((back.prepare('SELECT email FROM newsletter_subscriptions ORDER BY email').all() as Array<{ email: string }>).map((r) => r.email)).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    back.close();
  });

  it('merges a rescue into a store that is there again: subscriptions once, the larger count of a day', () => {
    const dir = tempDir();
    const path = join(dir, 'readers.db');
    const old = openDb(join(dir, 'old.db'), READERS_MIGRATIONS);
    old.exec("INSERT INTO newsletter_subscriptions VALUES ('a@example.com', 'x', ''), ('b@example.com', 'x', ''); INSERT INTO page_views VALUES ('/', '2026-11-25', 7)");
    rescueStore(old, path, new Date('2026-11-25T12:00:00Z'));
    old.close();
    const restored = openDb(path, READERS_MIGRATIONS);
    restored.exec("INSERT INTO newsletter_subscriptions VALUES ('a@example.com', 'x', ''); INSERT INTO page_views VALUES ('/', '2026-11-25', 5)");
    expect(adoptRescue(path)).toBeNull();
    expect(mergeRescues(restored, path)[0]).toMatch(/1 subscriptions added/);
    expect(restored.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions').get()).toEqual({ n: 2 });
    expect(restored.prepare('SELECT count FROM page_views').get()).toEqual({ count: 7 });
    // Taken up once: a second start finds nothing to merge.
    expect(mergeRescues(restored, path)).toEqual([]);
    expect(readdirSync(dir).some((f) => f.endsWith('.db.applied'))).toBe(true);
    restored.close();
    expect(existsSync(path)).toBe(true);
  });

  it('merges alerts from a rescue: the older VAPID keys win, each browser once with its follows', () => {
    const dir = tempDir();
    const path = join(dir, 'readers.db');
    const old = openDb(join(dir, 'old.db'), READERS_MIGRATIONS);
    const keys = vapidKeys(old);
    saveFollow(old, { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: 'p', auth: 'a' } }, { kind: 'team', id: 1148, alerts: ['goles', 'rojas'] });
    saveFollow(old, { endpoint: 'https://fcm.googleapis.com/fcm/send/b', keys: { p256dh: 'p', auth: 'a' } }, { kind: 'fixture', id: 9, alerts: ['estado'] });
    rescueStore(old, path, new Date('2026-11-27T12:00:00Z'));
    old.close();
    const restored = openDb(path, READERS_MIGRATIONS);
    saveFollow(restored, { endpoint: 'https://fcm.googleapis.com/fcm/send/b', keys: { p256dh: 'p', auth: 'a' } }, { kind: 'team', id: 1152, alerts: ['goles'] });
    expect(mergeRescues(restored, path)[0]).toMatch(/1 alert subscriptions added/);
    expect(vapidKeys(restored)).toEqual(keys);
    expect(followsOf(restored, 'https://fcm.googleapis.com/fcm/send/a')).toEqual([{ kind: 'team', id: 1148, alerts: ['goles', 'rojas'] }]);
    expect(followsOf(restored, 'https://fcm.googleapis.com/fcm/send/b')).toEqual([
      { kind: 'team', id: 1152, alerts: ['goles'] },
      { kind: 'fixture', id: 9, alerts: ['estado'] },
    ]);
    restored.close();
  });
});
