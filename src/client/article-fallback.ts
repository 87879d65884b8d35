import { getArticleBySlug } from '../lib/news/api.ts';
import { formatLongDate, formatTime } from '../lib/format/date.ts';
import type { Article } from '../lib/news/types.ts';

/**
 * The not-found page's second chance for news: an article published after the last build has no
 * page yet, but its URL is already shared. On /noticias/{slug} only, the article is asked from the
 * API (published ones only, this site's only); found, it is shown in place of the not-found text,
 * its body sanitized with DOMPurify (loaded only then). Unknown or embargoed: the page stays 404.
 */

const ARTICLE_PATH = /^\/noticias\/([a-z0-9-]{1,200})\/?$/;

/** The slug of an article URL, or null for any other path (lists, categories, other sections). */
export function articleSlugOf(pathname: string): string | null {
  const slug = ARTICLE_PATH.exec(pathname)?.[1];
  return slug && slug !== 'pagina' && slug !== 'categoria' ? slug : null;
}

function fill(root: HTMLElement, article: Article, bodyHtml: string): void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-fallback-${name}]`);
  part('title')!.textContent = article.title;
  const time = part<HTMLTimeElement>('date');
  if (time && article.createdAt) {
    time.dateTime = article.createdAt;
    time.textContent = `Publicado el ${formatLongDate(article.createdAt)}, ${formatTime(article.createdAt)}`;
  }
  const image = part<HTMLImageElement>('image');
  if (image && article.imageUrl) {
    image.src = article.imageUrl;
    image.hidden = false;
  }
  const summary = part('summary');
  if (summary) summary.textContent = article.summary;
  part('body')!.innerHTML = bodyHtml;
  const keywords = part('keywords');
  if (keywords && article.keywords.length) {
    keywords.replaceChildren(
      ...article.keywords.map((keyword) => {
        const li = document.createElement('li');
        const link = document.createElement('a');
        link.href = `/search?q=${encodeURIComponent(keyword)}`;
        link.className = 'inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold text-fg hover:border-brand hover:text-link';
        link.textContent = keyword;
        li.append(link);
        return li;
      }),
    );
    keywords.closest<HTMLElement>('[data-fallback-topics]')!.hidden = false;
  }
}

export async function initArticleFallback(): Promise<void> {
  const slug = articleSlugOf(window.location.pathname);
  const root = document.querySelector<HTMLElement>('[data-article-fallback]');
  const notFound = document.querySelector<HTMLElement>('[data-not-found]');
  if (!slug || !root || !notFound) return;
  const result = await getArticleBySlug(slug, { retries: 1 });
  if (!result.ok) return;
  const { sanitizeArticleHtmlInBrowser } = await import('../lib/news/sanitize-browser.ts');
  fill(root, result.data, sanitizeArticleHtmlInBrowser(result.data.contentHtml));
  notFound.hidden = true;
  root.hidden = false;
  document.title = `${result.data.title} · Marcador`;
}
