import { foldAccents } from '../../../contract/text.ts';
import { isCancelledStatus, isFinishedStatus, isLiveStatus } from '../../../contract/status.ts';
import { isoDay } from '../format/date.ts';
import { formatDayHeading } from '../format/day.ts';
import { isKnockoutRound, legLabels } from './bracket.ts';
import { roundLabel, toScoreboardMatch } from '../match/scoreboard.ts';
import type { RoundView } from './round-view.ts';
import type { Match } from '../match/types.ts';

export type { RoundView } from './round-view.ts';

/**
 * A competition's season as readers follow it: phases ("Hexagonal Final", "Octavos de final"),
 * rounds within them ("Fecha 7"), the days of each round, and which round is on now.
 */

export interface RoundKey {
  /** The provider's phase ("Hexagonal Final", "Group Stage", "Round of 16"). */
  phase: string;
  /** The matchday within the phase, or null for a one-off round (a knockout round, a final). */
  number: number | null;
}

/** "Hexagonal Final - 7" → {phase: 'Hexagonal Final', number: 7}; "Round of 16" → {phase, null}. */
export function parseRound(round: string): RoundKey {
  const trimmed = round.trim();
  // "Phase - 7", or "Friendlies 3"; never "Round of 16", whose number names the round.
  const numbered = /^(.*?)\s*-\s*(\d+)$/.exec(trimmed) ?? /^(.*?\D)\s+(\d+)$/.exec(trimmed);
  if (numbered && numbered[1]!.trim() && !/\bof$/i.test(numbered[1]!.trim())) return { phase: numbered[1]!.trim(), number: Number(numbered[2]) };
  return { phase: trimmed, number: null };
}

/** A phase's name in Spanish ("Group Stage" → "Fase de grupos"); Spanish names stay as they are. */
export function phaseLabel(phase: string, leagueId?: number): string {
  return roundLabel(phase.trim(), leagueId);
}

export type RoundState = 'pending' | 'in-progress' | 'done';

export interface MatchDay {
  /** YYYY-MM-DD in Ecuador. */
  day: string;
  matches: Match[];
}

export interface Round {
  /** The provider's round name (unique within a competition's season). */
  round: string;
  /** Spanish, as readers see it: "Fecha 7", "Hexagonal Final · Fecha 7", "Octavos de final". */
  label: string;
  /** An id-safe anchor ("fecha-hexagonal-final-7"). */
  anchor: string;
  phase: string;
  phaseLabel: string;
  number: number | null;
  matches: Match[];
  days: MatchDay[];
  state: RoundState;
  live: boolean;
  /** First kickoff (epoch s; 0 when none is known). */
  start: number;
}

export interface Phase {
  phase: string;
  label: string;
  anchor: string;
  rounds: Round[];
  state: RoundState;
}

/** A match whose result will not change any more (finished, or postponed/cancelled for now). */
function settled(match: Match): boolean {
  return isFinishedStatus(match.status.short) || isCancelledStatus(match.status.short);
}

function stateOf(matches: readonly Match[]): RoundState {
  const done = matches.filter(settled).length;
  if (done === matches.length) return 'done';
  const started = matches.some((m) => isFinishedStatus(m.status.short) || isLiveStatus(m.status.short));
  return started ? 'in-progress' : 'pending';
}

export function slug(text: string): string {
  return (
    foldAccents(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'ronda'
  );
}

/** Splits a round's matches by Ecuador day, in kickoff order. */
export function groupByDay(matches: readonly Match[]): MatchDay[] {
  const days = new Map<string, Match[]>();
  for (const match of [...matches].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id)) {
    const day = match.timestamp ? isoDay(match.timestamp * 1000) : '';
    const list = days.get(day);
    if (list) list.push(match);
    else days.set(day, [match]);
  }
  return [...days.entries()].map(([day, list]) => ({ day, matches: list }));
}

/**
 * The season's rounds, in the order they start (a round's first kickoff), each with its days.
 * Rounds that interleave (Liga Pro's hexagonals and relegation group play the same weekends) stay
 * separate rounds.
 */
export function groupRounds(matches: readonly Match[]): Round[] {
  const byRound = new Map<string, Match[]>();
  for (const match of matches) {
    const key = match.league.round.trim();
    const list = byRound.get(key);
    if (list) list.push(match);
    else byRound.set(key, [match]);
  }
  const rounds: Round[] = [...byRound.entries()].map(([round, list]) => {
    const { phase, number } = parseRound(round);
    const sorted = [...list].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
    const starts = sorted.map((m) => m.timestamp).filter((t) => t > 0);
    return {
      round,
      label: roundLabel(round, sorted[0]?.league.id) || 'Sin fecha asignada',
      anchor: `fecha-${slug(round)}`,
      phase,
      phaseLabel: phaseLabel(phase, sorted[0]?.league.id),
      number,
      matches: sorted,
      days: groupByDay(sorted),
      state: stateOf(sorted),
      live: sorted.some((m) => m.kind === 'Live'),
      start: starts.length ? Math.min(...starts) : 0,
    };
  });
  return rounds.sort((a, b) => a.start - b.start || (a.number ?? 0) - (b.number ?? 0) || a.round.localeCompare(b.round));
}

/** Rounds grouped by phase, phases in the order they start. */
export function groupPhases(rounds: readonly Round[]): Phase[] {
  const phases = new Map<string, Phase>();
  for (const round of rounds) {
    const phase = phases.get(round.phase);
    if (phase) phase.rounds.push(round);
    else phases.set(round.phase, { phase: round.phase, label: round.phaseLabel, anchor: `fase-${slug(round.phase)}`, rounds: [round], state: 'pending' });
  }
  return [...phases.values()].map((phase) => ({ ...phase, state: stateOf(phase.rounds.flatMap((r) => r.matches)) }));
}

export interface RoundsNow {
  /** The rounds being played now, or the latest played when none is. */
  current: Round[];
  /** The rounds after them. */
  next: Round[];
}

/**
 * Which rounds a front page shows. Current: every round under way (Liga Pro plays several phases on
 * the same weekend); when none is, the latest finished round of each phase that still has rounds to
 * play, else the season's latest finished round. Next: each current round's next round in its
 * phase, else the first round still to play.
 */
export function roundsNow(rounds: readonly Round[]): RoundsNow {
  const inProgress = rounds.filter((r) => r.state === 'in-progress');
  let current: Round[] = inProgress;
  if (!current.length) {
    const openPhases = new Set(rounds.filter((r) => r.state === 'pending').map((r) => r.phase));
    const latestDone = new Map<string, Round>();
    for (const round of rounds) if (round.state === 'done' && openPhases.has(round.phase)) latestDone.set(round.phase, round);
    current = [...latestDone.values()];
    if (!current.length) {
      const done = rounds.filter((r) => r.state === 'done');
      const last = done[done.length - 1];
      current = last ? [last] : [];
    }
  }
  const next: Round[] = [];
  const add = (round: Round | undefined) => {
    if (round && !next.includes(round) && !current.includes(round)) next.push(round);
  };
  for (const round of current) {
    add(rounds.find((r) => r.phase === round.phase && r.state === 'pending' && r.start >= round.start && r !== round));
  }
  if (!next.length) add(rounds.find((r) => r.state === 'pending'));
  if (!current.length && next.length) return { current: next.slice(0, 1), next: [] };
  return { current, next };
}

export function toRoundView(round: Round): RoundView {
  const legs = isKnockoutRound(round.round) ? legLabels(round.matches) : {};
  return {
    round: round.round,
    label: round.label,
    anchor: round.anchor,
    days: round.days.map((d) => ({ day: d.day, heading: d.day ? formatDayHeading(d.day) : '', matches: d.matches.map(toScoreboardMatch) })),
    ...(Object.keys(legs).length ? { legs } : {}),
  };
}

/** A round's name inside its phase's list ("Fecha 7"), or its whole label for a one-off round ("Final"). */
export function roundShortLabel(round: Pick<Round, 'number' | 'label'>): string {
  return round.number === null ? round.label : `Fecha ${round.number}`;
}

/**
 * The rounds before and after one, phase by phase (a phase's rounds in order, then the next
 * phase's): Liga Pro plays three phases on the same weekends, and a reader paging through
 * "Hexagonal Final" wants its Fecha 8 after its Fecha 7, not another phase's round of that weekend.
 */
export function roundNeighbours(phases: readonly Phase[], round: string): { previous: Round | null; next: Round | null } {
  const order = phases.flatMap((phase) => phase.rounds);
  const index = order.findIndex((r) => r.round === round);
  return index < 0 ? { previous: null, next: null } : { previous: order[index - 1] ?? null, next: order[index + 1] ?? null };
}
