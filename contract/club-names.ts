/**
 * The names Ecuadorian fans use for clubs, keyed by API-Football team id: `short` where the official
 * name does not fit a phone's row (never half a word, never a three-letter code fans do not say),
 * and `aliases` a reader may type into the search box ("liga de quito" finds LDU de Quito).
 * Shared by the site (labels) and the server (search), so both speak of a club the same way.
 * A club not listed here is short enough as it is, or is shortened by the site at word boundaries.
 */
export interface ClubFanNames {
  /** Only where it is shorter than the official name: "LDU de Quito" is what fans read, not "Liga de Quito". */
  short?: string;
  aliases: readonly string[];
}

export const CLUB_FAN_NAMES: Readonly<Record<number, ClubFanNames>> = {
  1158: { aliases: ['Liga de Quito', 'Liga', 'LDU', 'LDU Quito', 'Liga Deportiva Universitaria'] },
  1153: { short: 'IDV', aliases: ['IDV', 'Independiente', 'Rayados del Valle'] },
  1157: { short: 'Católica', aliases: ['Católica', 'U. Católica', 'Universidad Católica del Ecuador'] },
  1151: { short: 'Técnico', aliases: ['Técnico', 'Técnico U.', 'Rodillo Rojo'] },
  25737: { short: 'Vinotinto', aliases: ['Vinotinto', 'Vinotinto FC'] },
  1152: { short: 'Barcelona', aliases: ['Barcelona', 'BSC', 'Ídolo del Astillero'] },
  1154: { short: 'Cuenca', aliases: ['Cuenca', 'Deportivo Cuenca', 'Expreso Austral'] },
  1150: { short: 'El Nacional', aliases: ['Nacional', 'Puros Criollos'] },
  1148: { short: 'Emelec', aliases: ['Bombillo', 'Club Sport Emelec'] },
  1162: { short: 'Mushuc Runa', aliases: ['Ponchito'] },
  2238: { short: 'IDV Juniors', aliases: ['Independiente Juniors', 'IDV Juniors'] },
  1988: { aliases: ['Liga de Portoviejo', 'LDU Portoviejo'] },
  1159: { short: 'Guayaquil City', aliases: ['City', 'Guayaquil City FC'] },
  2382: { short: 'Ecuador', aliases: ['La Tri', 'Selección', 'Selección de Ecuador'] },
};

/** The name fans use for a club where its full name does not fit; the full name otherwise. */
export function clubShortName(teamId: number, fullName: string): string {
  const short = CLUB_FAN_NAMES[teamId]?.short;
  // A "short" name longer than the club's own would only give one club two names on one page.
  return short !== undefined && short.length < fullName.length ? short : fullName;
}
