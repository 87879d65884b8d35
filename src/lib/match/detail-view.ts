import { statisticLabel } from '../../../contract/statistics.ts';
import { formatPercent } from '../format/numbers.ts';
import type { LineupPlayer, TeamMatchStatistics } from './types.ts';

/**
 * How a match's line-ups and statistics are drawn: the pitch from the line-up's grid, the two
 * teams' statistics side by side with their Spanish names. Apart from the parsers
 * (parse-match-detail.ts), which every live island's chunk carries: only the match page's sections
 * (and the live code they load on demand) need these.
 */

export interface PitchRow {
  row: number;
  players: LineupPlayer[];
}

/**
 * The starting XI as rows of the pitch (goalkeeper first), each ordered by column, or null when
 * the grid cannot be drawn (a player without a grid, or two on the same spot): the page then
 * shows a plain list instead of a wrong picture.
 */
export function pitchRows(startXI: readonly LineupPlayer[]): PitchRow[] | null {
  if (!startXI.length) return null;
  const seen = new Set<string>();
  const rows = new Map<number, LineupPlayer[]>();
  for (const player of startXI) {
    if (!player.grid) return null;
    const key = `${player.grid.row}:${player.grid.col}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const list = rows.get(player.grid.row) ?? [];
    list.push(player);
    rows.set(player.grid.row, list);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => ({ row, players: [...list].sort((a, b) => (a.grid?.col ?? 0) - (b.grid?.col ?? 0)) }));
}

export interface StatisticComparison {
  type: string;
  label: string;
  home: string;
  away: string;
  /** Share of the home side, 0–1, for the bar; null when the values are not comparable numbers. */
  homeShare: number | null;
}

function numeric(value: number | string | null): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = Number.parseFloat(value.replace('%', ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Home vs away per statistic type, in the provider's order. A type missing on one side shows '–'
 * there; null (the provider's "none") counts as 0 for the bar and shows as 0.
 */
export function compareStatistics(home: TeamMatchStatistics | undefined, away: TeamMatchStatistics | undefined): StatisticComparison[] {
  if (!home && !away) return [];
  const types: string[] = [];
  for (const list of [home?.values ?? [], away?.values ?? []]) for (const v of list) if (!types.includes(v.type)) types.push(v.type);
  const read = (side: TeamMatchStatistics | undefined, type: string) => side?.values.find((v) => v.type === type);
  return types.map((type) => {
    const h = read(home, type);
    const a = read(away, type);
    const hn = h ? (numeric(h.value) ?? 0) : null;
    const an = a ? (numeric(a.value) ?? 0) : null;
    // A share is written the one way the site writes shares ("79%", formatPercent), whatever the provider sent.
    const text = (entry: typeof h) => (entry === undefined ? '–' : entry.value === null ? '0' : typeof entry.value === 'string' && entry.value.includes('%') ? formatPercent(entry.value) || entry.value : String(entry.value));
    const total = (hn ?? 0) + (an ?? 0);
    return { type, label: statisticLabel(type), home: text(h), away: text(a), homeShare: hn !== null && an !== null && total > 0 ? hn / total : null };
  });
}
