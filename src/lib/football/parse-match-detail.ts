import type { ApiFixtureEvent, ApiFixtureFull, ApiLineup, ApiLineupPlayer, ApiTeamFixtureStatistics } from '../../../contract/api-football.ts';
import { parseMatch } from './parse-match.ts';
import { asId, asList, asNumberOrNull, asString, parseListResponse, wire, type Parsed, type ParsedList } from './read.ts';
import { formatPercent } from '../format/numbers.ts';
import type { Lineup, LineupPlayer, Match, MatchDetail, MatchEvent, MatchEventKind, PersonRef, TeamMatchStatistics } from './types.ts';

/**
 * The detail of a fixture (`events`, `lineups`, `statistics` of `/fixtures?id=` and of the build's
 * bulk read) in the project's own types. Missing lists stay empty (the page shows 'Sin datos
 * disponibles'); nothing is filled in. A person without an id keeps its name and is shown unlinked.
 */

function personRef(value: unknown): PersonRef | null {
  const r = wire<ApiFixtureEvent['player']>(value);
  const name = asString(r.name).trim();
  const id = asId(r.id);
  if (!name) return null;
  return { id, name };
}

function eventKind(type: string, detail: string): MatchEventKind {
  const t = type.trim().toLowerCase();
  const d = detail.trim().toLowerCase();
  if (t === 'goal') {
    if (d.includes('own')) return 'own-goal';
    if (d.includes('missed')) return 'missed-penalty';
    if (d.includes('penalty')) return 'penalty-goal';
    return 'goal';
  }
  if (t === 'card') {
    if (d.includes('second')) return 'second-yellow';
    if (d.includes('red')) return 'red-card';
    if (d.includes('yellow')) return 'yellow-card';
    return 'other';
  }
  if (t === 'subst') return 'substitution';
  if (t === 'var') return 'var';
  return 'other';
}

export function parseMatchEvent(raw: unknown): MatchEvent {
  const r = wire<ApiFixtureEvent>(raw);
  const time = wire<ApiFixtureEvent['time']>(r.time);
  const team = wire<ApiFixtureEvent['team']>(r.team);
  const type = asString(r.type);
  const detail = asString(r.detail);
  return {
    minute: asNumberOrNull(time.elapsed),
    extra: asNumberOrNull(time.extra),
    teamId: asId(team.id),
    teamName: asString(team.name),
    player: personRef(r.player),
    assist: personRef(r.assist),
    kind: eventKind(type, detail),
    detail,
    comments: asString(r.comments),
  };
}

/** "2:4" → {row 2, col 4}; anything else is no grid. */
export function parseGrid(value: unknown): LineupPlayer['grid'] {
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(asString(value));
  if (!match) return null;
  const row = Number(match[1]);
  const col = Number(match[2]);
  return row > 0 && col > 0 ? { row, col } : null;
}

function lineupPlayer(raw: unknown): LineupPlayer | null {
  const entry = wire<ApiLineupPlayer>(raw);
  const p = wire<ApiLineupPlayer['player']>(entry.player ?? raw);
  const name = asString(p.name).trim();
  if (!name) return null;
  return { id: asId(p.id), name, number: asNumberOrNull(p.number), pos: asString(p.pos).trim().toUpperCase(), grid: parseGrid(p.grid) };
}

function players(value: unknown): LineupPlayer[] {
  return asList(value)
    .map(lineupPlayer)
    .filter((p): p is LineupPlayer => p !== null);
}

function teamRef(value: unknown): Lineup['team'] {
  const r = wire<ApiLineup['team']>(value);
  return { id: asId(r.id), name: asString(r.name).trim(), logo: asString(r.logo) };
}

export function parseLineup(raw: unknown): Lineup | null {
  const r = wire<ApiLineup>(raw);
  const startXI = players(r.startXI);
  const substitutes = players(r.substitutes);
  if (!startXI.length && !substitutes.length) return null;
  return { team: teamRef(r.team), formation: asString(r.formation).trim(), coach: personRef(r.coach), startXI, substitutes };
}

export function parseTeamMatchStatistics(raw: unknown): TeamMatchStatistics | null {
  const r = wire<ApiTeamFixtureStatistics>(raw);
  const values = asList(r.statistics)
    .map((item) => {
      const s = wire<ApiTeamFixtureStatistics['statistics'][number]>(item);
      const type = asString(s.type).trim();
      const value = typeof s.value === 'number' || typeof s.value === 'string' ? s.value : null;
      return type ? { type, value } : null;
    })
    .filter((v): v is TeamMatchStatistics['values'][number] => v !== null);
  return values.length ? { team: teamRef(r.team), values } : null;
}

/**
 * A fixture's events (after `before`, already read) in the order the page shows them. Provider order is by minute already; sorted
 * again (stable) so a late-arriving event lands in place. A pushed change's events go through here
 * too (src/lib/stores/live-match.ts), so they read exactly as a refetch would.
 */
export function parseMatchEvents(raw: unknown, before: readonly MatchEvent[] = []): MatchEvent[] {
  const events = [...before, ...asList(raw).map(parseMatchEvent)];
  return events.sort((a, b) => (a.minute ?? 0) - (b.minute ?? 0) || (a.extra ?? 0) - (b.extra ?? 0));
}

/** Reads the detail lists of one fixture item; null when the item carries none of them. */
export function parseMatchDetail(raw: unknown): MatchDetail | null {
  const r = wire<ApiFixtureFull>(raw);
  if (!Array.isArray(r.events) && !Array.isArray(r.lineups) && !Array.isArray(r.statistics)) return null;
  return {
    events: parseMatchEvents(r.events),
    lineups: asList(r.lineups)
      .map(parseLineup)
      .filter((l): l is Lineup => l !== null),
    statistics: asList(r.statistics)
      .map(parseTeamMatchStatistics)
      .filter((s): s is TeamMatchStatistics => s !== null),
  };
}

/**
 * A fixture with its detail lists attached (a fixture asked for by id, the build's bulk read). Kept
 * apart from parseMatch so the scoreboards' islands, which never show events, do not ship this parser.
 */
export function parseDetailedMatch(raw: unknown): Parsed<Match> {
  const parsed = parseMatch(raw);
  if (!parsed.ok) return parsed;
  const details = parseMatchDetail(raw);
  return details ? { ok: true, value: { ...parsed.value, details } } : parsed;
}

export function parseDetailedMatchList(body: unknown): ParsedList<Match> {
  return parseListResponse(body, parseDetailedMatch);
}

/** "90+3'" / "45'" / "" */
export function eventMinute(event: Pick<MatchEvent, 'minute' | 'extra'>): string {
  if (event.minute === null) return '';
  return event.extra && event.extra > 0 ? `${event.minute}+${event.extra}'` : `${event.minute}'`;
}

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

/** Spanish names of the provider's statistic types; others keep the provider's words. */
const STAT_LABELS: Readonly<Record<string, string>> = {
  'Shots on Goal': 'Tiros a puerta',
  'Shots off Goal': 'Tiros fuera',
  'Total Shots': 'Tiros totales',
  'Blocked Shots': 'Tiros bloqueados',
  'Shots insidebox': 'Tiros dentro del área',
  'Shots outsidebox': 'Tiros fuera del área',
  Fouls: 'Faltas',
  'Corner Kicks': 'Saques de esquina',
  Offsides: 'Fueras de juego',
  'Ball Possession': 'Posesión',
  'Yellow Cards': 'Tarjetas amarillas',
  'Red Cards': 'Tarjetas rojas',
  'Goalkeeper Saves': 'Atajadas',
  'Total passes': 'Pases totales',
  'Passes accurate': 'Pases precisos',
  'Passes %': 'Precisión de pases',
  expected_goals: 'Goles esperados (xG)',
  goals_prevented: 'Goles evitados',
};

export function statisticLabel(type: string): string {
  return STAT_LABELS[type] ?? type;
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
