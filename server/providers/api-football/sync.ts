/**
 * Pulls the portal's competitions from API-Football into the store. Each competition is fetched in
 * full first and written in one transaction afterwards, so a failed call leaves that competition's
 * last good data in place; one competition failing does not stop the others.
 */
import { FINISHED_STATUSES, LIVE_STATUSES } from '../../../contract/status.ts';
import { getMeta, setMeta, transaction, type Db } from '../../store/db.ts';
import type { CompetitionDataset } from '../../store/dataset.ts';
import type { ApiFixtureFull, ApiTeamEntry, ApiTeamStatistics, ApiTransferEntry } from '../../store/provider-types.ts';
import { optimizeSearchIndexes, writeCompetition, writeGlobal } from '../../store/write.ts';
import type { ApiFootballClient } from './client.ts';
import {
  currentSeason,
  parseFixture,
  parseLeagueEntry,
  parseList,
  parsePlayerEntry,
  parseSquad,
  parseStandingsResponse,
  parseTeamEntry,
  parseTeamStatisticsResponse,
  parseTransferEntry,
  type SquadRecord,
  type Warnings,
} from './parse.ts';

export const LIGA_PRO = 242;
export const NATIONAL_TEAM = 2382;
export const FRIENDLIES = 10;
/** Liga Pro, Serie B, Libertadores, Sudamericana, CONMEBOL World Cup qualifiers. */
export const DEFAULT_LEAGUES: readonly number[] = [242, 243, 13, 11, 34];

const SHORT_NAMES: Record<number, string> = {
  242: 'Liga Pro',
  243: 'Serie B',
  13: 'Libertadores',
  11: 'Sudamericana',
  34: 'Eliminatorias',
  10: 'Amistosos',
};

/**
 * Competitions written earlier come first. The store keeps one club per player and the last
 * competition written wins, so national-team competitions go first and Liga Pro last: that way a
 * Liga Pro player keeps his club rather than the national team he was called up to.
 */
const WRITE_ORDER: readonly number[] = [34, 10, 13, 11, 243, 242];

/** Fixture states whose events, lineups and statistics exist: in play, finished or abandoned. */
const PLAYED_OR_LIVE = new Set<string>([...LIVE_STATUSES, ...FINISHED_STATUSES, 'ABD']);

/** The provider's limit on ids per GET /fixtures?ids= call. */
export const FIXTURE_IDS_PER_CALL = 20;

const MAX_WARNINGS_IN_REPORT = 20;

export interface CompetitionCounts {
  requests: number;
  teams: number;
  players: number;
  squads: number;
  fixtures: number;
  fixturesWithDetails: number;
  standingsGroups: number;
  standingsRows: number;
  teamStatistics: number;
  /** Items or sub-items the provider sent that could not be kept (see `warnings`). */
  dropped: number;
}

export interface SyncReport {
  /** League id, or 'transfers' for the Liga Pro transfers step. */
  competition: number | 'transfers';
  name: string;
  season: number | null;
  ok: boolean;
  error?: string;
  counts: Partial<CompetitionCounts> & { requests: number; transfers?: number };
  /** The first few things dropped or skipped, for the operator. */
  warnings: string[];
}

export interface CompetitionSyncOptions {
  league: number;
  /** Defaults to the season API-Football marks current for the league. */
  season?: number;
  /** Limit the competition to one team's matches (friendlies of the national team). */
  team?: number;
  shortName?: string;
}

export interface SyncAllOptions {
  season?: number;
  /** Defaults to DEFAULT_LEAGUES; 10 (friendlies) is always limited to the national team. */
  leagues?: readonly number[];
  /** Adds the national team's friendlies (league 10, team 2382) to the leagues. */
  includeFriendlies?: boolean;
  /** Transfers of Liga Pro teams; defaults to on when Liga Pro is among the leagues. */
  transfers?: boolean;
  /** For tests; defaults to the current time. */
  now?: () => Date;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function requireList<T>(result: { ok: true; value: T[] } | { ok: false; error: string }, request: string): T[] {
  if (!result.ok) throw new Error(`${request}: ${result.error}`);
  return result.value;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface FetchedCompetition {
  dataset: CompetitionDataset;
  counts: Omit<CompetitionCounts, 'requests'>;
  warnings: Warnings;
}

/** Each club's squad (`/players/squads`); a squad the provider cannot give is skipped with a warning. */
async function fetchSquads(client: ApiFootballClient, teams: ApiTeamEntry[], warnings: Warnings): Promise<SquadRecord[]> {
  const squads: SquadRecord[] = [];
  for (const { team } of teams) {
    // A national squad is a call-up list; stored as a squad it would move players off their clubs.
    if (team.national) continue;
    try {
      const envelope = await client.get('/players/squads', { team: team.id });
      const parsed = parseList(envelope.response, parseSquad, `squad of team ${team.id}`, warnings);
      if (!parsed.ok) throw new Error(parsed.error);
      squads.push(...parsed.value.filter((squad) => squad.teamId === team.id));
    } catch (error) {
      warnings.push(`squad of team ${team.id} skipped: ${errorMessage(error)}`);
    }
  }
  return squads;
}

/** Each team's season statistics (`/teams/statistics`); an answer about another team or season is dropped. */
async function fetchTeamStatistics(client: ApiFootballClient, teams: ApiTeamEntry[], scope: { league: number; season: number }, warnings: Warnings): Promise<ApiTeamStatistics[]> {
  const teamStatistics: ApiTeamStatistics[] = [];
  for (const { team } of teams) {
    const envelope = await client.get('/teams/statistics', { ...scope, team: team.id });
    const parsed = parseTeamStatisticsResponse(envelope.response);
    if (!parsed.ok) throw new Error(`GET /teams/statistics?team=${team.id}: ${parsed.error}`);
    const stats = parsed.value;
    if (stats === null) continue;
    if (stats.team.id !== team.id || stats.league.id !== scope.league || stats.league.season !== scope.season) {
      warnings.push(
        `statistics for team ${team.id} dropped: the provider answered for team ${stats.team.id}, league ${stats.league.id} season ${stats.league.season}`,
      );
      continue;
    }
    teamStatistics.push(stats);
  }
  return teamStatistics;
}

/**
 * Fetches everything one competition's season needs, without touching the store. Throws (with the
 * failing request in the message) when a required call fails; squads are optional and a team the
 * provider has no statistics for is skipped.
 */
export async function fetchCompetition(client: ApiFootballClient, options: CompetitionSyncOptions): Promise<FetchedCompetition> {
  const { league: leagueId, team: teamId } = options;
  const warnings: Warnings = [];

  const leagueEnvelope = await client.get('/leagues', { id: leagueId });
  const leagues = requireList(parseList(leagueEnvelope.response, parseLeagueEntry, 'league', warnings), `GET /leagues?id=${leagueId}`);
  const league = leagues.find((entry) => entry.league.id === leagueId);
  if (!league) throw new Error(`API-Football has no league ${leagueId} (GET /leagues?id=${leagueId} returned ${leagues.length} entries)`);
  const season = options.season ?? currentSeason(league);
  if (season === null) {
    throw new Error(`API-Football marks no season of league ${leagueId} as current; set SYNC_SEASON to choose one`);
  }
  const scope = { league: leagueId, season };

  const teamsQuery = teamId === undefined ? scope : { id: teamId };
  const teamsEnvelope = await client.get('/teams', teamsQuery);
  const teams = requireList(parseList(teamsEnvelope.response, parseTeamEntry, 'team', warnings), 'GET /teams');
  // An empty list would wipe the stored season; it means a wrong season or a plan restriction.
  if (teams.length === 0) throw new Error(`API-Football returned no teams for league ${leagueId} season ${season}`);

  const playerItems = await client.getAllPages('/players', { ...scope, team: teamId });
  const players = requireList(parseList(playerItems, parsePlayerEntry, 'player', warnings), 'GET /players');

  const squads = await fetchSquads(client, teams, warnings);

  const fixturesEnvelope = await client.get('/fixtures', { ...scope, team: teamId });
  const fixtureList = requireList(parseList(fixturesEnvelope.response, parseFixture, 'fixture', warnings), 'GET /fixtures');
  const belongs = (f: ApiFixtureFull) => f.league.id === leagueId && f.league.season === season;
  for (const f of fixtureList.filter((f) => !belongs(f))) {
    warnings.push(`fixture ${f.fixture.id} dropped: it belongs to league ${f.league.id} season ${f.league.season}`);
  }
  const fixtures = fixtureList.filter(belongs);

  const detailIds = fixtures.filter((f) => PLAYED_OR_LIVE.has(f.fixture.status.short)).map((f) => f.fixture.id);
  const detailed = new Map<number, ApiFixtureFull>();
  for (const ids of chunks(detailIds, FIXTURE_IDS_PER_CALL)) {
    const request = `GET /fixtures?ids=${ids.join('-')}`;
    const envelope = await client.get('/fixtures', { ids: ids.join('-') });
    for (const f of requireList(parseList(envelope.response, parseFixture, 'fixture', warnings), request)) {
      if (ids.includes(f.fixture.id)) detailed.set(f.fixture.id, f);
    }
  }
  const missingDetails = detailIds.filter((id) => !detailed.has(id));
  if (missingDetails.length > 0) warnings.push(`no events/lineups/statistics returned for fixtures ${missingDetails.join(', ')}`);
  const fullFixtures = fixtures.map((f) => detailed.get(f.fixture.id) ?? f);

  let standings: CompetitionDataset['standings'] = [];
  // Friendlies have no table.
  if (teamId === undefined) {
    const envelope = await client.get('/standings', scope);
    const parsed = parseStandingsResponse(envelope.response, warnings);
    if (!parsed.ok) throw new Error(`GET /standings: ${parsed.error}`);
    standings = parsed.value;
  }

  const teamStatistics = await fetchTeamStatistics(client, teams, scope, warnings);

  const dataset: CompetitionDataset = {
    league,
    shortName: options.shortName ?? SHORT_NAMES[leagueId] ?? league.league.name,
    season,
    teams,
    players,
    squads,
    fixtures: fullFixtures,
    standings,
    teamStatistics,
  };
  return {
    dataset,
    warnings,
    counts: {
      teams: teams.length,
      players: players.length,
      squads: squads.length,
      fixtures: fullFixtures.length,
      fixturesWithDetails: detailed.size,
      standingsGroups: standings.length,
      standingsRows: standings.reduce((sum, group) => sum + group.length, 0),
      teamStatistics: teamStatistics.length,
      dropped: warnings.length,
    },
  };
}

function markSuccess(db: Db, key: string, now: Date): void {
  transaction(db, () => {
    setMeta(db, 'source', 'api-football');
    setMeta(db, `sync.lastSuccess.${key}`, now.toISOString());
    setMeta(db, 'sync.lastSuccess', now.toISOString());
    // A new data version tells `npm start` that the prebuilt site is stale.
    setMeta(db, 'data.version', `api-football:${key}:${now.toISOString()}`);
  });
}

/**
 * Fetches one competition and, only if every required call succeeded, replaces its season in the
 * store in one transaction. Never throws: the outcome is in the report.
 */
export async function syncCompetition(
  db: Db,
  client: ApiFootballClient,
  options: CompetitionSyncOptions,
  now: () => Date = () => new Date(),
): Promise<SyncReport> {
  const requestsBefore = client.requestCount;
  const name = options.shortName ?? SHORT_NAMES[options.league] ?? `League ${options.league}`;
  try {
    const fetched = await fetchCompetition(client, options);
    writeCompetition(db, fetched.dataset);
    markSuccess(db, String(options.league), now());
    return {
      competition: options.league,
      name: fetched.dataset.shortName,
      season: fetched.dataset.season,
      ok: true,
      counts: { requests: client.requestCount - requestsBefore, ...fetched.counts },
      warnings: fetched.warnings.slice(0, MAX_WARNINGS_IN_REPORT),
    };
  } catch (error) {
    return {
      competition: options.league,
      name,
      season: options.season ?? null,
      ok: false,
      error: errorMessage(error),
      counts: { requests: client.requestCount - requestsBefore },
      warnings: [],
    };
  }
}

/** Two answers about the same player (from two clubs' lists) become one, without repeats. */
function mergeTransferEntries(a: ApiTransferEntry, b: ApiTransferEntry): ApiTransferEntry {
  const key = (t: ApiTransferEntry['transfers'][number]) => `${t.date}|${t.type}|${t.teams.in.id}|${t.teams.out.id}`;
  const byKey = new Map(a.transfers.map((t) => [key(t), t]));
  for (const t of b.transfers) if (!byKey.has(key(t))) byKey.set(key(t), t);
  return {
    player: a.player.name ? a.player : b.player,
    update: a.update >= b.update ? a.update : b.update,
    // Newest first, as the provider lists them.
    transfers: [...byKey.values()].sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : 0)),
  };
}

/** Liga Pro teams of `season`, or of the latest stored season when `season` is null. */
function storedLigaProTeams(db: Db, season: number | null): { season: number | null; teamIds: number[] } {
  const chosen =
    season ??
    ((db.prepare('SELECT MAX(season) AS season FROM season_teams WHERE league_id = ?').get(LIGA_PRO) as { season: number | null } | undefined)
      ?.season ?? null);
  if (chosen === null) return { season: null, teamIds: [] };
  const rows = db
    .prepare('SELECT team_id FROM season_teams WHERE league_id = ? AND season = ? ORDER BY team_id')
    .all(LIGA_PRO, chosen) as Array<{ team_id: number }>;
  return { season: chosen, teamIds: rows.map((r) => r.team_id) };
}

/**
 * Transfers of every Liga Pro team (GET /transfers?team=), merged per player. The store replaces
 * all transfers at once, so any failed call leaves the stored transfers as they were.
 */
export async function syncTransfers(
  db: Db,
  client: ApiFootballClient,
  ligaProSeason: number | null,
  now: () => Date = () => new Date(),
): Promise<SyncReport> {
  const requestsBefore = client.requestCount;
  const { season, teamIds } = storedLigaProTeams(db, ligaProSeason);
  const report = (fields: Pick<SyncReport, 'ok' | 'error' | 'warnings'> & { transfers?: number }): SyncReport => ({
    competition: 'transfers',
    name: 'Fichajes (Liga Pro)',
    season,
    ok: fields.ok,
    ...(fields.error ? { error: fields.error } : {}),
    counts: { requests: client.requestCount - requestsBefore, ...(fields.transfers !== undefined ? { transfers: fields.transfers } : {}) },
    warnings: fields.warnings.slice(0, MAX_WARNINGS_IN_REPORT),
  });
  if (teamIds.length === 0) {
    return report({ ok: false, error: 'no Liga Pro teams in the store yet: sync league 242 first', warnings: [] });
  }
  const warnings: Warnings = [];
  try {
    const byPlayer = new Map<number, ApiTransferEntry>();
    for (const teamId of teamIds) {
      const envelope = await client.get('/transfers', { team: teamId });
      const entries = requireList(parseList(envelope.response, parseTransferEntry, 'transfer entry', warnings), `GET /transfers?team=${teamId}`);
      for (const entry of entries) {
        const known = byPlayer.get(entry.player.id);
        byPlayer.set(entry.player.id, known ? mergeTransferEntries(known, entry) : entry);
      }
    }
    const transfers = [...byPlayer.values()];
    writeGlobal(db, { extraPlayers: [], extraTeams: [], transfers, articles: [] }, { replaceArticles: false });
    markSuccess(db, 'transfers', now());
    return report({ ok: true, transfers: transfers.length, warnings });
  } catch (error) {
    return report({ ok: false, error: errorMessage(error), warnings: [] });
  }
}

/**
 * Syncs every competition (national-team ones first, Liga Pro last; see WRITE_ORDER), then Liga
 * Pro's transfers. Returns one report per step; a failure in one does not stop the rest.
 */
export async function syncAll(db: Db, client: ApiFootballClient, options: SyncAllOptions = {}): Promise<SyncReport[]> {
  const now = options.now ?? (() => new Date());
  const requested = new Set(options.leagues ?? DEFAULT_LEAGUES);
  if (options.includeFriendlies) requested.add(FRIENDLIES);
  const rank = (league: number) => {
    const index = WRITE_ORDER.indexOf(league);
    // Competitions outside the portal's list go before the ones it cares most about.
    return index === -1 ? -1 : index;
  };
  const leagues = [...requested].sort((a, b) => rank(a) - rank(b));

  const reports: SyncReport[] = [];
  for (const league of leagues) {
    const team = league === FRIENDLIES ? NATIONAL_TEAM : undefined;
    reports.push(await syncCompetition(db, client, { league, season: options.season, team }, now));
  }

  if (options.transfers ?? requested.has(LIGA_PRO)) {
    const ligaPro = reports.find((r) => r.competition === LIGA_PRO && r.ok);
    reports.push(await syncTransfers(db, client, ligaPro?.season ?? null, now));
  }
  if (reports.some((r) => r.ok)) optimizeSearchIndexes(db);
  return reports;
}

/** When the store last received data from API-Football for `key` (a league id or 'transfers'). */
export function lastSuccess(db: Db, key: number | 'transfers'): string | undefined {
  return getMeta(db, `sync.lastSuccess.${key}`);
}
