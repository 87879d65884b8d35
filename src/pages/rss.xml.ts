import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { loadArticles } from '../lib/loaders/news.ts';
import { SITE } from '../lib/config.ts';

/** /rss.xml: the latest 30 published articles (linked from every page's head). */
export const RSS_ITEMS = 30;

export const GET: APIRoute = async ({ site }) => {
  const articles = (await loadArticles()).slice(0, RSS_ITEMS);
  return rss({
    title: `${SITE.name}: noticias del fútbol ecuatoriano`,
    description: SITE.description,
    site: site ?? SITE.url,
    customData: '<language>es</language>',
    items: articles.map((article) => ({
      title: article.title,
      link: `/noticias/${article.slug}`,
      pubDate: new Date(article.createdAt),
      description: article.summary,
      categories: article.keywords,
    })),
  });
};
