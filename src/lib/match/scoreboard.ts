import { LEAGUES } from '../config.ts';
export { competitionPath } from '../../../contract/competitions.ts';
import { statusLabel } from '../../../contract/status.ts';
export { statusLabel };
import { formatTime } from '../format/date.ts';
import type { CompetitionMatches, Match, ScoreboardMatch, TeamMatchSummary } from './types.ts';

/**
 * What the clock of a live match shows: "67'", "45+2'", or the pause it is in ("Descanso").
 * Without an elapsed minute it falls back to the status name rather than a guessed minute.
 */
export function liveClock(match: ScoreboardMatch): string {
  const { short, elapsed, extra } = match.status;
  if (short === 'HT' || short === 'BT') return 'Descanso';
  if (short === 'P') return 'Penales';
  if (short === 'SUSP' || short === 'INT') return statusLabel(short);
  if (elapsed === null || elapsed <= 0) return 'En juego';
  return extra && extra > 0 ? `${elapsed}+${extra}'` : `${elapsed}'`;
}

export function hasScore(match: ScoreboardMatch): boolean {
  return match.goals.home !== null && match.goals.away !== null;
}

/** 'H - A', or 'Próximo' when there are no goals yet (spec §3). */
export function scoreText(match: ScoreboardMatch): string {
  return hasScore(match) ? `${match.goals.home} - ${match.goals.away}` : 'Próximo';
}

/** Kickoff as HH:MM in Ecuador: the build's preformatted one when there is one (see ScoreboardMatch). */
export function kickoffTime(match: ScoreboardMatch): string {
  return match.kickoffTime ?? formatTime(match.date);
}

/** A match cut down to what a scoreboard line shows (for island props; see ScoreboardMatch). */
export function toScoreboardMatch(match: ScoreboardMatch): ScoreboardMatch {
  return {
    kind: match.kind,
    id: match.id,
    date: match.date,
    timestamp: match.timestamp,
    status: { short: match.status.short, elapsed: match.status.elapsed, extra: match.status.extra },
    league: { id: match.league.id, name: match.league.name, logo: match.league.logo, round: match.league.round },
    home: match.home,
    away: match.away,
    goals: match.goals,
    score: { penalty: match.score.penalty },
    kickoffTime: formatTime(match.date),
  };
}

/** Spec §3 team match summary, flat, for team pages and compact lists. */
export function toTeamMatchSummary(match: Match): TeamMatchSummary {
  return {
    id: match.id,
    homeTeam: match.home.name,
    homeTeamLogo: match.home.logo,
    awayTeam: match.away.name,
    awayTeamLogo: match.away.logo,
    date: match.date,
    status: match.status.short,
    score: scoreText(match),
    competition: match.league.name,
    competitionId: match.league.id,
    round: match.league.round,
    venue: match.venue.name,
    city: match.venue.city,
    referee: match.referee,
    elapsedMinutes: match.status.elapsed,
    statusLong: match.status.long,
    periods: match.periods,
  };
}

const ROUND_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^regular season\s*-\s*(\d+)$/i, 'Fecha $1'],
  [/^group stage\s*-\s*(\d+)$/i, 'Fase de grupos · Fecha $1'],
  [/^(?:1st|first) phase\s*-\s*(\d+)$/i, 'Primera Etapa · Fecha $1'],
  [/^(?:2nd|second) phase\s*-\s*(\d+)$/i, 'Segunda Etapa · Fecha $1'],
  [/^round of 32$/i, 'Dieciseisavos de final'],
  [/^round of 16$/i, 'Octavos de final'],
  [/^quarter-?finals?$/i, 'Cuartos de final'],
  [/^semi-?finals?$/i, 'Semifinales'],
  [/^3rd place final$/i, 'Tercer puesto'],
  [/^final$/i, 'Final'],
  [/^(?:1st|first) round$/i, 'Primera fase'],
  [/^(?:2nd|second) round$/i, 'Segunda fase'],
  [/^(?:3rd|third) round$/i, 'Tercera fase'],
  // Phase names on their own (a calendar's phase headings).
  [/^regular season$/i, 'Fase regular'],
  [/^group stage$/i, 'Fase de grupos'],
  [/^(?:1st|first) phase$/i, 'Primera Etapa'],
  [/^(?:2nd|second) phase$/i, 'Segunda Etapa'],
  [/^friendlies$/i, 'Amistosos'],
  // The provider numbers the friendlies' dates: "Friendlies 4" is the fourth date, not a fourth friendly.
  [/^friendlies\s*-?\s*(\d+)$/i, 'Fecha $1'],
  [/^play-?offs?$/i, 'Repechaje'],
  [/^preliminary round$/i, 'Fase previa'],
  // Named phases with a matchday number: "Hexagonal Final - 7".
  [/^(.+?)\s+-\s+(\d+)$/, '$1 · Fecha $2'],
];

/**
 * The South American qualifiers are one league table, though the provider names their rounds
 * "Group Stage - N": there they are "Fecha N", and the phase is the qualifiers themselves.
 */
const SINGLE_TABLE_ROUND_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^group stage\s*-\s*(\d+)$/i, 'Fecha $1'],
  [/^group stage$/i, 'Eliminatorias'],
];

/**
 * Liga Pro's regular season is its first stage: its table is "Primera Etapa" (the provider's group
 * name, and the Serie B's rounds'), so its calendar names the same rounds so too, not "Fase regular".
 */
const LIGA_PRO_ROUND_NAMES: ReadonlyArray<[RegExp, string]> = [[/^regular season$/i, 'Primera Etapa']];

/**
 * The provider's English round names in Spanish ("Regular Season - 28" → "Fecha 28"); others as
 * given. `leagueId`: the competition's, whose format can change a name's meaning (the qualifiers).
 */
export function roundLabel(round: string, leagueId?: number): string {
  const trimmed = round.trim();
  const names =
    leagueId === LEAGUES.eliminatorias ? [...SINGLE_TABLE_ROUND_NAMES, ...ROUND_NAMES] : leagueId === LEAGUES.ligaPro ? [...LIGA_PRO_ROUND_NAMES, ...ROUND_NAMES] : ROUND_NAMES;
  for (const [pattern, label] of names) {
    if (pattern.test(trimmed)) return trimmed.replace(pattern, label);
  }
  return trimmed;
}

/** The portal's competitions first (Liga Pro, Serie B, cups, qualifiers), then the rest by name. */
const COMPETITION_ORDER: readonly number[] = [
  LEAGUES.ligaPro,
  LEAGUES.serieB,
  LEAGUES.libertadores,
  LEAGUES.sudamericana,
  LEAGUES.eliminatorias,
  LEAGUES.amistosos,
];

function competitionRank(id: number): number {
  const index = COMPETITION_ORDER.indexOf(id);
  return index === -1 ? COMPETITION_ORDER.length : index;
}

const KIND_ORDER = { Live: 0, Fixture: 1, Result: 2 } as const;

/**
 * Orders a day's matches as a scoreboard does: live first, then upcoming by kickoff, then
 * finished by kickoff; ties by id so the order is stable across refreshes.
 */
export function compareForScoreboard(a: ScoreboardMatch, b: ScoreboardMatch): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.timestamp - b.timestamp || a.id - b.id;
}

/** Newest first (latest results). */
export function compareNewestFirst(a: ScoreboardMatch, b: ScoreboardMatch): number {
  return b.timestamp - a.timestamp || b.id - a.id;
}

/**
 * Groups matches by competition, the portal's competitions first. Matches keep the order they
 * come in, so callers sort first with the comparator that suits the list.
 */
export function groupByCompetition<T extends ScoreboardMatch>(matches: readonly T[]): CompetitionMatches<T>[] {
  const groups = new Map<number, CompetitionMatches<T>>();
  for (const match of matches) {
    const group = groups.get(match.league.id);
    if (group) group.matches.push(match);
    else groups.set(match.league.id, { competition: match.league, matches: [match] });
  }
  return [...groups.values()].sort(
    (a, b) =>
      competitionRank(a.competition.id) - competitionRank(b.competition.id) ||
      a.competition.name.localeCompare(b.competition.name, 'es'),
  );
}

function sameTeamLine(a: ScoreboardMatch['home'], b: ScoreboardMatch['home']): boolean {
  return a.id === b.id && a.name === b.name && a.logo === b.logo && a.winner === b.winner;
}

/**
 * Whether two copies of a match show the same scoreboard line (everything a MatchRow reads). The
 * kickoff is compared as the instant: the build's copy writes it in UTC, a refresh asked with
 * Ecuador's zone as "…-05:00", and a row shows the same time for both.
 */
export function sameScoreboardLine(a: ScoreboardMatch, b: ScoreboardMatch): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.timestamp === b.timestamp &&
    a.status.short === b.status.short &&
    a.status.elapsed === b.status.elapsed &&
    a.status.extra === b.status.extra &&
    a.goals.home === b.goals.home &&
    a.goals.away === b.goals.away &&
    a.score.penalty.home === b.score.penalty.home &&
    a.score.penalty.away === b.score.penalty.away &&
    a.league.id === b.league.id &&
    a.league.name === b.league.name &&
    a.league.logo === b.league.logo &&
    a.league.round === b.league.round &&
    sameTeamLine(a.home, b.home) &&
    sameTeamLine(a.away, b.away)
  );
}

/**
 * The phone names the build gave a match's clubs (club-names.ts `withPhoneNames`), kept on a fresh
 * copy from the API, which has none: the islands carry no table of names, and a refresh must not
 * turn "IDV" back into a name that does not fit.
 */
export function keepPhoneNames<T extends ScoreboardMatch>(current: T, next: T): T {
  const home = next.home.shortName === undefined && current.home.shortName !== undefined && current.home.id === next.home.id;
  const away = next.away.shortName === undefined && current.away.shortName !== undefined && current.away.id === next.away.id;
  if (!home && !away) return next;
  return {
    ...next,
    home: home ? { ...next.home, shortName: current.home.shortName } : next.home,
    away: away ? { ...next.away, shortName: current.away.shortName } : next.away,
  };
}

/**
 * Replaces matches by id with fresher copies and appends new ones, keeping the order already on
 * screen: a refresh then changes scores in place instead of reshuffling rows under the reader.
 * A match missing from the fresh list is kept as it was (a failed or partial answer never empties
 * the scoreboard). A match whose line did not change keeps its object, and a refresh that changes
 * nothing returns the same array, so React redraws only the rows that changed; on a slow phone a
 * full redraw of the day's matches every 20 s is a long task each time. A changed match whose
 * kickoff did not move keeps the build's preformatted `kickoffTime`: the first Intl formatter in a
 * tab costs a slow phone tens of milliseconds.
 */
export function mergeMatches<T extends ScoreboardMatch>(current: readonly T[], fresh: readonly T[]): readonly T[] {
  const freshById = new Map(fresh.map((m) => [m.id, m]));
  let changed = false;
  const merged = current.map((m) => {
    const next = freshById.get(m.id);
    if (!next || sameScoreboardLine(m, next)) return m;
    changed = true;
    const named = keepPhoneNames(m, next);
    return named.kickoffTime === undefined && m.kickoffTime !== undefined && named.timestamp === m.timestamp ? { ...named, kickoffTime: m.kickoffTime } : named;
  });
  const known = new Set(current.map((m) => m.id));
  const added = fresh.filter((m) => !known.has(m.id)).sort(compareForScoreboard);
  if (added.length) return [...merged, ...added];
  return changed ? merged : current;
}

/**
 * Latest results for the home page: each competition's newest finished matches (up to its
 * `limit`), in the order the competitions are given, leaving out matches already shown elsewhere
 * (today's scoreboard).
 */
export function latestResults<T extends ScoreboardMatch>(
  competitions: ReadonlyArray<{ matches: readonly T[]; limit: number }>,
  exclude: ReadonlySet<number> = new Set(),
): T[] {
  const seen = new Set(exclude);
  const results: T[] = [];
  for (const { matches, limit } of competitions) {
    const finished = matches.filter((m) => m.kind === 'Result' && !seen.has(m.id)).sort(compareNewestFirst).slice(0, limit);
    for (const match of finished) {
      seen.add(match.id);
      results.push(match);
    }
  }
  return results;
}
