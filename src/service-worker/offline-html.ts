import { LOCALE } from '../../contract/format.ts';
import { TIME_ZONE } from '../../contract/limits.ts';

/**
 * The words and markup the service worker adds to saved pages and to the offline page. Pure string
 * work (tested in src/service-worker/offline-html.test.ts): the worker has no DOM. Styles are inline
 * (`style-src 'unsafe-inline'` in the CSP) because each page's stylesheet is trimmed to the classes
 * it uses at build time, and these elements are not in the built pages. They use the site's colour
 * variables, so light and dark follow the reader's theme.
 */

export interface SavedPage {
  path: string;
  /** The page's <title>, as written (HTML-escaped). */
  title: string;
  /** ISO instant it was saved. */
  savedAt: string;
}

const time = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
const day = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** "de las 14:05" today in Ecuador, "del 23 nov., 14:05" an earlier day. */
export function savedWhen(savedAt: Date, now: Date): string {
  const clock = time.format(savedAt);
  return dayKey.format(savedAt) === dayKey.format(now) ? `de las ${clock}` : `del ${day.format(savedAt)}, ${clock}`;
}

const NOTICE_STYLE =
  'margin:0;padding:.5rem 1rem;text-align:center;font-size:.875rem;font-weight:600;background:var(--color-accent,#f5c400);color:var(--color-on-accent,#111827)';

/** The line a saved copy carries at the top. */
export function offlineNoticeHtml(savedAt: Date | null, now: Date): string {
  const when = savedAt && !Number.isNaN(savedAt.getTime()) ? ` · versión guardada ${savedWhen(savedAt, now)}` : ' · versión guardada';
  return `<p role="status" data-offline-notice style="${NOTICE_STYLE}">Sin conexión${when}</p>`;
}

/** The page with the notice as the first thing in <body> (unchanged when it has no <body>). */
export function withNotice(html: string, notice: string): string {
  return html.replace(/<body\b[^>]*>/i, (open) => open + notice);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** " | Marcador" and the like add nothing in a list of Marcador's own pages. */
function shortTitle(title: string): string {
  return title.replace(/\s*[|·–-]\s*Marcador\s*$/i, '').trim();
}

const LINK_STYLE = 'display:flex;flex-direction:column;min-height:2.75rem;justify-content:center;padding:.5rem .75rem;border:1px solid var(--color-line);border-radius:.5rem;background:var(--color-surface);color:var(--color-link);font-weight:600;text-decoration:none';

/** The list of saved pages, newest first, each with when it was saved. */
export function offlineListHtml(pages: readonly SavedPage[], now: Date): string {
  if (!pages.length) return '';
  const items = pages.map((page) => {
    // The title is already HTML-escaped text from the page's own <title>; only the path needs escaping.
    const label = shortTitle(page.title) || page.path;
    const saved = Number.isNaN(Date.parse(page.savedAt)) ? '' : `<span style="font-weight:400;font-size:.8125rem;color:var(--color-muted)">Guardada ${savedWhen(new Date(page.savedAt), now)}</span>`;
    return `<li><a href="${escapeHtml(page.path)}" style="${LINK_STYLE}">${label}${saved}</a></li>`;
  });
  return `<ul data-saved-pages style="list-style:none;margin:0;padding:0;display:grid;gap:.5rem">${items.join('')}</ul>`;
}

/**
 * The offline page with its list filled in: the list replaces the page's empty-state paragraph
 * (`data-no-saved-pages`), which stays when nothing is saved yet.
 */
export function withSavedList(html: string, list: string): string {
  if (!list) return html;
  return html.replace(/<p\b[^>]*\bdata-no-saved-pages\b[^>]*>[\s\S]*?<\/p>/i, list);
}
