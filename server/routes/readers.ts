import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { countArticleView, recordPageView, subscribe, topPages } from '../store/audience.ts';
import { StoreUnavailableError } from '../store/guard.ts';
import { HttpError } from '../http/envelope.ts';
import { optionalCount } from '../http/validate.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { clientAddress, type ClientAddressPolicy } from '../http/client-address.ts';
import { createPageIndex, normalizePath } from '../store/page-index.ts';
import { createViewGate } from '../store/view-gate.ts';
import { DIST_DIR } from '../deploy/site-build.ts';
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
/** Page-view beacons per address and minute: a reader opens a few pages a minute, a script thousands. */
const PAGEVIEWS_PER_MINUTE = 60;
// Pragmatic address check: one @, a dotted domain, no spaces; the mailbox itself is the real test.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Readers: page views (most read) and the newsletter. `policy`: where a reader's address comes from
 * (server/http/client-address.ts), for the per-reader limits. `distDir`: the build whose pages exist.
 */
export function registerReaderRoutes(
  { app, db, store, readers, now }: Routes,
  policy: ClientAddressPolicy | boolean,
  options: { distDir?: string } = {},
): void {
  const newsletterLimiter = createRateLimiter({ max: 5, windowMs: 10 * 60_000 });
  const pageviewLimiter = createRateLimiter({ max: PAGEVIEWS_PER_MINUTE, windowMs: 60_000 });
  const gate = createViewGate();
  const articleVisible = db.prepare('SELECT 1 FROM articles WHERE slug = ? AND scheduled_at <= ?');
  const pages = createPageIndex(options.distDir ?? DIST_DIR, (path) => {
    const article = /^\/noticias\/([a-z0-9-]+)$/.exec(path);
    return article !== null && articleVisible.get(article[1]!, now().toISOString()) !== undefined;
  });

  app.get('/api/pageviews/top', (c) => {
    const limit = optionalCount(c.req.query('limit'), 'limit', 50) ?? 10;
    const since = localDay(new Date(now().getTime() - 7 * 86_400_000));
    c.header('cache-control', 'public, max-age=300');
    // Only pages that exist: counts kept from before views were checked cannot put a made-up path here.
    const top = topPages(readers.db, since, 10_000).filter((p) => pages.exists(p.path)).slice(0, limit);
    return c.json({ data: top } satisfies TopPagesJson);
  });

  // ---- readers' writes ------------------------------------------------------------------------

  const smallBody = bodyLimit({
    maxSize: 8 * 1024,
    onError: (c) => c.json({ message: 'Request body too large (max 8 KB)' } satisfies ErrorBody, 413),
  });

  app.post('/api/pageviews', smallBody, async (c) => {
    const address = clientAddress(c, policy);
    // Rate limits run on the real clock: a frozen MARCADOR_NOW must not freeze their windows.
    const nowMs = Date.now();
    // Past the limit a post is answered like any view that does not count: a beacon never retries, and a
    // 429 would be one more console error in the browser of a reader behind a busy shared address.
    if (!pageviewLimiter.allow(address, nowMs)) return c.body(null, 204);
    const body = await readBody(c);
    const raw = typeof body.path === 'string' ? body.path : '';
    if (!/^\/[^\s?#]{0,300}$/.test(raw)) throw new HttpError(400, 'Invalid path: expected an absolute path without query', 'path');
    // A view of a page that does not exist, or one more from the same reader within 30 minutes, is
    // answered like any other (a beacon learns nothing) and counted nowhere.
    const path = normalizePath(raw);
    if (path === null || !pages.exists(raw)) return c.body(null, 204);
    const remember = gate.admit(address, c.req.header('user-agent') ?? '', path, nowMs);
    if (!remember) return c.body(null, 204);
    try {
      readers.write((db) => recordPageView(db, path, localDay(now())));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      c.header('retry-after', String(error.retryAfterS));
      return c.json({ message: PAGEVIEW_UNAVAILABLE } satisfies ErrorBody, 503);
    }
    remember();
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
      const target = sameOriginPath(c.req.header('referer'), c.req.url);
      // The fragment lets a prebuilt page show the matching message with CSS :target, no script needed.
      return c.redirect(`${target}?newsletter=${outcome}#newsletter-${outcome}`, 303);
    };
    // Rate limits run on the real clock: a frozen MARCADOR_NOW must not freeze their windows.
    const address = clientAddress(c, policy);
    if (!newsletterLimiter.allow(address, Date.now())) {
      if (isForm) return back('limit');
      c.header('retry-after', String(newsletterLimiter.retryAfterS(address, Date.now())));
      return c.json({ message: NEWSLETTER_LIMIT } satisfies ErrorBody, 429);
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
      c.header('retry-after', String(error.retryAfterS));
      return c.json({ message: NEWSLETTER_UNAVAILABLE } satisfies ErrorBody, 503);
    }
    if (isForm) return back(outcome === 'created' ? 'ok' : 'exists');
    return c.json({ message: outcome === 'created' ? NEWSLETTER_OK : NEWSLETTER_EXISTS } satisfies NewsletterAnswer, outcome === 'created' ? 201 : 200);
  });
}

/**
 * Where the no-JS form sends the reader back: the Referer's path when it is this site's, else `/`.
 * Only a path of this origin: `http://host//evil.example/x` has the path `//evil.example/x`, which a
 * browser reads as another host, so leading slashes and backslashes collapse to one.
 */
export function sameOriginPath(referer: string | undefined, requestUrl: string): string {
  if (!referer) return '/';
  try {
    const ref = new URL(referer);
    const own = new URL(requestUrl);
    if ((ref.protocol !== 'http:' && ref.protocol !== 'https:') || ref.host !== own.host) return '/';
    const path = ref.pathname.replace(/^[/\\]+/, '/');
    return path.startsWith('/') ? path : '/';
  } catch {
    return '/';
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
