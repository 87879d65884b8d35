/**
 * The match an article is about: the last match page its body links to. A report ends with "Ver
 * alineaciones, estadísticas y minuto a minuto" and a preview with "Sigue el partido en vivo", both
 * links to their own match; a preview links the clubs' last meeting before that, so the first link
 * can be another match. Null when the body links no match.
 */
export function articleMatchId(bodyHtml: string): number | null {
  let last: string | undefined;
  for (const link of bodyHtml.matchAll(/href="\/partidos\/(\d+)"/g)) last = link[1];
  return last === undefined ? null : Number(last);
}
