import DOMPurify from 'dompurify';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, HEADING_REMAP, isExternalHref } from './sanitize-rules.ts';

/**
 * Sanitizes an article body in the browser with DOMPurify, by the same allowlist as the build
 * (sanitize-rules.ts). Loaded only where a body arrives live (the not-found page's article
 * fallback), so no other page pays for it.
 */
const ALLOWED_ATTR = [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat()), 'rel'];
// DOMPurify's default URI check already refuses javascript:, data: (outside images) and the like.
const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function sanitizeArticleHtmlInBrowser(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_TAGS, ...Object.keys(HEADING_REMAP)],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URI,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const [from, to] of Object.entries(HEADING_REMAP)) {
    for (const node of fragment.querySelectorAll(from)) {
      const replacement = document.createElement(to);
      replacement.append(...node.childNodes);
      node.replaceWith(replacement);
    }
  }
  for (const link of fragment.querySelectorAll('a[href]')) {
    if (isExternalHref(link.getAttribute('href') ?? '')) link.setAttribute('rel', 'noopener noreferrer');
    else link.removeAttribute('rel');
  }
  for (const image of fragment.querySelectorAll('img:not([alt])')) image.setAttribute('alt', '');
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
