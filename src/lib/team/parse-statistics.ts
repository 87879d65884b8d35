import type { ApiTeamStatistics } from '../../../contract/api-football.ts';
import { asId, asList, asNumber, asNumberOrNull, asRecord, asString, isRecord, parseEach, readList, wire, type Parsed, type ParsedList } from '../http/read.ts';
import { competitionName } from '../config.ts';
import type { HomeAway, MinuteCount, TeamSeasonStatistics } from './types.ts';

/**
 * Spec §3 "team statistics": a provider `/teams/statistics` object (one team, one competition, one
 * season) in the project's own shape. Counts the provider leaves null are "none recorded" (0);
 * scores of biggest wins/defeats stay null when there was none, never a guessed one.
 */

type Season = ApiTeamStatistics;

function homeAway(value: unknown): HomeAway {
  const r = wire<Season['clean_sheet']>(value);
  const home = asNumber(r.home);
  const away = asNumber(r.away);
  return { home, away, total: asNumberOrNull(r.total) ?? home + away };
}

function minutes(value: unknown): MinuteCount[] {
  return Object.entries(asRecord(value))
    .filter(([period]) => /^\d+-\d+$/.test(period))
    .map(([period, entry]) => ({ period, total: asNumber(wire<Season['cards']['yellow'][string]>(entry).total) }));
}

function scoreOrNull(value: unknown): string | null {
  const text = asString(value).trim();
  return text || null;
}

export function parseTeamStatistics(raw: unknown): Parsed<TeamSeasonStatistics> {
  const r = wire<Season>(raw);
  const team = wire<ApiTeamStatistics['team']>(r.team);
  const teamId = asId(team.id);
  if (teamId === null) return { ok: false, error: 'Team statistics without a team id' };
  const league = wire<ApiTeamStatistics['league']>(r.league);
  const fixtures = wire<Season['fixtures']>(r.fixtures);
  const goals = wire<Season['goals']>(r.goals);
  const biggest = wire<Season['biggest']>(r.biggest);
  const streak = wire<Season['biggest']['streak']>(biggest.streak);
  const bigWins = wire<Season['biggest']['wins']>(biggest.wins);
  const bigLoses = wire<Season['biggest']['loses']>(biggest.loses);
  const penalty = wire<Season['penalty']>(r.penalty);
  const cards = wire<Season['cards']>(r.cards);
  return {
    ok: true,
    value: {
      teamId,
      team: { id: teamId, name: asString(team.name), logo: asString(team.logo) },
      league: { id: asId(league.id) ?? 0, name: competitionName(asId(league.id) ?? 0, asString(league.name)), season: asNumber(league.season), logo: asString(league.logo) },
      form: asString(r.form).replace(/[^WDL]/gi, '').toUpperCase(),
      played: homeAway(fixtures.played),
      wins: homeAway(fixtures.wins),
      draws: homeAway(fixtures.draws),
      losses: homeAway(fixtures.loses),
      goalsFor: homeAway(wire<Season['goals']['for']>(goals.for).total),
      goalsAgainst: homeAway(wire<Season['goals']['against']>(goals.against).total),
      biggest: {
        streak: { wins: asNumber(streak.wins), draws: asNumber(streak.draws), loses: asNumber(streak.loses) },
        wins: { home: scoreOrNull(bigWins.home), away: scoreOrNull(bigWins.away) },
        loses: { home: scoreOrNull(bigLoses.home), away: scoreOrNull(bigLoses.away) },
      },
      cleanSheet: homeAway(r.clean_sheet),
      failedToScore: homeAway(r.failed_to_score),
      penalty: {
        scored: asNumber(wire<Season['penalty']['scored']>(penalty.scored).total),
        missed: asNumber(wire<Season['penalty']['missed']>(penalty.missed).total),
      },
      lineups: asList(r.lineups)
        .map((entry) => {
          const l = wire<Season['lineups'][number]>(entry);
          return { formation: asString(l.formation), played: asNumber(l.played) };
        })
        .filter((l) => l.formation),
      cards: { yellow: minutes(cards.yellow), red: minutes(cards.red) },
    },
  };
}

/** A `/teams/statistics` answer: one object (with `team=`) or the build's list (one per team). */
export function parseTeamStatisticsResponse(body: unknown): ParsedList<TeamSeasonStatistics> {
  const response = asRecord(body).response;
  if (isRecord(response)) return parseEach([response], parseTeamStatistics);
  const list = readList(body);
  return list.ok ? parseEach(list.value, parseTeamStatistics) : list;
}
