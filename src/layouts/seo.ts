import { SITE } from '../lib/config.ts';

/** Small helpers for the layout's <head>. */

/** The page's path as readers link to it: no trailing slash (except /), no index.html. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : '/';
}

export function absoluteUrl(pathOrUrl: string, site: URL | string): string {
  try {
    return new URL(pathOrUrl, site).href;
  } catch {
    return new URL('/', site).href;
  }
}

/** "X · Marcador"; the site name alone for the home page. */
export function documentTitle(title: string): string {
  const clean = title.trim();
  return !clean || clean === SITE.name ? SITE.name : `${clean} · ${SITE.name}`;
}

/** astro-seo writes the title with set:html, so titles from the API must be escaped first. */
export { escapeHtml } from '../../contract/format.ts';
