/**
 * What Sin spoilers (issue 35, src/client/spoilers.ts) hides beyond scores, shared by the site's
 * components and the markup the server writes (markup/search.ts).
 */

/**
 * A match report: its title, summary, picture and body tell the result, so they hide until tapped. The API
 * says so (`matchReport`: written after the kick-off of the match it is about, whatever its section:
 * a cup's or the national team's reports are filed under `copas` and `seleccion`); an article in the
 * `cronica` section is one too.
 */
export function isMatchReport(item: { category?: string; matchReport?: boolean }): boolean {
  return item.matchReport === true || (item.category ?? '').trim().toLowerCase() === 'cronica';
}

/** What a hidden report's title says to a screen reader meanwhile: the blurred title tells a sighted reader no more. */
export const HIDDEN_REPORT_TITLE = 'Crónica de un partido, con el resultado oculto';
