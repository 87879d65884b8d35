import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getConnInfo } from '@hono/node-server/conninfo';
import { countArticleView, recordPageView, subscribe, topPages } from '../store/audience.ts';
import { StoreUnavailableError } from '../store/guard.ts';
import { HttpError } from '../http/envelope.ts';
import { optionalCount } from '../http/validate.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { localDay } from '../clock.ts';
import type { Routes } from './context.ts';
import type { ErrorBody } from '../../contract/envelope.ts';
import type { NewsletterAnswer, TopPagesJson } from '../../contract/shapes.ts';

const NEWSLETTER_OK = '¡Gracias! Te suscribiste al boletín de Marcador.';
const NEWSLETTER_EXISTS = 'Este correo ya estaba suscrito. ¡Gracias por seguirnos!';
const NEWSLETTER_INVALID = 'Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.';
const NEWSLETTER_LIMIT = 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.';
const NEWSLETTER_UNAVAILABLE = 'No pudimos guardar tu suscripción; inténtalo más tarde.';
const PAGEVIEW_UNAVAILABLE = 'No pudimos registrar la visita; inténtalo más tarde.';
const RETRY_AFTER_S = '60';
// Pragmatic address check: one @, a dotted domain, no spaces; the mailbox itself is the real test.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Readers: page views (most read) and the newsletter. `trustProxy`: rate limits read X-Forwarded-For. */
export function registerReaderRoutes({ app, store, readers, now }: Routes, trustProxy: boolean): void {
  const newsletterLimiter = createRateLimiter({ max: 5, windowMs: 10 * 60_000 });

  app.get('/api/pageviews/top', (c) => {
    const limit = optionalCount(c.req.query('limit'), 'limit', 50) ?? 10;
    const since = localDay(new Date(now().getTime() - 7 * 86_400_000));
    c.header('cache-control', 'public, max-age=300');
    return c.json({ data: topPages(readers.db, since, limit) } satisfies TopPagesJson);
  });

  // ---- readers' writes ------------------------------------------------------------------------

  const smallBody = bodyLimit({
    maxSize: 8 * 1024,
    onError: (c) => c.json({ message: 'Request body too large (max 8 KB)' } satisfies ErrorBody, 413),
  });

  app.post('/api/pageviews', smallBody, async (c) => {
    const body = await readBody(c);
    const path = typeof body.path === 'string' ? body.path : '';
    if (!/^\/[^\s?#]{0,300}$/.test(path)) throw new HttpError(400, 'Invalid path: expected an absolute path without query', 'path');
    try {
      readers.write((db) => recordPageView(db, path, localDay(now())));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      c.header('retry-after', RETRY_AFTER_S);
      return c.json({ message: PAGEVIEW_UNAVAILABLE } satisfies ErrorBody, 503);
    }
    // The article's own counter is derived data in the football store: a store that cannot take it
    // (deleted, read-only) loses nothing a reader gave us, so the view is still acknowledged.
    try {
      store.write((db) => countArticleView(db, path));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
    }
    return c.body(null, 204);
  });

  app.post('/api/newsletter', smallBody, async (c) => {
    const isForm = !(c.req.header('content-type') ?? '').includes('application/json');
    const body = await readBody(c);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const back = (outcome: string) => {
      // Without JavaScript the form posts here; send the reader back to the page they were on.
      const referer = c.req.header('referer');
      let target = '/';
      try {
        const ref = referer ? new URL(referer) : null;
        if (ref && ref.host === new URL(c.req.url).host) target = ref.pathname;
      } catch {
        target = '/';
      }
      // The fragment lets a prebuilt page show the matching message with CSS :target, no script needed.
      return c.redirect(`${target}?newsletter=${outcome}#newsletter-${outcome}`, 303);
    };
    // Rate limits run on the real clock: a frozen MARCADOR_NOW must not freeze their windows.
    if (!newsletterLimiter.allow(clientKey(c, trustProxy), Date.now())) {
      return isForm ? back('limit') : c.json({ message: NEWSLETTER_LIMIT } satisfies ErrorBody, 429);
    }
    if (email.length > 254 || !EMAIL.test(email)) {
      return isForm ? back('invalid') : c.json({ message: NEWSLETTER_INVALID } satisfies ErrorBody, 400);
    }
    let outcome: 'created' | 'exists';
    try {
      outcome = readers.write((db) => subscribe(db, email, typeof body.source === 'string' ? body.source.slice(0, 100) : '', now()));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (isForm) return back('error');
      c.header('retry-after', RETRY_AFTER_S);
      return c.json({ message: NEWSLETTER_UNAVAILABLE } satisfies ErrorBody, 503);
    }
    if (isForm) return back(outcome === 'created' ? 'ok' : 'exists');
    return c.json({ message: outcome === 'created' ? NEWSLETTER_OK : NEWSLETTER_EXISTS } satisfies NewsletterAnswer, outcome === 'created' ? 201 : 200);
  });
}

/**
 * Who is asking, for rate limits only (never stored). X-Forwarded-For can be forged by anyone, so it
 * is read only when the operator says a proxy sets it.
 */
export function clientKey(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'local';
  }
}

/** Reads a JSON or form body; a malformed one is a 400, never a crash. */
async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const value: unknown = await c.req.json();
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return (await c.req.parseBody()) as Record<string, unknown>;
    }
    if (type.includes('text/plain') || type === '') {
      // navigator.sendBeacon sends text/plain; accept a JSON string there.
      const text = await c.req.text();
      const value: unknown = text ? JSON.parse(text) : {};
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
  } catch {
    throw new HttpError(400, 'Malformed request body: expected a JSON object', 'body');
  }
  throw new HttpError(415, `Unsupported content type: ${type}`, 'body');
}
