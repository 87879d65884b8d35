import { competitionName } from '../config.ts';
import { countryName } from '../format/countries.ts';
import type { ApiPlayerEntry, ApiPlayerStatistics, ApiTeamRef } from '../../../contract/api-football.ts';
import { asBoolean, asId, asList, asNumber, asNumberOrNull, asString, isRecord, parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import type { Player, PlayerSeasonStatistics, TopScorer } from './types.ts';

export const UNKNOWN_POSITION = 'Unknown';

function parseTeamRef(value: unknown): { id: number; name: string; logo: string } | null {
  const r = wire<ApiTeamRef>(value);
  const id = asId(r.id);
  return id === null ? null : { id, name: asString(r.name).trim() || 'Unknown Team', logo: asString(r.logo) };
}

/** One `statistics[]` entry. Counting fields the provider leaves null mean "none recorded": 0. */
export function parseSeasonStatistics(raw: unknown): PlayerSeasonStatistics {
  const r = wire<ApiPlayerStatistics>(raw);
  const league = wire<ApiPlayerStatistics['league']>(r.league);
  // `appearances` too: the provider's misspelling may be corrected one day.
  const games = wire<ApiPlayerStatistics['games'] & { appearances: number }>(r.games);
  const goals = wire<ApiPlayerStatistics['goals']>(r.goals);
  const passes = wire<ApiPlayerStatistics['passes']>(r.passes);
  const cards = wire<ApiPlayerStatistics['cards']>(r.cards);
  const penalty = wire<ApiPlayerStatistics['penalty']>(r.penalty);
  return {
    team: parseTeamRef(r.team) ?? { id: 0, name: '', logo: '' },
    league: {
      id: asId(league.id) ?? 0,
      name: competitionName(asId(league.id) ?? 0, asString(league.name)),
      country: countryName(asString(league.country)),
      logo: asString(league.logo),
      season: asNumber(league.season),
    },
    appearances: asNumber(games.appearences ?? games.appearances),
    lineups: asNumber(games.lineups),
    minutes: asNumber(games.minutes),
    position: asString(games.position),
    rating: asNumberOrNull(games.rating),
    captain: asBoolean(games.captain),
    goals: asNumber(goals.total),
    assists: asNumber(goals.assists),
    penaltiesScored: asNumber(penalty.scored),
    passes: { total: asNumber(passes.total), key: asNumber(passes.key), accuracy: asNumber(passes.accuracy) },
    cards: { yellow: asNumber(cards.yellow), red: asNumber(cards.red) + asNumber(cards.yellowred) },
  };
}

export interface PlayerParseOptions {
  /** Use the statistics of this competition when the player has several; else the first (spec §3). */
  leagueId?: number;
}

/** Parses a `/players` or `/topscorers` item (`{player, statistics}`); only a missing id is an error. */
export function parsePlayerEntry(raw: unknown, options: PlayerParseOptions = {}): Parsed<Player> {
  if (!isRecord(raw)) return { ok: false, error: 'Player entry is not an object' };
  // Lists sometimes carry the player object directly, without the {player, statistics} wrapper,
  // and a squad's player carries his position and number, a scorer's list his team.
  const entry = wire<ApiPlayerEntry & { team: ApiTeamRef }>(raw);
  const p = wire<ApiPlayerEntry['player'] & { position: string; number: number }>(entry.player ?? raw);
  const id = asId(p.id);
  if (id === null) return { ok: false, error: 'Player has no valid id' };
  const birth = wire<ApiPlayerEntry['player']['birth']>(p.birth);
  const statisticsList = asList(entry.statistics);
  const chosen =
    (options.leagueId !== undefined
      ? statisticsList.find((s) => asId(wire<ApiPlayerStatistics['league']>(wire<ApiPlayerStatistics>(s).league).id) === options.leagueId)
      : undefined) ?? statisticsList[0];
  const statistics = chosen === undefined ? null : parseSeasonStatistics(chosen);
  const firstname = asString(p.firstname);
  const lastname = asString(p.lastname);
  return {
    ok: true,
    value: {
      id,
      name: asString(p.name).trim() || [firstname, lastname].filter(Boolean).join(' '),
      firstname,
      lastname,
      age: asNumberOrNull(p.age),
      birth: { date: asString(birth.date), place: asString(birth.place), country: countryName(asString(birth.country)) },
      nationality: countryName(asString(p.nationality)),
      height: asString(p.height),
      weight: asString(p.weight),
      injured: asBoolean(p.injured),
      photo: asString(p.photo),
      position: asString(p.position) || statistics?.position || UNKNOWN_POSITION,
      number: asNumberOrNull(p.number) ?? (chosen === undefined ? null : asNumberOrNull(wire<ApiPlayerStatistics['games']>(wire<ApiPlayerStatistics>(chosen).games).number)),
      team: statistics && statistics.team.id ? statistics.team : parseTeamRef(entry.team),
      statistics,
    },
  };
}

export function parsePlayerList(body: unknown, options: PlayerParseOptions = {}): ParsedList<Player> {
  return parseListResponse(body, (raw) => parsePlayerEntry(raw, options));
}

/**
 * Parses a `/topscorers` response into ranked scorers: by goals, then assists, as the API orders
 * them; players level on both share a rank. Players without a name are dropped, not renamed.
 */
export function parseTopScorers(body: unknown, options: PlayerParseOptions = {}): ParsedList<TopScorer> {
  const players = parsePlayerList(body, options);
  if (!players.ok) return players;
  const named = players.value.filter((player) => player.name);
  const sorted = [...named].sort(
    (a, b) => (b.statistics?.goals ?? 0) - (a.statistics?.goals ?? 0) || (b.statistics?.assists ?? 0) - (a.statistics?.assists ?? 0),
  );
  const scorers: TopScorer[] = [];
  sorted.forEach((player, index) => {
    const goals = player.statistics?.goals ?? 0;
    const assists = player.statistics?.assists ?? 0;
    const previous = scorers[index - 1];
    const rank = previous && previous.goals === goals && previous.assists === assists ? previous.rank : index + 1;
    scorers.push({
      rank,
      player: { id: player.id, name: player.name, photo: player.photo, nationality: player.nationality },
      team: player.team,
      goals,
      assists,
      appearances: player.statistics?.appearances ?? 0,
      minutes: player.statistics?.minutes ?? 0,
      penalties: player.statistics?.penaltiesScored ?? 0,
    });
  });
  return { ok: true, value: scorers, dropped: players.dropped + (players.value.length - named.length) };
}

/**
 * Whether a scorer's assists must be shown beside his goals in a list of `shown` scorers: another
 * one shown has as many goals but a different rank, so the assists are what set them apart.
 */
export function assistsBreakTie(shown: readonly TopScorer[], scorer: TopScorer): boolean {
  return shown.some((other) => other !== scorer && other.goals === scorer.goals && other.rank !== scorer.rank);
}
