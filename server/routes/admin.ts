import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createRateLimiter } from '../http/rate-limit.ts';
import type { Rebuilder } from '../deploy/rebuilds.ts';
import type { Routes } from './context.ts';
import { clientAddress, type ClientAddressPolicy } from '../http/client-address.ts';
import type { ErrorBody } from '../../contract/envelope.ts';

/** Wrong tokens allowed per client and window before every attempt is refused with 429. */
const FAILED_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 };

export interface AdminOptions {
  /** Editors' rebuilds; null where this server can neither build nor call a deploy hook. */
  rebuilder: Rebuilder | null;
  token: string | undefined;
  /** The ingest worker's state, for operators. */
  ingest?: () => unknown;
  /** Alerts: subscriptions, and the outbox by state (queued, sending, sent, failed, removed). */
  push?: () => unknown;
}

/**
 * Editors' rebuilds: `POST /api/admin/rebuild` queues one (202), `GET` tells its state; operators'
 * `GET /api/admin/ingest` tells what the ingest worker did and plans. All need
 * `Authorization: Bearer $ADMIN_TOKEN`; with no token configured the endpoints do not exist (404).
 */
/**
 * Wrong tokens lock out the address that sent them (server/http/client-address.ts), not everyone: an
 * editor with the right token from another address is never refused because someone else guessed.
 */
export function registerAdminRoutes({ app }: Routes, options: AdminOptions & { trustProxy: ClientAddressPolicy | boolean }): void {
  const token = options.token?.trim();
  if (!token) {
    app.all('/api/admin/*', (c) => c.json({ message: `Not found: ${c.req.path}` } satisfies ErrorBody, 404));
    return;
  }
  const expected = digest(token);
  const failures = createRateLimiter(FAILED_ATTEMPTS);

  /** null when the caller may go on, else the refusal. Failed attempts count toward the limit. */
  function refuse(c: Context): Response | null {
    const key = clientAddress(c, options.trustProxy);
    const nowMs = Date.now();
    if (failures.exhausted(key, nowMs)) {
      c.header('retry-after', String(failures.retryAfterS(key, nowMs)));
      return c.json({ message: 'Too many failed attempts from this address; try again later' } satisfies ErrorBody, 429);
    }
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
    // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
    if (given && timingSafeEqual(digest(given), expected)) return null;
    failures.allow(key, nowMs);
    c.header('www-authenticate', 'Bearer');
    return c.json({ message: 'Missing or wrong admin token' } satisfies ErrorBody, 401);
  }

  // Status reports for operators, each behind the token and never cached.
  for (const [path, report] of [
    ['/api/admin/ingest', options.ingest],
    ['/api/admin/push', options.push],
  ] as const) {
    if (!report) continue;
    app.get(path, (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      c.header('cache-control', 'no-store');
      return c.json(report() as object);
    });
  }

  const rebuilder = options.rebuilder;
  if (!rebuilder) {
    app.all('/api/admin/rebuild', (c) => c.json({ message: `Not found: ${c.req.path}` } satisfies ErrorBody, 404));
    return;
  }
  app.post('/api/admin/rebuild', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    const outcome = rebuilder.trigger('editor request');
    c.header('cache-control', 'no-store');
    return c.json({ message: outcome === 'queued' ? 'A build is running; another will follow it' : 'Rebuild queued', ...rebuilder.status() }, 202);
  });

  app.get('/api/admin/rebuild', (c) => {
    const refused = refuse(c);
    if (refused) return refused;
    c.header('cache-control', 'no-store');
    return c.json(rebuilder.status());
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
