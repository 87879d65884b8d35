import { LOCALE, SUMMARY_CHARS } from '../../contract/format.ts';
import { LEAGUES } from '../../contract/competitions.ts';
import { REFRESH_MS, TIME_ZONE } from '../../contract/limits.ts';

/** Site-wide constants: one typed place for ids, limits and timings the spec fixes (spec §9). */

export const SITE = {
  name: 'Marcador',
  /** Canonical origin for SEO tags and the sitemap; `SITE_URL` overrides it at build time. */
  url: 'https://marcador.ec',
  /** What articles are written for; sent as `targetWebsite` to the news API. */
  domain: 'marcador.ec',
  description:
    'Marcador: resultados en vivo, posiciones, calendario, goleadores, fichajes y noticias de la Liga Pro de Ecuador, la Serie B, la Libertadores, la Sudamericana y la Selección.',
  locale: LOCALE,
  timeZone: TIME_ZONE,
} as const;

export { COMPETITION_NAMES, competitionName, competitionShortName, LEAGUES, ofCompetition } from '../../contract/competitions.ts';

/**
 * The competitions the portal syncs and has pages of its own for (/serie-a, /eliminatorias …; the
 * server's DEFAULT_LEAGUES, which a test keeps equal). Their pages exist whatever the provider gave:
 * one it has not delivered yet shows why instead of failing the build (competition-pages.ts).
 */
export const TRACKED_COMPETITIONS: readonly number[] = [LEAGUES.ligaPro, LEAGUES.serieB, LEAGUES.libertadores, LEAGUES.sudamericana, LEAGUES.eliminatorias];

export const LIMITS = {
  news: 10,
  topViewed: 6,
  searchSuggestions: 8,
  navbarDropdown: 8,
  megamenu: 5,
  summary: SUMMARY_CHARS,
  summaryCompact: 60,
} as const;

export const TIMINGS = {
  httpTimeoutMs: 15_000,
  maxRetries: 3,
  maxRetryDelayMs: 30_000,
  searchDebounceMs: 500,
  searchBlurCloseMs: 200,
  headerScrollThresholdPx: 10,
  tournamentsTtlMs: 10 * 60_000,
  /** Refresh cadence of islands (ARCHITECTURE.md "Live data in islands"): the contract's. */
  liveRefreshMs: REFRESH_MS.live,
  tablesRefreshMs: REFRESH_MS.tables,
  newsRefreshMs: REFRESH_MS.news,
  toastDurationMs: 5_000,
} as const;

export const THEME_STORAGE_KEY = 'vite-ui-theme';
/** '1' when the reader hides scores and results until tapped ("Sin spoilers", src/client/spoilers.ts). */
export const SPOILERS_STORAGE_KEY = 'marcador:sin-spoilers';

/** Id of the notifications region: rendered by ToastRegion.astro, filled by src/client/toast.ts. */
export const TOAST_REGION_ID = 'toast-region';

/** Where images are missing or fail to load (public/placeholder.svg). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
