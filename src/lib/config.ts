import { LOCALE, SUMMARY_CHARS } from '../../contract/format.ts';
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

export const LEAGUES = {
  ligaPro: 242,
  serieB: 243,
  libertadores: 13,
  sudamericana: 11,
  eliminatorias: 34,
  amistosos: 10,
} as const;

/**
 * The competitions the portal syncs and has pages of its own for (/serie-a, /eliminatorias …; the
 * server's DEFAULT_LEAGUES, which a test keeps equal). Their pages exist whatever the provider gave:
 * one it has not delivered yet shows why instead of failing the build (competition-pages.ts).
 */
export const TRACKED_COMPETITIONS: readonly number[] = [LEAGUES.ligaPro, LEAGUES.serieB, LEAGUES.libertadores, LEAGUES.sudamericana, LEAGUES.eliminatorias];

/**
 * Spanish names of the competitions the portal covers, and of the foreign leagues where Ecuadorians
 * play. The provider names some in English ('World Cup - Qualification South America'); readers see
 * these instead. `provider`: the provider's name this one replaces wherever it writes it (a match's
 * or a player's season's competition, see competitionName); `kind`: what a list of competitions
 * calls it when neither 'Liga' nor 'Copa' fits.
 */
export const COMPETITION_NAMES: Readonly<Record<number, { name: string; shortName: string; provider?: string; kind?: string }>> = {
  242: { name: 'Liga Pro Serie A', shortName: 'Serie A' },
  243: { name: 'Liga Pro Serie B', shortName: 'Serie B' },
  13: { name: 'Copa Libertadores', shortName: 'Libertadores' },
  11: { name: 'Copa Sudamericana', shortName: 'Sudamericana' },
  34: { name: 'Eliminatorias Sudamericanas', shortName: 'Eliminatorias', provider: 'World Cup - Qualification South America', kind: 'Eliminatoria' },
  10: { name: 'Amistosos internacionales', shortName: 'Amistosos', provider: 'Friendlies', kind: 'Amistoso' },
  667: { name: 'Amistosos de clubes', shortName: 'Amistosos', provider: 'Friendlies Clubs', kind: 'Amistoso' },
  9: { name: 'Copa América', shortName: 'Copa América', provider: 'Copa America' },
  1: { name: 'Copa del Mundo', shortName: 'Mundial', provider: 'World Cup' },
  135: { name: 'Serie A de Italia', shortName: 'Serie A', provider: 'Serie A' },
  253: { name: 'MLS', shortName: 'MLS', provider: 'Major League Soccer' },
};

/** The name readers see for a competition the provider names `name`: Spanish where the provider's is English. */
export function competitionName(id: number, name: string): string {
  const spanish = COMPETITION_NAMES[id];
  return spanish?.provider !== undefined && spanish.provider === name.trim() ? spanish.name : name;
}

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

/** Id of the notifications region: rendered by ToastRegion.astro, filled by src/client/toast.ts. */
export const TOAST_REGION_ID = 'toast-region';
