import { asId, asNullableNumber, asNumber, asRecord, asString, parseEach, readList, type Parsed, type ParsedList } from './read.ts';
import { competitionName } from '../config.ts';

/**
 * Spec §3 "team statistics": a provider `/teams/statistics` object (one team, one competition, one
 * season) in the project's own shape. Counts the provider leaves null are "none recorded" (0);
 * scores of biggest wins/defeats stay null when there was none, never a guessed one.
 */

export interface HomeAway {
  home: number;
  away: number;
  total: number;
}

export interface MinuteCount {
  /** "0-15", "16-30" … "106-120" */
  period: string;
  total: number;
}

export interface TeamSeasonStatistics {
  teamId: number;
  team: { id: number; name: string; logo: string };
  league: { id: number; name: string; season: number; logo: string };
  /** Results oldest first, as the provider sends them ("WWDLW"). */
  form: string;
  played: HomeAway;
  wins: HomeAway;
  draws: HomeAway;
  losses: HomeAway;
  goalsFor: HomeAway;
  goalsAgainst: HomeAway;
  biggest: {
    streak: { wins: number; draws: number; loses: number };
    wins: { home: string | null; away: string | null };
    loses: { home: string | null; away: string | null };
  };
  cleanSheet: HomeAway;
  failedToScore: HomeAway;
  penalty: { scored: number; missed: number };
  lineups: Array<{ formation: string; played: number }>;
  cards: { yellow: MinuteCount[]; red: MinuteCount[] };
}

function homeAway(value: unknown): HomeAway {
  const r = asRecord(value);
  const home = asNumber(r.home);
  const away = asNumber(r.away);
  return { home, away, total: asNullableNumber(r.total) ?? home + away };
}

function minutes(value: unknown): MinuteCount[] {
  return Object.entries(asRecord(value))
    .filter(([period]) => /^\d+-\d+$/.test(period))
    .map(([period, entry]) => ({ period, total: asNumber(asRecord(entry).total) }));
}

function scoreOrNull(value: unknown): string | null {
  const text = asString(value).trim();
  return text || null;
}

export function parseTeamStatistics(raw: unknown): Parsed<TeamSeasonStatistics> {
  const r = asRecord(raw);
  const team = asRecord(r.team);
  const teamId = asId(team.id);
  if (teamId === null) return { ok: false, error: 'Team statistics without a team id' };
  const league = asRecord(r.league);
  const fixtures = asRecord(r.fixtures);
  const goals = asRecord(r.goals);
  const biggest = asRecord(r.biggest);
  const streak = asRecord(biggest.streak);
  const bigWins = asRecord(biggest.wins);
  const bigLoses = asRecord(biggest.loses);
  const penalty = asRecord(r.penalty);
  const cards = asRecord(r.cards);
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
      goalsFor: homeAway(asRecord(asRecord(goals.for).total)),
      goalsAgainst: homeAway(asRecord(asRecord(goals.against).total)),
      biggest: {
        streak: { wins: asNumber(streak.wins), draws: asNumber(streak.draws), loses: asNumber(streak.loses) },
        wins: { home: scoreOrNull(bigWins.home), away: scoreOrNull(bigWins.away) },
        loses: { home: scoreOrNull(bigLoses.home), away: scoreOrNull(bigLoses.away) },
      },
      cleanSheet: homeAway(r.clean_sheet),
      failedToScore: homeAway(r.failed_to_score),
      penalty: { scored: asNumber(asRecord(penalty.scored).total), missed: asNumber(asRecord(penalty.missed).total) },
      lineups: (Array.isArray(r.lineups) ? r.lineups : [])
        .map((l) => ({ formation: asString(asRecord(l).formation), played: asNumber(asRecord(l).played) }))
        .filter((l) => l.formation),
      cards: { yellow: minutes(cards.yellow), red: minutes(cards.red) },
    },
  };
}

/** A `/teams/statistics` answer: one object (with `team=`) or the build's list (one per team). */
export function parseTeamStatisticsResponse(body: unknown): ParsedList<TeamSeasonStatistics> {
  const response = asRecord(body).response;
  if (response && typeof response === 'object' && !Array.isArray(response)) return parseEach([response], parseTeamStatistics);
  const list = readList(body);
  return list.ok ? parseEach(list.value, parseTeamStatistics) : list;
}
