/**
 * What an article body may contain, shared by the build-time sanitizer (sanitize-html, sanitize.ts)
 * and the browser's (DOMPurify, sanitize-browser.ts) so a page built today and an article loaded
 * live tomorrow keep the same markup: text structure, links, headings, lists, quotes, tables and
 * images. No script, style, iframe, form, event handler or `javascript:` URL survives either.
 */
export const ARTICLE_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
  'a', 'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'abbr', 'time', 'figure', 'figcaption', 'img',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'dl', 'dt', 'dd', 'span', 'div',
] as const;

/** Attributes per tag (`*`: every tag). No `style`, no `on*`, no `class` (the site styles bodies). */
export const ARTICLE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  abbr: ['title'],
  time: ['datetime'],
  th: ['scope', 'colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  '*': ['lang'],
};

/** URL schemes a link or image may use; relative URLs (site links such as /equipos/1) are kept. */
export const ARTICLE_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** The body's first-level heading is the page's h1 (the title): an h1 in a body becomes an h2. */
export const HEADING_REMAP: Readonly<Record<string, string>> = { h1: 'h2' };

/** True for a link that leaves the site: it gets rel="noopener noreferrer". */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}
