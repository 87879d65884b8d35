/**
 * Paging of the prebuilt news lists: page 1 at the list's own path, page n at `{base}/pagina/{n}`.
 * Pure functions, shared by getStaticPaths, the pager links and the tests.
 */

export interface PageSlice<T> {
  items: T[];
  /** 1-based */
  page: number;
  totalPages: number;
  totalItems: number;
}

/** Number of pages for `total` items, `perPage` each; at least 1 (an empty list is one empty page). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
}

/** The items of page `page` (1-based); an out-of-range page is empty. */
export function pageSlice<T>(items: readonly T[], page: number, perPage: number): PageSlice<T> {
  const totalPages = pageCount(items.length, perPage);
  const inRange = Number.isInteger(page) && page >= 1 && page <= totalPages;
  return {
    items: inRange ? items.slice((page - 1) * perPage, page * perPage) : [],
    page,
    totalPages,
    totalItems: items.length,
  };
}

/** Path of page `page` of the list at `base` (`/noticias`, `/noticias/categoria/fichajes`). */
export function listPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/pagina/${page}`;
}

/** Page numbers the pager shows: first, last, and the current one with `around` neighbours; null marks a gap. */
export function pagerItems(current: number, total: number, around = 1): Array<number | null> {
  const shown = new Set<number>([1, total]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= total) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1] > 1) items.push(n - sorted[index - 1] === 2 ? n - 1 : null);
    items.push(n);
  });
  return items;
}
