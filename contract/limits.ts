/** Query limits both sides respect: the server rejects beyond them, the site never asks beyond them. */
export const QUERY_LIMITS = {
  /** `ids` and `live` lists of `/fixtures` (the provider's own limit). */
  fixtureIds: 20,
  /** `/players` page size, as the provider pages. */
  playersPage: 20,
  /** `/players?per_page=` for bulk reads (the build). */
  playersPerPageMax: 1000,
  /** `search` on teams and players needs at least this many characters (the provider's rule). */
  searchMinChars: 3,
  /** `/ai-articles?limit=` */
  articlesPerPageMax: 50,
  /** `next` / `last` of `/fixtures` */
  nextLastMax: 99,
} as const;

/** Polling cadence of live widgets, in ms (ARCHITECTURE.md). */
export const REFRESH_MS = {
  live: 20_000,
  tables: 5 * 60_000,
  news: 3 * 60_000,
} as const;

/** The portal's time zone: kick-offs and "today" are Ecuador time. */
export const TIME_ZONE = 'America/Guayaquil';
