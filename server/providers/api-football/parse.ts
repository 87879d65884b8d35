/**
 * Validating parsers for API-Football v3 responses. They turn what the provider sent into the
 * provider-shaped store types (server/store/provider-types.ts): nulls are normalised, items that
 * lack an id are dropped (and reported through `warnings`), and nothing is ever made up. A parser
 * returns `{ ok: false, error }` instead of throwing, whatever the input.
 */
import type {
  ApiEnvelope,
  ApiFixtureEvent,
  ApiFixtureFull,
  ApiLeagueEntry,
  ApiLineup,
  ApiLineupPlayer,
  ApiPlayer,
  ApiPlayerEntry,
  ApiPlayerStatistics,
  ApiStandingRecord,
  ApiStandingRow,
  ApiTeam,
  ApiTeamEntry,
  ApiTeamFixtureStatistics,
  ApiTeamStatistics,
  ApiTransfer,
  ApiTransferEntry,
  ApiVenue,
} from '../../store/provider-types.ts';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Messages about things dropped inside items that were otherwise kept. */
export type Warnings = string[];

export interface SquadRecord {
  teamId: number;
  players: Array<{ id: number; number: number | null; position: string | null }>;
}

type JsonObject = Record<string, unknown>;

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested objects the provider sometimes sends as null: read them as empty so fields come out null. */
function objectOrEmpty(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Some counters (e.g. passes accuracy in fixture player stats) arrive as numeric strings.
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function integerOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

function idOrNull(value: unknown): number | null {
  const n = integerOrNull(value);
  return n !== null && n > 0 ? n : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** For fields typed `string` that carry no meaning when absent (logos, labels): absent becomes ''. */
function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function booleanOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * Parses every item of a list, keeping the valid ones. Each dropped item adds a warning naming
 * `what` and its position, so an operator can see what the provider sent that could not be kept.
 */
export function parseList<T>(
  items: unknown,
  parseItem: (raw: unknown, warnings: Warnings) => ParseResult<T>,
  what: string,
  warnings: Warnings,
): ParseResult<T[]> {
  if (!Array.isArray(items)) return fail(`${what}: expected a list, got ${describe(items)}`);
  const kept: T[] = [];
  items.forEach((raw, index) => {
    const result = parseItem(raw, warnings);
    if (result.ok) kept.push(result.value);
    else warnings.push(`${what} #${index + 1} dropped: ${result.error}`);
  });
  return ok(kept);
}

/** Like `parseList`, for nested lists where a missing list simply means "none sent". */
function nestedList<T>(
  items: unknown,
  parseItem: (raw: unknown, warnings: Warnings) => ParseResult<T>,
  what: string,
  warnings: Warnings,
): T[] {
  if (items === undefined || items === null) return [];
  const result = parseList(items, parseItem, what, warnings);
  if (result.ok) return result.value;
  warnings.push(result.error);
  return [];
}

// ---------------------------------------------------------------- envelope

export interface ProviderMessage {
  key: string;
  message: string;
}

/**
 * The provider's `errors` field as a list of messages. It is an empty list when all is well and an
 * object (`{ token: '…' }`, `{ rateLimit: '…' }`) when not; a non-empty list is read the same way.
 */
export function providerErrorMessages(errors: unknown): ProviderMessage[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  if (errors === undefined || errors === null || errors === '') return [];
  if (Array.isArray(errors)) return errors.map((value, index) => ({ key: String(index), message: text(value) }));
  if (isObject(errors)) return Object.entries(errors).map(([key, value]) => ({ key, message: text(value) }));
  return [{ key: 'errors', message: text(errors) }];
}

export function parseEnvelope(body: unknown): ParseResult<ApiEnvelope<unknown>> {
  if (!isObject(body)) return fail(`response body is ${describe(body)}, not an API-Football envelope`);
  if (!('response' in body)) return fail('response body has no "response" field');
  const paging = objectOrEmpty(body.paging);
  const parameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(objectOrEmpty(body.parameters))) {
    if (typeof value === 'string' || typeof value === 'number') parameters[key] = String(value);
  }
  const errors = Array.isArray(body.errors) || isObject(body.errors) ? body.errors : [];
  const response = body.response;
  return ok({
    get: stringOrEmpty(body.get),
    parameters,
    errors: errors as ApiEnvelope<unknown>['errors'],
    results: integerOrNull(body.results) ?? (Array.isArray(response) ? response.length : 0),
    // A response without paging is a single page.
    paging: { current: idOrNull(paging.current) ?? 1, total: idOrNull(paging.total) ?? 1 },
    response,
  });
}

// ---------------------------------------------------------------- leagues

export function parseLeagueEntry(raw: unknown, warnings: Warnings = []): ParseResult<ApiLeagueEntry> {
  if (!isObject(raw)) return fail(`league entry is ${describe(raw)}`);
  const league = objectOrEmpty(raw.league);
  const id = idOrNull(league.id);
  if (id === null) return fail('league.id is missing');
  const name = stringOrNull(league.name);
  if (name === null) return fail(`league ${id}: league.name is missing`);
  const type = league.type === 'Cup' || league.type === 'League' ? league.type : null;
  if (type === null) return fail(`league ${id}: league.type is ${describe(league.type)}, expected 'League' or 'Cup'`);
  const country = objectOrEmpty(raw.country);
  const seasons = nestedList(
    raw.seasons,
    (season) => {
      const s = objectOrEmpty(season);
      const year = idOrNull(s.year);
      if (year === null) return fail('season without a year');
      return ok({ year, start: stringOrEmpty(s.start), end: stringOrEmpty(s.end), current: s.current === true });
    },
    `league ${id} season`,
    warnings,
  );
  return ok({
    league: { id, name, type, logo: stringOrEmpty(league.logo) },
    country: { name: stringOrEmpty(country.name), code: stringOrNull(country.code), flag: stringOrNull(country.flag) },
    seasons,
  });
}

/** The season marked current, if the provider marks one. */
export function currentSeason(entry: ApiLeagueEntry): number | null {
  const current = entry.seasons.filter((s) => s.current);
  if (current.length === 0) return null;
  return Math.max(...current.map((s) => s.year));
}

// ---------------------------------------------------------------- teams

function parseTeam(raw: unknown): ParseResult<ApiTeam> {
  const team = objectOrEmpty(raw);
  const id = idOrNull(team.id);
  if (id === null) return fail('team.id is missing');
  const name = stringOrNull(team.name);
  if (name === null) return fail(`team ${id}: team.name is missing`);
  return ok({
    id,
    name,
    code: stringOrNull(team.code),
    country: stringOrNull(team.country),
    founded: integerOrNull(team.founded),
    national: team.national === true,
    logo: stringOrEmpty(team.logo),
  });
}

function parseVenue(raw: unknown): ApiVenue {
  const venue = objectOrEmpty(raw);
  return {
    id: idOrNull(venue.id),
    name: stringOrNull(venue.name),
    address: stringOrNull(venue.address),
    city: stringOrNull(venue.city),
    capacity: integerOrNull(venue.capacity),
    surface: stringOrNull(venue.surface),
    image: stringOrNull(venue.image),
  };
}

export function parseTeamEntry(raw: unknown): ParseResult<ApiTeamEntry> {
  if (!isObject(raw)) return fail(`team entry is ${describe(raw)}`);
  const team = parseTeam(raw.team);
  if (!team.ok) return team;
  return ok({ team: team.value, venue: parseVenue(raw.venue) });
}

/** `{id, name, logo}` references to a team inside other objects (fixtures, standings, stats). */
function parseTeamRef(raw: unknown, where: string): ParseResult<{ id: number; name: string; logo: string }> {
  const team = objectOrEmpty(raw);
  const id = idOrNull(team.id);
  if (id === null) return fail(`${where}.id is missing`);
  return ok({ id, name: stringOrEmpty(team.name), logo: stringOrEmpty(team.logo) });
}

// ---------------------------------------------------------------- players

function parsePlayer(raw: unknown): ParseResult<ApiPlayer> {
  const player = objectOrEmpty(raw);
  const id = idOrNull(player.id);
  if (id === null) return fail('player.id is missing');
  const name = stringOrNull(player.name);
  if (name === null) return fail(`player ${id}: player.name is missing`);
  const birth = objectOrEmpty(player.birth);
  return ok({
    id,
    name,
    firstname: stringOrNull(player.firstname),
    lastname: stringOrNull(player.lastname),
    age: integerOrNull(player.age),
    birth: { date: stringOrNull(birth.date), place: stringOrNull(birth.place), country: stringOrNull(birth.country) },
    nationality: stringOrNull(player.nationality),
    height: stringOrNull(player.height),
    weight: stringOrNull(player.weight),
    // The provider flags injuries it knows of; an absent flag is not an injury.
    injured: player.injured === true,
    photo: stringOrEmpty(player.photo),
  });
}

function parsePlayerStatistics(raw: unknown): ParseResult<ApiPlayerStatistics> {
  const s = objectOrEmpty(raw);
  const team = parseTeamRef(s.team, 'statistics team');
  if (!team.ok) return team;
  const league = objectOrEmpty(s.league);
  const leagueId = idOrNull(league.id);
  if (leagueId === null) return fail('statistics league.id is missing');
  const season = idOrNull(league.season);
  if (season === null) return fail(`statistics for league ${leagueId}: league.season is missing`);
  const counts = <K extends string>(value: unknown, keys: readonly K[]) => {
    const source = objectOrEmpty(value);
    return Object.fromEntries(keys.map((k) => [k, numberOrNull(source[k])])) as Record<K, number | null>;
  };
  const games = objectOrEmpty(s.games);
  return ok({
    team: team.value,
    league: {
      id: leagueId,
      name: stringOrEmpty(league.name),
      country: stringOrEmpty(league.country),
      logo: stringOrEmpty(league.logo),
      flag: stringOrNull(league.flag),
      season,
    },
    games: {
      appearences: integerOrNull(games.appearences),
      lineups: integerOrNull(games.lineups),
      minutes: integerOrNull(games.minutes),
      number: integerOrNull(games.number),
      position: stringOrEmpty(games.position),
      rating: stringOrNull(games.rating),
      captain: games.captain === true,
    },
    substitutes: counts(s.substitutes, ['in', 'out', 'bench'] as const),
    shots: counts(s.shots, ['total', 'on'] as const),
    goals: counts(s.goals, ['total', 'conceded', 'assists', 'saves'] as const),
    passes: counts(s.passes, ['total', 'key', 'accuracy'] as const),
    tackles: counts(s.tackles, ['total', 'blocks', 'interceptions'] as const),
    duels: counts(s.duels, ['total', 'won'] as const),
    dribbles: counts(s.dribbles, ['attempts', 'success', 'past'] as const),
    fouls: counts(s.fouls, ['drawn', 'committed'] as const),
    cards: counts(s.cards, ['yellow', 'yellowred', 'red'] as const),
    penalty: counts(s.penalty, ['won', 'commited', 'scored', 'missed', 'saved'] as const),
  });
}

export function parsePlayerEntry(raw: unknown, warnings: Warnings = []): ParseResult<ApiPlayerEntry> {
  if (!isObject(raw)) return fail(`player entry is ${describe(raw)}`);
  const player = parsePlayer(raw.player);
  if (!player.ok) return player;
  const statistics = nestedList(raw.statistics, parsePlayerStatistics, `player ${player.value.id} statistics`, warnings);
  return ok({ player: player.value, statistics });
}

/** One item of GET /players/squads: a team and its squad numbers and positions. */
export function parseSquad(raw: unknown, warnings: Warnings = []): ParseResult<SquadRecord> {
  if (!isObject(raw)) return fail(`squad entry is ${describe(raw)}`);
  const team = parseTeamRef(raw.team, 'squad team');
  if (!team.ok) return team;
  const players = nestedList(
    raw.players,
    (member) => {
      const p = objectOrEmpty(member);
      const id = idOrNull(p.id);
      if (id === null) return fail('squad player without an id');
      return ok({ id, number: integerOrNull(p.number), position: stringOrNull(p.position) });
    },
    `squad of team ${team.value.id} player`,
    warnings,
  );
  return ok({ teamId: team.value.id, players });
}

// ---------------------------------------------------------------- fixtures

const scorePair = (value: unknown) => {
  const pair = objectOrEmpty(value);
  return { home: integerOrNull(pair.home), away: integerOrNull(pair.away) };
};

function parseEvent(raw: unknown): ParseResult<ApiFixtureEvent> {
  const e = objectOrEmpty(raw);
  const time = objectOrEmpty(e.time);
  const elapsed = integerOrNull(time.elapsed);
  if (elapsed === null) return fail('event time.elapsed is missing');
  const team = parseTeamRef(e.team, 'event team');
  if (!team.ok) return team;
  const type = stringOrNull(e.type);
  if (type === null) return fail(`event at ${elapsed}': type is missing`);
  const person = (value: unknown) => {
    const p = objectOrEmpty(value);
    return { id: idOrNull(p.id), name: stringOrNull(p.name) };
  };
  return ok({
    time: { elapsed, extra: integerOrNull(time.extra) },
    team: team.value,
    player: person(e.player),
    assist: person(e.assist),
    type,
    // The provider sends null for some details (e.g. a VAR check still open): null is kept, not made ''.
    detail: stringOrNull(e.detail),
    comments: stringOrNull(e.comments),
  });
}

function parseLineupPlayer(raw: unknown): ParseResult<ApiLineupPlayer> {
  const p = objectOrEmpty(objectOrEmpty(raw).player);
  const id = idOrNull(p.id);
  const name = stringOrNull(p.name);
  // The provider sends id null for people missing from its database (youth substitutes in Liga Pro):
  // they played or sat on the bench, so they are kept by name; only an entry with neither is dropped.
  if (id === null && !name) return fail('lineup player has neither an id nor a name');
  return ok({
    player: {
      id,
      name: name ?? '',
      number: integerOrNull(p.number),
      pos: stringOrNull(p.pos),
      grid: stringOrNull(p.grid),
    },
  });
}

function parseLineup(raw: unknown, warnings: Warnings): ParseResult<ApiLineup> {
  const l = objectOrEmpty(raw);
  const teamSource = objectOrEmpty(l.team);
  const team = parseTeamRef(teamSource, 'lineup team');
  if (!team.ok) return team;
  const coach = objectOrEmpty(l.coach);
  const lineup: ApiLineup = {
    team: 'colors' in teamSource ? { ...team.value, colors: teamSource.colors } : team.value,
    coach: { id: idOrNull(coach.id), name: stringOrNull(coach.name), photo: stringOrNull(coach.photo) },
    formation: stringOrNull(l.formation),
    startXI: nestedList(l.startXI, parseLineupPlayer, `lineup of team ${team.value.id} startXI`, warnings),
    substitutes: nestedList(l.substitutes, parseLineupPlayer, `lineup of team ${team.value.id} substitutes`, warnings),
  };
  return ok(lineup);
}

function parseFixtureTeamStatistics(raw: unknown, warnings: Warnings): ParseResult<ApiTeamFixtureStatistics> {
  const s = objectOrEmpty(raw);
  const team = parseTeamRef(s.team, 'statistics team');
  if (!team.ok) return team;
  const statistics = nestedList(
    s.statistics,
    (item) => {
      const entry = objectOrEmpty(item);
      const type = stringOrNull(entry.type);
      if (type === null) return fail('statistic without a type');
      const value = typeof entry.value === 'number' || typeof entry.value === 'string' ? entry.value : null;
      return ok({ type, value });
    },
    `statistics of team ${team.value.id}`,
    warnings,
  );
  return ok({ team: team.value, statistics });
}

/**
 * One fixture, with events, lineups and statistics when the provider sent them (GET /fixtures?ids=…).
 * A list the provider did not send stays absent: an empty list would claim "nothing happened".
 */
export function parseFixture(raw: unknown, warnings: Warnings = []): ParseResult<ApiFixtureFull> {
  if (!isObject(raw)) return fail(`fixture is ${describe(raw)}`);
  const f = objectOrEmpty(raw.fixture);
  const id = idOrNull(f.id);
  if (id === null) return fail('fixture.id is missing');
  const timestamp = integerOrNull(f.timestamp);
  if (timestamp === null) return fail(`fixture ${id}: fixture.timestamp is missing`);
  const date = stringOrNull(f.date);
  if (date === null) return fail(`fixture ${id}: fixture.date is missing`);
  const status = objectOrEmpty(f.status);
  const statusShort = stringOrNull(status.short);
  if (statusShort === null) return fail(`fixture ${id}: fixture.status.short is missing`);
  const league = objectOrEmpty(raw.league);
  const leagueId = idOrNull(league.id);
  if (leagueId === null) return fail(`fixture ${id}: league.id is missing`);
  const season = idOrNull(league.season);
  if (season === null) return fail(`fixture ${id}: league.season is missing`);
  const teams = objectOrEmpty(raw.teams);
  const side = (value: unknown, which: string) => {
    const team = parseTeamRef(value, `fixture ${id}: teams.${which}`);
    return team.ok ? ok({ ...team.value, winner: booleanOrNull(objectOrEmpty(value).winner) }) : team;
  };
  const home = side(teams.home, 'home');
  if (!home.ok) return home;
  const away = side(teams.away, 'away');
  if (!away.ok) return away;
  const periods = objectOrEmpty(f.periods);
  const venue = objectOrEmpty(f.venue);
  const score = objectOrEmpty(raw.score);

  const fixture: ApiFixtureFull = {
    fixture: {
      id,
      referee: stringOrNull(f.referee),
      timezone: stringOrEmpty(f.timezone),
      date,
      timestamp,
      periods: { first: integerOrNull(periods.first), second: integerOrNull(periods.second) },
      venue: { id: idOrNull(venue.id), name: stringOrNull(venue.name), city: stringOrNull(venue.city) },
      status: {
        long: stringOrEmpty(status.long),
        short: statusShort,
        elapsed: integerOrNull(status.elapsed),
        ...('extra' in status ? { extra: integerOrNull(status.extra) } : {}),
      },
    },
    league: {
      id: leagueId,
      name: stringOrEmpty(league.name),
      country: stringOrEmpty(league.country),
      logo: stringOrEmpty(league.logo),
      flag: stringOrNull(league.flag),
      season,
      round: stringOrEmpty(league.round),
      ...(typeof league.standings === 'boolean' ? { standings: league.standings } : {}),
    },
    teams: { home: home.value, away: away.value },
    goals: scorePair(raw.goals),
    score: {
      halftime: scorePair(score.halftime),
      fulltime: scorePair(score.fulltime),
      extratime: scorePair(score.extratime),
      penalty: scorePair(score.penalty),
    },
  };
  if (Array.isArray(raw.events)) fixture.events = nestedList(raw.events, parseEvent, `fixture ${id} event`, warnings);
  if (Array.isArray(raw.lineups)) {
    fixture.lineups = nestedList(raw.lineups, (l) => parseLineup(l, warnings), `fixture ${id} lineup`, warnings);
  }
  if (Array.isArray(raw.statistics)) {
    fixture.statistics = nestedList(
      raw.statistics,
      (s) => parseFixtureTeamStatistics(s, warnings),
      `fixture ${id} statistics`,
      warnings,
    );
  }
  return ok(fixture);
}

// ---------------------------------------------------------------- standings

function parseStandingRecord(raw: unknown, where: string): ParseResult<ApiStandingRecord> {
  const r = objectOrEmpty(raw);
  const goals = objectOrEmpty(r.goals);
  const played = integerOrNull(r.played);
  const win = integerOrNull(r.win);
  const draw = integerOrNull(r.draw);
  const lose = integerOrNull(r.lose);
  const goalsFor = integerOrNull(goals.for);
  const goalsAgainst = integerOrNull(goals.against);
  if (played === null || win === null || draw === null || lose === null || goalsFor === null || goalsAgainst === null) {
    const missing = Object.entries({ played, win, draw, lose, 'goals.for': goalsFor, 'goals.against': goalsAgainst })
      .filter(([, value]) => value === null)
      .map(([key]) => key);
    // A table row with made-up zeros would mislead readers; the row is dropped instead.
    return fail(`${where} lacks ${missing.join(', ')}`);
  }
  return ok({ played, win, draw, lose, goals: { for: goalsFor, against: goalsAgainst } });
}

function parseStandingRow(raw: unknown): ParseResult<ApiStandingRow> {
  const r = objectOrEmpty(raw);
  const rank = idOrNull(r.rank);
  if (rank === null) return fail('standings row without a rank');
  const team = parseTeamRef(r.team, `standings row ${rank} team`);
  if (!team.ok) return team;
  const points = integerOrNull(r.points);
  if (points === null) return fail(`standings row ${rank} (team ${team.value.id}) has no points`);
  const goalsDiff = integerOrNull(r.goalsDiff);
  if (goalsDiff === null) return fail(`standings row ${rank} (team ${team.value.id}) has no goalsDiff`);
  const where = `standings row ${rank} (team ${team.value.id})`;
  const all = parseStandingRecord(r.all, `${where} all`);
  if (!all.ok) return all;
  const home = parseStandingRecord(r.home, `${where} home`);
  if (!home.ok) return home;
  const away = parseStandingRecord(r.away, `${where} away`);
  if (!away.ok) return away;
  return ok({
    rank,
    team: team.value,
    points,
    goalsDiff,
    group: stringOrEmpty(r.group),
    form: stringOrNull(r.form),
    status: stringOrNull(r.status),
    description: stringOrNull(r.description),
    all: all.value,
    home: home.value,
    away: away.value,
    update: stringOrEmpty(r.update),
  });
}

/**
 * The `response` of GET /standings: every group of every entry, in the provider's order. Liga Pro
 * sends several groups per season (first stage, then final-phase groups). Groups left empty after
 * dropping invalid rows are left out; an empty response means the competition has no table.
 */
export function parseStandingsResponse(response: unknown, warnings: Warnings = []): ParseResult<ApiStandingRow[][]> {
  if (!Array.isArray(response)) return fail(`standings response is ${describe(response)}, expected a list`);
  const groups: ApiStandingRow[][] = [];
  for (const [entryIndex, entry] of response.entries()) {
    const standings = objectOrEmpty(objectOrEmpty(entry).league).standings;
    if (!Array.isArray(standings)) return fail(`standings entry #${entryIndex + 1} has no league.standings list`);
    for (const [groupIndex, group] of standings.entries()) {
      const rows = parseList(group, (row) => parseStandingRow(row), `standings group #${groupIndex + 1} row`, warnings);
      if (!rows.ok) {
        warnings.push(rows.error);
        continue;
      }
      if (rows.value.length > 0) groups.push(rows.value);
    }
  }
  return ok(groups);
}

// ---------------------------------------------------------------- team statistics

/**
 * The `response` of GET /teams/statistics: one object, stored whole. The provider answers with an
 * empty list (or object) when it has nothing for the team; that is `null`, not an error.
 */
export function parseTeamStatisticsResponse(response: unknown): ParseResult<ApiTeamStatistics | null> {
  if (Array.isArray(response)) {
    if (response.length === 0) return ok(null);
    return fail('team statistics response is a non-empty list, expected one object');
  }
  if (!isObject(response)) return fail(`team statistics response is ${describe(response)}`);
  if (Object.keys(response).length === 0) return ok(null);
  const league = objectOrEmpty(response.league);
  const leagueId = idOrNull(league.id);
  if (leagueId === null) return fail('team statistics: league.id is missing');
  const season = idOrNull(league.season);
  if (season === null) return fail('team statistics: league.season is missing');
  const team = parseTeamRef(response.team, 'team statistics team');
  if (!team.ok) return team;
  return ok({
    ...response,
    league: {
      id: leagueId,
      name: stringOrEmpty(league.name),
      country: stringOrEmpty(league.country),
      logo: stringOrEmpty(league.logo),
      flag: stringOrNull(league.flag),
      season,
    },
    team: team.value,
    form: stringOrNull(response.form),
    fixtures: objectOrEmpty(response.fixtures),
    goals: objectOrEmpty(response.goals),
  });
}

// ---------------------------------------------------------------- transfers

function parseTransfer(raw: unknown): ParseResult<ApiTransfer> {
  const t = objectOrEmpty(raw);
  const date = stringOrNull(t.date);
  if (date === null) return fail('transfer without a date');
  const teams = objectOrEmpty(t.teams);
  const teamIn = parseTeamRef(teams.in, `transfer of ${date}: teams.in`);
  if (!teamIn.ok) return teamIn;
  const teamOut = parseTeamRef(teams.out, `transfer of ${date}: teams.out`);
  if (!teamOut.ok) return teamOut;
  return ok({ date, type: stringOrNull(t.type), teams: { in: teamIn.value, out: teamOut.value } });
}

export function parseTransferEntry(raw: unknown, warnings: Warnings = []): ParseResult<ApiTransferEntry> {
  if (!isObject(raw)) return fail(`transfer entry is ${describe(raw)}`);
  const player = objectOrEmpty(raw.player);
  const id = idOrNull(player.id);
  if (id === null) return fail('transfer entry player.id is missing');
  return ok({
    player: { id, name: stringOrEmpty(player.name) },
    update: stringOrEmpty(raw.update),
    transfers: nestedList(raw.transfers, parseTransfer, `transfers of player ${id}`, warnings),
  });
}
