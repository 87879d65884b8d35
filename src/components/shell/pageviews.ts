/**
 * Counts a page view in our own API (POST /api/pageviews {path}): no cookies, nothing personal; the
 * counts feed "más leídas". Also counted when a page comes back from the back/forward cache, which is
 * a view the reader sees again. Pages opt out with <html data-pageview="off"> (404, search).
 */
export function reportPageView(path: string = window.location.pathname): void {
  if (document.documentElement.dataset.pageview === 'off') return;
  try {
    void fetch('/api/pageviews', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path }),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  } catch {
    // Counting must never break reading.
  }
}

export function initPageViews(): void {
  reportPageView();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reportPageView();
  });
}
