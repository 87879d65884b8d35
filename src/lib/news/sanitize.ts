import sanitizeHtml from 'sanitize-html';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, ARTICLE_URL_SCHEMES, HEADING_REMAP, isExternalHref } from './sanitize-rules.ts';

/**
 * Sanitizes an article body at build time with sanitize-html (a maintained HTML parser-based
 * sanitizer, not regular expressions). The API already sends sanitized HTML; the site does not
 * trust that: what it publishes is what passes its own allowlist (sanitize-rules.ts).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  // rel is only ever set by the transform below (external links), never taken from the input.
  allowedAttributes: Object.fromEntries(Object.entries(ARTICLE_ATTRIBUTES).map(([tag, attributes]) => [tag, tag === 'a' ? [...attributes, 'rel'] : [...attributes]])),
  allowedSchemes: [...ARTICLE_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Whole elements whose content must not leak into the text either.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    ...HEADING_REMAP,
    // An image without a text alternative is decorative for screen readers, not an unnamed one.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, { rel: _ignored, ...attribs }) => ({
      tagName,
      attribs: attribs.href && isExternalHref(attribs.href) ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
