import type { RequestOptions } from '../http/client.ts';
import { getLeagueTransfers, getSquads, getTeam, getTeamStatisticsList, getPlayersAbroadEntries } from '../team/api.ts';
import { asId, asRecord } from '../http/read.ts';
import { LEAGUES } from '../config.ts';
import type { Squad, TeamSeasonStatistics } from '../team/types.ts';
import { tableWindow } from '../competition/standings.ts';
import { groupTransfersByTeam, sortNewestFirst, type TeamTransfers, type TransferMove } from '../team/transfers.ts';
import type { Match } from '../match/types.ts';
import type { StandingRow, StandingsGroup, Tournament } from '../competition/types.ts';
import type { Team } from '../team/types.ts';
import { foldText } from '../news/related.ts';
import type { NewsItem } from '../news/types.ts';
import { loadCompetitionView, loadLeagueTeams } from './competition-pages.ts';
import type { LiveTablesData } from '../competition/league-tables.ts';
import { positionHistory, type PositionHistory } from '../team/position-chart.ts';
import { loadAllFixtures, loadTournamentsRequired } from './competitions.ts';
import { BuildDataError, memo, optional } from './memo.ts';


/**
 * Build-time reads of the clubs: one request per competition for each kind of data (teams,
 * squads, season statistics, transfers), indexed by team id once; a team page is then a handful
 * of Map look-ups. The news of every club come from one paged read of all articles.
 */

/** The portal's competitions in the order clubs are listed: Liga Pro, Serie B, the cups, the national teams. */
const LEAGUE_ORDER: readonly number[] = [LEAGUES.ligaPro, LEAGUES.serieB, LEAGUES.libertadores, LEAGUES.sudamericana, LEAGUES.eliminatorias, LEAGUES.amistosos];

export function orderedTournaments(tournaments: readonly Tournament[]): Tournament[] {
  const rank = (id: number) => (LEAGUE_ORDER.includes(id) ? LEAGUE_ORDER.indexOf(id) : LEAGUE_ORDER.length);
  return [...tournaments].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name, 'es'));
}

export interface CompetitionTeams {
  tournament: Tournament;
  teams: Team[];
}

/** Every club of every competition (`/teams?league=` once per competition); a failure stops the build. */
export function loadTeamsByCompetition(options?: RequestOptions): Promise<CompetitionTeams[]> {
  return memo('teams:by-competition', async () => {
    const tournaments = orderedTournaments(await loadTournamentsRequired(options));
    return Promise.all(
      tournaments.map(async (tournament) => {
        // Shares the competition pages' read (one /teams request per competition and build).
        const teams = await loadLeagueTeams(tournament.id);
        if (!teams) throw new BuildDataError(`teams of league ${tournament.id}`, 'unavailable');
        return { tournament, teams: [...teams].sort((a, b) => a.name.localeCompare(b.name, 'es')) };
      }),
    );
  });
}

/** The raw `/players/abroad` entries, read once per build (players and their foreign clubs). */
export function loadAbroadEntries(options?: RequestOptions): Promise<unknown[] | null> {
  return memo('players:abroad:raw', () => optional('players abroad', getPlayersAbroadEntries(options)));
}

/**
 * Every club by id; a club in several competitions belongs to the first of them (Liga Pro before
 * the cups). The foreign clubs of Ecuadorians abroad get pages too (news link to them): one
 * `/teams?id=` each, a number that grows with those clubs, not with the pages.
 */
export function loadTeams(options?: RequestOptions): Promise<Map<number, Team>> {
  return memo('teams:by-id', async () => {
    const byId = new Map<number, Team>();
    for (const { teams } of await loadTeamsByCompetition(options)) for (const team of teams) if (!byId.has(team.id)) byId.set(team.id, team);
    const abroad = (await loadAbroadEntries(options)) ?? [];
    const foreign = new Set<number>();
    for (const entry of abroad) {
      const id = asId(asRecord(asRecord(entry).team).id);
      if (id !== null && !byId.has(id)) foreign.add(id);
    }
    const found = await Promise.all([...foreign].map((id) => optional(`team ${id}`, getTeam(id, options))));
    for (const team of found) if (team) byId.set(team.id, team);
    return byId;
  });
}

/** The competitions each club plays in, in the portal's order. */
export function loadTeamCompetitions(options?: RequestOptions): Promise<Map<number, Tournament[]>> {
  return memo('teams:competitions', async () => {
    const byTeam = new Map<number, Tournament[]>();
    for (const { tournament, teams } of await loadTeamsByCompetition(options)) {
      for (const team of teams) byTeam.set(team.id, [...(byTeam.get(team.id) ?? []), tournament]);
    }
    return byTeam;
  });
}

/** Squads by club (first competition that lists the club); a competition whose squads fail is logged and left out. */
export function loadSquads(options?: RequestOptions): Promise<Map<number, Squad>> {
  return memo('squads', async () => {
    const tournaments = orderedTournaments(await loadTournamentsRequired(options));
    const lists = await Promise.all(tournaments.map((t) => optional(`squads of league ${t.id}`, getSquads(t.id, undefined, options))));
    const byTeam = new Map<number, Squad>();
    for (const list of lists) for (const squad of list ?? []) if (!byTeam.has(squad.team.id) && squad.players.length) byTeam.set(squad.team.id, squad);
    return byTeam;
  });
}

/** Season statistics by club, one entry per competition it plays, in the portal's order. */
export function loadTeamStatistics(options?: RequestOptions): Promise<Map<number, TeamSeasonStatistics[]>> {
  return memo('team-statistics', async () => {
    const tournaments = orderedTournaments(await loadTournamentsRequired(options));
    const lists = await Promise.all(tournaments.map((t) => optional(`team statistics of league ${t.id}`, getTeamStatisticsList(t.id, undefined, options))));
    const byTeam = new Map<number, TeamSeasonStatistics[]>();
    for (const list of lists) for (const stats of list ?? []) byTeam.set(stats.teamId, [...(byTeam.get(stats.teamId) ?? []), stats]);
    return byTeam;
  });
}

/** Every move of every player in the competitions' squads, newest first, without duplicates; null when none could be read. */
export function loadTransfers(options?: RequestOptions): Promise<TransferMove[] | null> {
  return memo('transfers', async () => {
    const tournaments = await loadTournamentsRequired(options);
    const lists = await Promise.all(tournaments.map((t) => optional(`transfers of league ${t.id}`, getLeagueTransfers(t.id, undefined, options))));
    if (lists.every((l) => l === null)) return null;
    const seen = new Set<string>();
    const moves: TransferMove[] = [];
    for (const move of lists.flatMap((l) => l ?? [])) {
      const key = `${move.player.id ?? move.player.name}|${move.date}|${move.from?.id}|${move.to?.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      moves.push(move);
    }
    return sortNewestFirst(moves);
  });
}

/** Transfers grouped by the portal's clubs (highs = arriving, lows = leaving), newest activity first. */
export function loadTransfersByTeam(options?: RequestOptions): Promise<TeamTransfers[] | null> {
  return memo('transfers:by-team', async () => {
    const moves = await loadTransfers(options);
    if (!moves) return null;
    return groupTransfersByTeam(moves, new Set((await loadTeams(options)).keys()));
  });
}

/** Every fixture of a club (all competitions), kickoff order. */
export function loadMatchesByTeam(options?: RequestOptions): Promise<Map<number, Match[]>> {
  return memo('fixtures:by-team', async () => {
    const byTeam = new Map<number, Match[]>();
    for (const match of await loadAllFixtures(options)) {
      for (const id of [match.home.id, match.away.id]) if (id > 0) byTeam.set(id, [...(byTeam.get(id) ?? []), match]);
    }
    return byTeam;
  });
}

/** News naming the club in their keywords (exact name), newest first. */
export function newsAboutTeam(news: readonly NewsItem[], team: Pick<Team, 'name'>, limit = 6): NewsItem[] {
  const name = foldText(team.name);
  return news.filter((item) => item.keywords.some((k) => foldText(k) === name)).slice(0, limit);
}

export interface StandingContext {
  competition: { id: number; name: string };
  group: StandingsGroup;
  row: StandingRow;
  /** The leader, then the rows around the club's (up to `radius` above and below), in table order (standings.ts `tableWindow`). */
  around: StandingRow[];
  /** "Provisional: si terminara ahora" while a match of the group is played (the same table as every page's). */
  note: string | undefined;
  /** What the page's live script needs to keep the table so (null when no match of today can still move it). */
  liveTables: LiveTablesData | null;
}

/** The club's row in its league's current table and the rows around it; null when it has none. */
/** Memoised per club: its page's key (getStaticPaths) and the page itself read the same one. */
export function loadStandingContext(team: Team, radius = 2, options?: RequestOptions): Promise<StandingContext | null> {
  return memo(`team:standing:${team.id}:${radius}`, () => standingContext(team, radius, options));
}

async function standingContext(team: Team, radius: number, options?: RequestOptions): Promise<StandingContext | null> {
  for (const tournament of (await loadTeamCompetitions(options)).get(team.id) ?? []) {
    // The competition's view: its tables as every page of the build shows them (provisional while a match is played).
    const view = await loadCompetitionView(tournament.id);
    const standings = view?.standings;
    if (!standings) continue;
    // The latest phase the club is in: final-phase groups come after the first stage.
    for (const group of [...standings.groups].reverse()) {
      const index = group.rows.findIndex((r) => r.team.id === team.id);
      if (index === -1) continue;
      return {
        competition: { id: tournament.id, name: tournament.name },
        group,
        row: group.rows[index],
        around: tableWindow(group.rows, index, radius),
        note: view.tableNotes[group.name],
        liveTables: view.liveTables,
      };
    }
  }
  return null;
}

/**
 * The club's place round by round in the first stage of its first league with a table (issue 35):
 * the table's first group with the club, over the phase whose finished matches are that group's
 * (a league's regular season, not the final phase its clubs play again). Null when there is none.
 */
/** Memoised per club, as loadStandingContext. */
export function loadPositionHistory(team: Team, options?: RequestOptions): Promise<(PositionHistory & { competition: string; stage: string }) | null> {
  return memo(`team:positions:${team.id}`, () => positionHistoryOf(team, options));
}

async function positionHistoryOf(team: Team, options?: RequestOptions): Promise<(PositionHistory & { competition: string; stage: string }) | null> {
  for (const tournament of (await loadTeamCompetitions(options)).get(team.id) ?? []) {
    const view = await loadCompetitionView(tournament.id);
    const group = view?.standings?.groups[0];
    if (!view || !group?.rows.some((r) => r.team.id === team.id)) continue;
    const clubs = new Set(group.rows.map((r) => r.team.id));
    const within = (phase: (typeof view.phases)[number]) =>
      phase.rounds.reduce((n, round) => n + round.matches.filter((m) => m.kind === 'Result' && clubs.has(m.home.id) && clubs.has(m.away.id)).length, 0);
    const phase = [...view.phases].sort((a, b) => within(b) - within(a))[0];
    const history = phase ? positionHistory(group, phase, team.id) : null;
    if (history) return { ...history, competition: tournament.name, stage: group.name };
  }
  return null;
}
