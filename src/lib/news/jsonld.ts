import type { NewsArticle } from 'schema-dts';
import { SITE } from '../config.ts';
import type { Article } from './types.ts';

/** schema.org NewsArticle of an article page (headline, dates, picture, keywords, publisher). */
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
    author: { '@type': 'Organization', name: SITE.name, url: base },
    publisher: { '@type': 'Organization', name: SITE.name, url: base, logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` } },
  };
}
