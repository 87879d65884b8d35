import type { ApiStandingRecord, ApiStandingRow, ApiStandingsEntry } from '../../../contract/api-football.ts';
import { asId, asNumber, asString, readList, wire, type Parsed } from '../http/read.ts';
import { competitionName } from '../config.ts';
import type { LeagueStandings, StandingRecord, StandingRow, StandingsGroup } from './types.ts';

function parseRecord(value: unknown): StandingRecord {
  const r = wire<ApiStandingRecord>(value);
  const goals = wire<ApiStandingRecord['goals']>(r.goals);
  return {
    played: asNumber(r.played),
    win: asNumber(r.win),
    draw: asNumber(r.draw),
    lose: asNumber(r.lose),
    goalsFor: asNumber(goals.for),
    goalsAgainst: asNumber(goals.against),
  };
}

/** One table row; null without a team id, since a row nobody can identify is not shown. */
export function parseStandingRow(raw: unknown): StandingRow | null {
  const r = wire<ApiStandingRow>(raw);
  const team = wire<ApiStandingRow['team']>(r.team);
  const teamId = asId(team.id);
  if (teamId === null) return null;
  const all = parseRecord(r.all);
  return {
    rank: asNumber(r.rank),
    team: { id: teamId, name: asString(team.name).trim() || 'Unknown Team', logo: asString(team.logo) },
    points: asNumber(r.points),
    goalsDiff: asNumber(r.goalsDiff, all.goalsFor - all.goalsAgainst),
    group: asString(r.group),
    form: asString(r.form),
    status: asString(r.status),
    description: asString(r.description),
    all,
    home: parseRecord(r.home),
    away: parseRecord(r.away),
    update: asString(r.update),
  };
}

/** A group's name: the rows' `group` field, else its position ("Grupo 2"). */
function groupName(rows: StandingRow[], index: number): string {
  return rows.find((row) => row.group.trim())?.group.trim() ?? `Grupo ${index + 1}`;
}

function parseGroups(value: unknown): StandingsGroup[] {
  if (!Array.isArray(value)) return [];
  // Some answers nest groups (Row[][]), some give one flat table (Row[]).
  const nested = value.every((group) => Array.isArray(group)) ? (value as unknown[][]) : [value];
  const groups: StandingsGroup[] = [];
  nested.forEach((list, index) => {
    const rows = list.map(parseStandingRow).filter((row): row is StandingRow => row !== null);
    if (rows.length) groups.push({ name: groupName(rows, index), rows: rows.sort((a, b) => a.rank - b.rank) });
  });
  return groups;
}

/**
 * Parses a `/standings` response: `[{league: {…, standings: Row[][]}}]`. Several groups are the
 * rule, not the exception (Liga Pro: first stage plus final-phase groups).
 */
export function parseStandings(body: unknown): Parsed<LeagueStandings> {
  const list = readList(body);
  if (!list.ok) return list;
  const entry = list.value
    .map((item) => wire<ApiStandingsEntry['league']>(wire<ApiStandingsEntry>(item).league))
    .find((league) => Array.isArray(league.standings));
  if (!entry) return { ok: false, error: 'No standings in response' };
  const groups = parseGroups(entry.standings);
  if (!groups.length) return { ok: false, error: 'Standings have no rows' };
  return {
    ok: true,
    value: {
      league: {
        id: asId(entry.id) ?? 0,
        name: competitionName(asId(entry.id) ?? 0, asString(entry.name)),
        country: asString(entry.country),
        logo: asString(entry.logo),
        flag: asString(entry.flag),
        season: asNumber(entry.season),
      },
      groups,
    },
  };
}

function hasPlayedMatches(group: StandingsGroup): boolean {
  return group.rows.some((row) => row.all.played > 0);
}

/**
 * The group(s) the season is in now: the final-phase groups once any of them has a match played,
 * else the first stage. A single-table competition simply returns its table.
 */
export function currentStandingsGroups(standings: LeagueStandings): StandingsGroup[] {
  const [firstStage, ...finalPhase] = standings.groups;
  if (!firstStage) return [];
  if (finalPhase.length && finalPhase.some(hasPlayedMatches)) return finalPhase;
  return [firstStage];
}
