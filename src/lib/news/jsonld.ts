import type { NewsArticle } from 'schema-dts';
import { SITE } from '../config.ts';
import { machineWrittenNotice } from './category.ts';
import type { Article } from './types.ts';

/**
 * schema.org NewsArticle of an article page (headline, dates, picture, keywords, publisher). Every
 * article is written by a program from the data: the author is the site's automatic writer, an
 * Organization (never a made-up person), and `creditText` says so in the reader's words.
 */
export function newsArticleJsonLd(article: Article, image: string, site: string = SITE.url): NewsArticle {
  const base = site.replace(/\/$/, '');
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${base}${path}`);
  return {
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary || undefined,
    url: absolute(`/noticias/${article.slug}`),
    mainEntityOfPage: absolute(`/noticias/${article.slug}`),
    image: [absolute(image)],
    datePublished: article.createdAt || undefined,
    dateModified: article.createdAt || undefined,
    keywords: article.keywords.length ? article.keywords.join(', ') : undefined,
    articleSection: article.category || undefined,
    inLanguage: 'es',
    author: { '@type': 'Organization', name: `${SITE.name} (texto automático)`, url: base },
    creditText: machineWrittenNotice(article.category),
    publisher: { '@type': 'Organization', name: SITE.name, url: base, logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` } },
  };
}
