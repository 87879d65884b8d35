import { competitionName } from '../config.ts';
import type { StandingRow, StandingsGroup } from './types.ts';

/** What a full table shows of a row: an island's props carry only this much (every byte is in the HTML). */
export type TableRow = Pick<StandingRow, 'rank' | 'team' | 'points' | 'goalsDiff' | 'form' | 'description' | 'all'>;
export interface TableGroup {
  name: string;
  rows: TableRow[];
}

/** A standings group cut down to what a table shows. */
export function toTableGroup(group: StandingsGroup): TableGroup {
  return {
    name: group.name,
    rows: group.rows.map(({ rank, team, points, goalsDiff, form, description, all }) => ({ rank, team, points, goalsDiff, form, description, all })),
  };
}

/**
 * A refresh's standings as a live page shows them: cut down to tables, without the ones it shows
 * as settled, in the page's order (the phase being played first); tables new since the build after.
 */
export function shownTables(fresh: readonly StandingsGroup[], shownOrder: readonly string[], settled: readonly string[] = []): TableGroup[] {
  const rank = (group: StandingsGroup) => {
    const index = shownOrder.indexOf(group.name);
    return index === -1 ? shownOrder.length : index;
  };
  return fresh
    .filter((group) => !settled.includes(group.name))
    .sort((a, b) => rank(a) - rank(b))
    .map(toTableGroup);
}

/**
 * Helpers for full league tables: the form guide, the zones (title, continental places, next
 * phase, promotion, relegation) read from each row's qualification note, and Spanish group names.
 */

export type FormLetter = 'W' | 'D' | 'L';

export interface FormResult {
  letter: FormLetter;
  /** What a screen reader hears and a tooltip shows. */
  label: 'Victoria' | 'Empate' | 'Derrota';
  /** The letter a Spanish reader expects on the badge. */
  short: 'G' | 'E' | 'P';
}

const FORM: Record<FormLetter, Omit<FormResult, 'letter'>> = {
  W: { label: 'Victoria', short: 'G' },
  D: { label: 'Empate', short: 'E' },
  L: { label: 'Derrota', short: 'P' },
};

/**
 * The last five results, oldest first so the latest sits on the right. The provider (and the demo
 * season, server/providers/demo/derive.ts) sends the form newest first ("WDLLW": W is the latest).
 * Characters other than W/D/L are skipped, never guessed.
 */
export function formResults(form: string, limit = 5): FormResult[] {
  const letters = [...form.toUpperCase()].filter((c): c is FormLetter => c === 'W' || c === 'D' || c === 'L');
  return letters
    .slice(0, limit)
    .reverse()
    .map((letter) => ({ letter, ...FORM[letter] }));
}

/**
 * A form badge's classes by result: a shape and a colour each, so a result reads without colour. The
 * tables' markup (FormGuide) and the live script that redraws them (src/client/live-tables.ts) use these.
 */
const FORM_BADGE = 'mr-0.5 inline-flex size-5 items-center justify-center align-middle text-[11px] leading-none font-bold';
export const FORM_STYLE: Record<FormLetter, string> = {
  W: `${FORM_BADGE} rounded-full bg-green-700 text-white`,
  D: `${FORM_BADGE} rounded-sm bg-slate-500 text-white`,
  L: `${FORM_BADGE} rounded-none bg-red-700 text-white`,
};

/**
 * A result badge's fill outside the tables (a club's form on a match page, a season's statistics).
 * A draw's is the tables' slate: surface-2 vanished on a card and on the club's own row.
 */
export const RESULT_FILL: Record<FormLetter, string> = { W: 'bg-success text-on-brand', D: 'bg-slate-500 text-white', L: 'bg-danger text-on-brand' };

/** What a table row's qualification note means, so each kind keeps one colour across pages. */
export type ZoneKind = 'title' | 'libertadores' | 'sudamericana' | 'next' | 'promotion' | 'playoff' | 'relegation' | 'other';

/** Reads a row's description ("Campeón - Copa Libertadores", "Descenso - Serie B" …) as a zone kind. */
export function zoneKind(description: string): ZoneKind | null {
  const text = description.trim().toLowerCase();
  if (!text) return null;
  if (/descenso|relegation/.test(text)) return 'relegation';
  if (/campe[oó]n|champion|ganador/.test(text)) return 'title';
  // "Promotion - Copa Libertadores" (API-Football's wording) is a continental place, not a promotion.
  if (/libertadores/.test(text)) return 'libertadores';
  if (/sudamericana/.test(text)) return 'sudamericana';
  if (/ascenso|promotion/.test(text)) return 'promotion';
  if (/repechaje|play-?off/.test(text)) return 'playoff';
  if (/hexagonal final|octavos|cuartos|semifinal|clasificad|mundial|final|qualif/.test(text)) return 'next';
  return 'other';
}

export interface Zone {
  description: string;
  kind: ZoneKind;
  /** Ranks of the rows in this zone, in order. */
  ranks: number[];
}

/** Spanish reading of a provider note when it comes in English; Spanish notes stay as they are. */
export function zoneLabel(description: string): string {
  const text = description.trim();
  const known: ReadonlyArray<[RegExp, string]> = [
    [/^promotion\s*-\s*(.+?)\s*\((?:group stage|grupos)\)$/i, '$1 (fase de grupos)'],
    [/^promotion\s*-\s*(.+)$/i, '$1'],
    [/^relegation\s*-\s*(.+)$/i, 'Descenso - $1'],
    [/^relegation$/i, 'Descenso'],
  ];
  for (const [pattern, label] of known) if (pattern.test(text)) return text.replace(pattern, label);
  return text;
}

/** The zones of one table, in the order they first appear going down it (the legend's order). */
export function groupZones(group: TableGroup): Zone[] {
  const zones = new Map<string, Zone>();
  for (const row of [...group.rows].sort((a, b) => a.rank - b.rank)) {
    const kind = zoneKind(row.description);
    if (!kind) continue;
    const key = row.description.trim();
    const zone = zones.get(key);
    if (zone) zone.ranks.push(row.rank);
    else zones.set(key, { description: zoneLabel(key), kind, ranks: [row.rank] });
  }
  return [...zones.values()];
}

/** The zone kind of a row (for its colour), or null outside every zone. */
export function rowZone(row: Pick<StandingRow, 'description'>): ZoneKind | null {
  return zoneKind(row.description);
}

/**
 * A group's name for readers: "Group A" → "Grupo A"; a competition-wide table named like the
 * competition in English ("World Cup - Qualification South America") takes the portal's name.
 */
export function groupLabel(name: string, leagueId?: number): string {
  const trimmed = name.trim();
  const group = /^group\s+([a-z0-9]+)$/i.exec(trimmed);
  if (group) return `Grupo ${group[1]!.toUpperCase()}`;
  if (/^(regular season|league)$/i.test(trimmed)) return 'Tabla general';
  if (/^(overall|total|aggregate)$/i.test(trimmed)) return 'Tabla acumulada';
  if (leagueId !== undefined && /qualification|world cup/i.test(trimmed)) return competitionName(leagueId, trimmed);
  return trimmed;
}

/**
 * A club's place in a table for its page: the `radius` rows above and below its own (more below at
 * the top, more above at the bottom, so the window keeps its size), after the leader when the
 * window does not start at the top. Without the leader a reader saw "4th" and not how far the top is.
 */
export function tableWindow<T>(rows: readonly T[], index: number, radius = 2): T[] {
  if (index < 0 || index >= rows.length) return [];
  const size = 2 * radius + 1;
  const start = Math.max(0, Math.min(index - radius, rows.length - size));
  const window = rows.slice(start, start + size);
  return start > 0 ? [rows[0]!, ...window] : window;
}
