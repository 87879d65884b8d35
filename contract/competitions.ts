/**
 * The competitions the portal covers, named once for the site and the server: their ids, the names
 * readers see in Spanish, and each one's front page. The site reads them through src/lib/config.ts
 * and src/lib/match/scoreboard.ts; the server's search (server/store/read/search.ts) matches what a
 * reader types against the same names, so "eliminatorias" finds what the pages call so.
 */

/** The provider's ids of the competitions the portal has pages of its own for (spec §9). */
export const LEAGUES = {
  ligaPro: 242,
  serieB: 243,
  libertadores: 13,
  sudamericana: 11,
  eliminatorias: 34,
  amistosos: 10,
} as const;

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

/** The portal's own page of a competition, else its tournament page. */
export function competitionPath(leagueId: number): string {
  switch (leagueId) {
    case LEAGUES.ligaPro:
      return '/serie-a';
    case LEAGUES.serieB:
      return '/serie-b';
    case LEAGUES.libertadores:
      return '/libertadores';
    case LEAGUES.sudamericana:
      return '/sudamericana';
    case LEAGUES.eliminatorias:
      return '/eliminatorias';
    default:
      return `/torneos/${leagueId}`;
  }
}
