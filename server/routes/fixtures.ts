import { ALL_STATUSES } from '../../contract/status.ts';
import { BULK_DETAILS_PARAM, QUERY_LIMITS } from '../../contract/index.ts';
import type { HeadToHeadPairEntry } from '../../contract/bulk.ts';
import { COMMENTARY_NOTICE, fixtureCommentary } from '../../contract/commentary.ts';
import { fixturePlayers, type FixturePlayersTeam } from '../../contract/fixture-players.ts';
import type { ApiFixtureEvent, ApiFixtureFull, ApiInjury, ApiLineup, ApiTeamFixtureStatistics } from '../../contract/api-football.ts';
import type { FixtureFilter } from '../store/read/index.ts';
import { HttpError } from '../http/envelope.ts';
import { booleanParam, ID_MESSAGES, idList, optionalCount, optionalDay, optionalEnum, optionalId, optionalSeason, optionalText, optionalTimeZone, requiredId } from '../http/validate.ts';
import { dayInZone, isoInZone, zonedDayBounds } from '../clock.ts';
import type { Query, Routes } from './context.ts';

/**
 * As the provider: `timezone` (an IANA zone, UTC when absent) is the zone of `fixture.date` and
 * `fixture.timezone`, and the zone whose days `date`, `from` and `to` name.
 */
const zoneOf = (q: Query): string => optionalTimeZone(q.timezone) ?? 'UTC';

/** The fixtures with `fixture.date` written in `timeZone` (`2025-06-30T20:00:00-05:00`): the same instants. */
function inZone(list: ApiFixtureFull[], timeZone: string): ApiFixtureFull[] {
  return list.map((f) => ({ ...f, fixture: { ...f.fixture, timezone: timeZone, date: isoInZone(f.fixture.timestamp * 1000, timeZone) } }));
}

/** Fixtures: /fixtures (lists, by id, bulk with details), /matches, and the provider's /fixtures/* paths. */
export function registerFixtureRoutes({ football, reader, now, leagueParam, teamParam, seasonFor, fixturesKind }: Routes): void {
  const fixtureListFilter = (q: Query): FixtureFilter => {
    const zone = zoneOf(q);
    const league = leagueParam(q, false);
    const season = seasonFor(league, optionalSeason(q.season));
    const status = q.status === undefined ? undefined : q.status.split('-').map((s) => optionalEnum(s.toUpperCase(), 'status', ALL_STATUSES)!);
    let live: 'all' | number[] | undefined;
    if (q.live !== undefined) live = q.live === 'all' || q.live === '' ? 'all' : idList(q.live, 'live', ID_MESSAGES.league);
    const day = q.date === 'today' ? dayInZone(now(), zone) : optionalDay(q.date, 'date');
    const from = optionalDay(q.from, 'from');
    const to = optionalDay(q.to, 'to');
    if ((from && !to) || (!from && to)) throw new HttpError(400, 'The from and to parameters go together', from ? 'to' : 'from');
    if (from && to && from > to) throw new HttpError(400, 'The from date must not be after the to date', 'from');
    const bounds = day ? zonedDayBounds(day, zone) : undefined;
    return {
      league,
      season,
      round: optionalText(q.round, 80),
      fromTs: bounds?.[0] ?? (from ? zonedDayBounds(from, zone)[0] : undefined),
      toTs: bounds?.[1] ?? (to ? zonedDayBounds(to, zone)[1] : undefined),
      status,
      live,
      next: optionalCount(q.next, 'next', QUERY_LIMITS.nextLastMax),
      last: optionalCount(q.last, 'last', QUERY_LIMITS.nextLastMax),
    };
  };

  football('/fixtures', (q) => {
    const zone = zoneOf(q);
    const id = optionalId(q.id, 'id', ID_MESSAGES.fixture);
    if (id !== undefined) {
      const list = reader.fixtures({ ids: [id], withDetails: true });
      if (list.length === 0) throw new HttpError(404, 'Match not found', 'id');
      return { response: inZone(list, zone) satisfies ApiFixtureFull[], kind: fixturesKind(list) };
    }
    if (q.ids !== undefined) {
      const list = reader.fixtures({ ids: idList(q.ids, 'ids', ID_MESSAGES.fixture), withDetails: true });
      return { response: inZone(list, zone) satisfies ApiFixtureFull[], kind: fixturesKind(list) };
    }
    const list = reader.fixtures({ ...fixtureListFilter(q), team: teamParam(q.team), withDetails: booleanParam(q, BULK_DETAILS_PARAM) });
    return { response: inZone(list, zone) satisfies ApiFixtureFull[], kind: fixturesKind(list) };
  });

  football('/matches', (q) => {
    const zone = zoneOf(q);
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    const list = reader.fixtures({ league, season, round: optionalText(q.round, 80) });
    return { response: inZone(list, zone) satisfies ApiFixtureFull[], kind: fixturesKind(list) };
  });

  // With `h2h`, as the provider: the stored seasons' meetings and those of earlier seasons the ingest
  // asked for. Without it but with `league`, the build's bulk read of the earlier ones (contract/bulk.ts).
  football('/fixtures/headtohead', (q) => {
    if ((q.h2h === undefined || q.h2h === '') && q.league !== undefined) {
      const league = leagueParam(q, true)!;
      const season = seasonFor(league, optionalSeason(q.season));
      return { response: (season === undefined ? [] : reader.earlierMeetings(league, season)) satisfies HeadToHeadPairEntry[], kind: 'tables' as const };
    }
    if (q.h2h === undefined || q.h2h === '') {
      throw new HttpError(400, 'Missing required parameter: h2h (two team ids, e.g. 1148-1156), or league for the earlier meetings of its season', 'h2h');
    }
    const pair = idList(q.h2h, 'h2h', ID_MESSAGES.team, 2);
    if (pair.length !== 2 || pair[0] === pair[1]) throw new HttpError(400, 'Invalid h2h: expected two different team ids joined by -', 'h2h');
    for (const id of pair) teamParam(String(id), 'h2h');
    const list = reader.fixtures({ ...fixtureListFilter(q), h2h: [pair[0], pair[1]] });
    return { response: inZone(list, zoneOf(q)) satisfies ApiFixtureFull[], kind: fixturesKind(list) };
  });

  registerFixturePartRoutes({ football, reader, fixturesKind, seasonFor });
}

/** The provider's own paths for one match's parts (a client written for API-Football works unchanged). */
function registerFixturePartRoutes({ football, reader, fixturesKind, seasonFor }: Pick<Routes, 'football' | 'reader' | 'fixturesKind' | 'seasonFor'>): void {
  /** The one fixture named by `fixture` (required), with its details; 404 when unknown. */
  const oneFixture = (q: Query) => {
    const id = requiredId(q.fixture, 'fixture', ID_MESSAGES.fixture);
    const found = reader.fixtures({ ids: [id], withDetails: true })[0];
    if (!found) throw new HttpError(404, 'Match not found', 'fixture');
    return found;
  };
  const kindOf = (f: ApiFixtureFull) => fixturesKind([f]);

  football('/fixtures/events', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const type = optionalText(q.type, 40)?.toLowerCase();
    const events = (f.events ?? []).filter(
      (e) => (team === undefined || e.team.id === team) && (player === undefined || e.player.id === player) && (type === undefined || e.type.toLowerCase() === type),
    );
    return { response: events satisfies ApiFixtureEvent[], kind: kindOf(f) };
  });

  football('/fixtures/lineups', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const lineups = (f.lineups ?? []).filter(
      (l) => (team === undefined || l.team.id === team) && (player === undefined || [...l.startXI, ...l.substitutes].some((p) => p.player.id === player)),
    );
    return { response: lineups satisfies ApiLineup[], kind: kindOf(f) };
  });

  football('/fixtures/statistics', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const type = optionalText(q.type, 60)?.toLowerCase();
    const statistics = (f.statistics ?? [])
      .filter((s) => team === undefined || s.team.id === team)
      .map((s) => (type === undefined ? s : { ...s, statistics: s.statistics.filter((x) => x.type.toLowerCase() === type) }));
    return { response: statistics satisfies ApiTeamFixtureStatistics[], kind: kindOf(f) };
  });

  // Worked out from the line-ups and events (contract/fixture-players.ts): the store keeps no
  // per-player match statistics, so figures it cannot know (rating, shots, passes …) are null.
  football('/fixtures/players', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const teams = fixturePlayers(f).filter((t) => team === undefined || t.team.id === team);
    const photos = reader.playerPhotos(teams.flatMap((t) => t.players.map((p) => p.player.id).filter((id): id is number => id !== null)));
    const response = teams.map((t) => ({
      ...t,
      players: t.players.map((p) => ({ ...p, player: { ...p.player, photo: (p.player.id !== null && photos.get(p.player.id)) || '' } })),
    }));
    return { response: response satisfies FixturePlayersTeam[], kind: kindOf(f) };
  });

  // Ours, not the provider's: the match told in Spanish from its events, score and statistics
  // (contract/commentary.ts, the same lines the match page shows), newest first and marked as
  // machine-written. Empty before kick-off.
  football('/fixtures/commentary', (q) => {
    const f = oneFixture(q);
    return { response: [{ fixture: f.fixture.id, author: 'machine', notice: COMMENTARY_NOTICE, lines: fixtureCommentary(f) }], kind: kindOf(f) };
  });

  // The provider's: who misses a fixture ("Missing Fixture") or may ("Questionable"), and why. By
  // fixture, by fixtures (up to 20, as the provider), by a league's season or by club; one is needed.
  football('/injuries', (q) => {
    const fixture = optionalId(q.fixture, 'fixture', ID_MESSAGES.fixture);
    const ids = q.ids === undefined ? undefined : idList(q.ids, 'ids', ID_MESSAGES.fixture, 20);
    const league = optionalId(q.league, 'league', ID_MESSAGES.league);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    if (fixture === undefined && ids === undefined && league === undefined && team === undefined) {
      throw new HttpError(400, 'Missing required parameter: one of fixture, ids, league (with season) or team', 'fixture');
    }
    const season = league === undefined ? optionalSeason(q.season) : seasonFor(league, optionalSeason(q.season));
    const fixtures = fixture !== undefined ? [fixture, ...(ids ?? [])] : ids;
    return { response: reader.injuries({ fixtures, league, season, team }) satisfies ApiInjury[], kind: 'tables' };
  });
}
