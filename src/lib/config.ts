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
 * play: the one place that names them. The provider names some in English ('World Cup -
 * Qualification South America') or its own way ('CONMEBOL Sudamericana', 'Liga Pro'); readers see
 * these instead, through competitionName. `kind`: what a list of competitions calls it when neither
 * 'Liga' nor 'Copa' fits; `article`: the one its name takes where it is not 'la' ("de las Eliminatorias").
 */
export const COMPETITION_NAMES: Readonly<Record<number, { name: string; shortName: string; kind?: string; article?: 'los' | 'las' }>> = {
  242: { name: 'Liga Pro Serie A', shortName: 'Serie A' },
  243: { name: 'Liga Pro Serie B', shortName: 'Serie B' },
  13: { name: 'Copa Libertadores', shortName: 'Libertadores' },
  11: { name: 'Copa Sudamericana', shortName: 'Sudamericana' },
  34: { name: 'Eliminatorias Sudamericanas', shortName: 'Eliminatorias', kind: 'Eliminatoria', article: 'las' },
  10: { name: 'Amistosos internacionales', shortName: 'Amistosos', kind: 'Amistoso', article: 'los' },
  667: { name: 'Amistosos de clubes', shortName: 'Amistosos', kind: 'Amistoso', article: 'los' },
  9: { name: 'Copa América', shortName: 'Copa América' },
  1: { name: 'Copa del Mundo', shortName: 'Mundial' },
  135: { name: 'Serie A de Italia', shortName: 'Serie A' },
  253: { name: 'MLS', shortName: 'MLS' },
};

/**
 * The name readers see for a competition, wherever it is written (a page, a match, a player's season,
 * a picture): the portal's, else the provider's (`providerName`, a league the portal does not name).
 * Provider ids are global, so the id alone decides: "CONMEBOL Sudamericana" and "Copa Sudamericana"
 * are never both on one page.
 */
export function competitionName(id: number | null, providerName = ''): string {
  return (id !== null && COMPETITION_NAMES[id]?.name) || providerName.trim();
}

/** A competition's short name, where a line has little room ("Libertadores", a result's tag). */
export function competitionShortName(id: number | null, providerName = ''): string {
  return (id !== null && COMPETITION_NAMES[id]?.shortName) || competitionName(id, providerName);
}

/**
 * A competition after "de", with its article: "de la Liga Pro Serie A", "de las Eliminatorias
 * Sudamericanas" ("Calendario de la Liga Pro Serie A", never "Calendario Liga Pro"). A league the
 * portal does not name takes "la", as leagues do ("de la Premier League").
 */
export function ofCompetition(id: number | null, providerName = ''): string {
  return `de ${(id !== null && COMPETITION_NAMES[id]?.article) || 'la'} ${competitionName(id, providerName)}`;
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
