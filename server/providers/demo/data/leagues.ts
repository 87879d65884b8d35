/**
 * Every league the demo names: its own six competitions (data/competitions.ts) and the leagues of
 * the clubs of Ecuadorians abroad, by API-Football id, with the letters and colours of the logo the
 * media renderer draws for it ([background, foreground]).
 */
export const LEAGUES: Record<number, { label: string; name: string; colors: [string, string] }> = {
  242: { label: 'LP', name: 'Liga Pro', colors: ['#0a2a66', '#ffd100'] },
  243: { label: 'B', name: 'Liga Pro Serie B', colors: ['#1c57a5', '#ffffff'] },
  13: { label: 'CL', name: 'CONMEBOL Libertadores', colors: ['#1b1b1b', '#d4af37'] },
  11: { label: 'CS', name: 'CONMEBOL Sudamericana', colors: ['#0b2e59', '#f7d117'] },
  // The crest's letters are the readers' name's (Eliminatorias), not the provider's English 'World Cup'.
  34: { label: 'EL', name: 'World Cup - Qualification South America', colors: ['#6a2c91', '#ffffff'] },
  10: { label: 'AM', name: 'Friendlies', colors: ['#00843d', '#ffffff'] },
  39: { label: 'PL', name: 'Premier League', colors: ['#3d195b', '#ffffff'] },
  78: { label: 'BL', name: 'Bundesliga', colors: ['#d20515', '#ffffff'] },
  88: { label: 'ED', name: 'Eredivisie', colors: ['#f36c21', '#ffffff'] },
  140: { label: 'LL', name: 'La Liga', colors: ['#ee3524', '#ffffff'] },
  135: { label: 'SA', name: 'Serie A', colors: ['#0a4595', '#ffffff'] },
  262: { label: 'MX', name: 'Liga MX', colors: ['#1b1b1b', '#c8a44d'] },
  253: { label: 'MLS', name: 'Major League Soccer', colors: ['#001f5b', '#ffffff'] },
};

/** The league of the abroad clubs of each country (data/foreign.ts), for their players' entries. */
export const ABROAD_LEAGUE_OF: Record<string, number> = {
  England: 39, Germany: 78, Netherlands: 88, Spain: 140, Italy: 135, Mexico: 262, USA: 253,
};
