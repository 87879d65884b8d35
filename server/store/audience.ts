import type { Db } from './db.ts';

/**
 * What readers write, in the readers' store (server/store/readers.ts): page-view counts (per path and
 * day: no cookies, no IPs, nothing personal) and newsletter subscriptions. These survive every demo
 * re-anchor and provider sync.
 */
export function recordPageView(readers: Db, path: string, day: string): void {
  readers
    .prepare('INSERT INTO page_views (path, day, count) VALUES (?, ?, 1) ON CONFLICT(path, day) DO UPDATE SET count = count + 1')
    .run(path, day);
}

/** An article page's view also counts on the article (the football/news store's `views`, for sorting by views). */
export function countArticleView(football: Db, path: string): void {
  const article = /^\/noticias\/([a-z0-9-]+)\/?$/.exec(path);
  if (article) football.prepare('UPDATE articles SET views = views + 1 WHERE slug = ?').run(article[1]);
}

export function topPages(db: Db, sinceDay: string, limit: number): Array<{ path: string; views: number }> {
  return db
    .prepare('SELECT path, SUM(count) AS views FROM page_views WHERE day >= ? GROUP BY path ORDER BY views DESC, path LIMIT ?')
    .all(sinceDay, limit) as Array<{ path: string; views: number }>;
}

/** Returns 'created' for a new address and 'exists' for one already subscribed (no duplicate rows). */
export function subscribe(db: Db, email: string, source: string, at: Date): 'created' | 'exists' {
  const result = db
    .prepare('INSERT INTO newsletter_subscriptions (email, created_at, source) VALUES (?, ?, ?) ON CONFLICT(email) DO NOTHING')
    .run(email, at.toISOString(), source);
  return Number(result.changes) > 0 ? 'created' : 'exists';
}

export function subscriptionCount(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions').get() as { n: number }).n;
}
