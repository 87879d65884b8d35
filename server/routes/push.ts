import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Routes } from './context.ts';
import { StoreUnavailableError } from '../store/guard.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { clientAddress, type ClientAddressPolicy } from '../http/client-address.ts';
import { followCount, followsOf, removeSubscription, saveFollow } from '../push/store.ts';
import type { PushService } from '../push/index.ts';
import type { ErrorBody } from '../../contract/envelope.ts';
import {
  PUSH_ALERTS,
  PUSH_MAX_FOLLOWS,
  type PushAlert,
  type PushFollow,
  type PushFollowsAnswer,
  type PushSubscribeAnswer,
  type PushSubscriptionJson,
} from '../../contract/push.ts';

/**
 * Alerts (contract/push.ts): a browser subscribes, says what it follows, reads it back and leaves.
 * Readers see `message` (Spanish); what was wrong with a request is said precisely, in Spanish too,
 * because the bell shows it as it comes.
 */

/**
 * The push services browsers use. A subscription's endpoint is a URL the server will POST to, so
 * only these hosts are accepted: anything else would let a caller make the server call any address.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
  /^push\.services\.mozilla\.com$/,
];
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])$/;

const SAID = {
  created: 'Listo: te avisaremos en este navegador.',
  updated: 'Guardamos tus alertas.',
  stopped: 'Ya no recibirás alertas de esto.',
  invalid: 'No pudimos leer la suscripción de tu navegador. Vuelve a intentarlo.',
  endpoint: 'Este navegador usa un servicio de notificaciones que no admitimos.',
  follow: 'Elige un club o un partido existente y al menos un tipo de alerta.',
  unknown: 'Ese club o partido no existe.',
  tooMany: `Puedes seguir hasta ${PUSH_MAX_FOLLOWS} clubes y partidos con alertas.`,
  limit: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  unavailable: 'No pudimos guardar tus alertas; inténtalo más tarde.',
  notFound: 'Este navegador no tiene alertas activas.',
} as const;

const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (value: unknown): number => (typeof value === 'string' && b64url.test(value) ? Buffer.from(value, 'base64url').length : -1);

export function validEndpoint(value: unknown, allowLoopback: boolean): string | null {
  if (typeof value !== 'string' || value.length > 1_000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return url.href;
  // Tests and the bench run a push service on loopback; a real browser never gives such an endpoint.
  if (allowLoopback && LOOPBACK.test(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  return null;
}

function parseSubscription(value: unknown, allowLoopback: boolean): PushSubscriptionJson | 'invalid' | 'endpoint' {
  if (!value || typeof value !== 'object') return 'invalid';
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string') return 'invalid';
  // An uncompressed P-256 point (65 bytes) and a 16-byte secret: what RFC 8291 encrypts for.
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (bytesOf(p256dh) !== 65 || Buffer.from(p256dh as string, 'base64url')[0] !== 4 || bytesOf(auth) !== 16) return 'invalid';
  const valid = validEndpoint(endpoint, allowLoopback);
  if (!valid) return 'endpoint';
  return { endpoint: valid, keys: { p256dh: p256dh as string, auth: auth as string } };
}

function parseFollow(value: unknown): PushFollow | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, id, alerts } = value as { kind?: unknown; id?: unknown; alerts?: unknown };
  if (kind !== 'team' && kind !== 'fixture') return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (!Array.isArray(alerts) || alerts.length > PUSH_ALERTS.length || alerts.some((a) => !PUSH_ALERTS.includes(a as PushAlert))) return null;
  return { kind, id, alerts: PUSH_ALERTS.filter((a) => alerts.includes(a)) };
}

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await c.req.json();
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function registerPushRoutes({ app, db, readers }: Routes, push: PushService, options: { clients: ClientAddressPolicy | boolean; allowLoopback: boolean }): void {
  // As the newsletter's: a reader sets a few alerts a minute, a script thousands.
  const limiter = createRateLimiter({ max: 30, windowMs: 10 * 60_000 });
  const smallBody = bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json({ message: SAID.invalid } satisfies ErrorBody, 413) });
  const teamExists = db.prepare('SELECT 1 FROM teams WHERE id = ?');
  const fixtureExists = db.prepare('SELECT 1 FROM fixtures WHERE id = ?');
  const refuse = (c: Context, message: string, status: 400 | 404 | 429 | 503) => (c.header('cache-control', 'no-store'), c.json({ message } satisfies ErrorBody, status));

  /** null when the caller may write, else the 429. */
  const limited = (c: Context) => {
    const address = clientAddress(c, options.clients);
    if (limiter.allow(address, Date.now())) return null;
    c.header('retry-after', String(limiter.retryAfterS(address, Date.now())));
    return refuse(c, SAID.limit, 429);
  };
  const unavailable = (c: Context, error: unknown) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    c.header('retry-after', String(error.retryAfterS));
    return refuse(c, SAID.unavailable, 503);
  };

  app.get('/api/push/key', (c) => {
    // The key never changes for this store: a day of caching spares a request per bell.
    c.header('cache-control', 'public, max-age=86400');
    return c.json({ publicKey: push.keys.publicKey });
  });

  app.put('/api/push/subscription', smallBody, async (c) => {
    const tooMany = limited(c);
    if (tooMany) return tooMany;
    const body = await jsonBody(c);
    const subscription = parseSubscription(body?.subscription, options.allowLoopback);
    if (subscription === 'invalid') return refuse(c, SAID.invalid, 400);
    if (subscription === 'endpoint') return refuse(c, SAID.endpoint, 400);
    const follow = parseFollow(body?.follow);
    if (!follow) return refuse(c, SAID.follow, 400);
    if (follow.alerts.length && !(follow.kind === 'team' ? teamExists : fixtureExists).get(follow.id)) return refuse(c, SAID.unknown, 404);
    try {
      if (follow.alerts.length && followCount(readers.db, subscription.endpoint) >= PUSH_MAX_FOLLOWS) {
        const already = followsOf(readers.db, subscription.endpoint).some((f) => f.kind === follow.kind && f.id === follow.id);
        if (!already) return refuse(c, SAID.tooMany, 400);
      }
      const { created, follows } = readers.write((rdb) => saveFollow(rdb, subscription, follow));
      c.header('cache-control', 'no-store');
      const message = follow.alerts.length ? (created ? SAID.created : SAID.updated) : SAID.stopped;
      return c.json({ message, follows } satisfies PushSubscribeAnswer, created ? 201 : 200);
    } catch (error) {
      return unavailable(c, error);
    }
  });

  app.post('/api/push/follows', smallBody, async (c) => {
    const body = await jsonBody(c);
    const endpoint = typeof body?.endpoint === 'string' ? validEndpoint(body.endpoint, options.allowLoopback) : null;
    if (!endpoint) return refuse(c, SAID.invalid, 400);
    c.header('cache-control', 'no-store');
    return c.json({ follows: followsOf(readers.db, endpoint) } satisfies PushFollowsAnswer);
  });

  app.delete('/api/push/subscription', smallBody, async (c) => {
    const tooMany = limited(c);
    if (tooMany) return tooMany;
    const body = await jsonBody(c);
    const endpoint = typeof body?.endpoint === 'string' ? validEndpoint(body.endpoint, options.allowLoopback) : null;
    if (!endpoint) return refuse(c, SAID.invalid, 400);
    try {
      const removed = readers.write((rdb) => removeSubscription(rdb, endpoint));
      if (!removed) return refuse(c, SAID.notFound, 404);
      return c.body(null, 204);
    } catch (error) {
      return unavailable(c, error);
    }
  });
}
