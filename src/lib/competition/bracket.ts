import { isFinishedStatus } from '../../../contract/status.ts';
import { parseRound, type Round } from './phases.ts';
import type { Match, MatchTeam } from '../match/types.ts';

/**
 * A cup's knockout rounds as a bracket: each tie (one or two legs) with its aggregate score and the
 * team that went through, ordered so the two ties feeding a later tie sit next to each other.
 */

const KNOCKOUT = /^(round of \d+|(?:1\/\d+|eighth|quarter|semi)-?finals?|3rd place final|final|(?:dieciseisavos|octavos|cuartos) de final|semifinal(?:es)?|tercer puesto)$/i;

/** Whether a round is a knockout round (a one-off round of a cup, not a group matchday). */
export function isKnockoutRound(round: string): boolean {
  const { phase, number } = parseRound(round);
  return number === null && KNOCKOUT.test(phase);
}

export interface Tie {
  /** Stable key: the two team ids, lower first. */
  key: string;
  /** The team of the first leg's home side first. */
  teams: [MatchTeam, MatchTeam];
  legs: Match[];
  /** Goals over every leg played so far, per `teams` order; null before any leg has a score. */
  aggregate: [number, number] | null;
  /** Penalties of the deciding leg, per `teams` order, when there were any. */
  penalties: [number, number] | null;
  /** Id of the team through, once decided; null while open. */
  winnerId: number | null;
}

export interface BracketRound {
  round: string;
  label: string;
  anchor: string;
  ties: Tie[];
}

function goalsFor(match: Match, teamId: number): number | null {
  if (match.home.id === teamId) return match.goals.home;
  if (match.away.id === teamId) return match.goals.away;
  return null;
}

function penaltiesFor(match: Match, teamId: number): number | null {
  if (match.home.id === teamId) return match.score.penalty.home;
  if (match.away.id === teamId) return match.score.penalty.away;
  return null;
}

/** Builds one tie from its legs (in kickoff order). */
export function buildTie(legs: readonly Match[]): Tie {
  const ordered = [...legs].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  const first = ordered[0]!;
  const teams: [MatchTeam, MatchTeam] = [first.home, first.away];
  const [a, b] = teams;
  let aggregate: [number, number] | null = null;
  for (const leg of ordered) {
    const ga = goalsFor(leg, a.id);
    const gb = goalsFor(leg, b.id);
    if (ga === null || gb === null) continue;
    aggregate = [(aggregate?.[0] ?? 0) + ga, (aggregate?.[1] ?? 0) + gb];
  }
  const last = ordered[ordered.length - 1]!;
  const pa = penaltiesFor(last, a.id);
  const pb = penaltiesFor(last, b.id);
  const penalties: [number, number] | null = pa !== null && pb !== null ? [pa, pb] : null;
  let winnerId: number | null = null;
  if (ordered.every((leg) => isFinishedStatus(leg.status.short))) {
    const lastWinner = last.home.winner === true ? last.home.id : last.away.winner === true ? last.away.id : null;
    if (aggregate && aggregate[0] !== aggregate[1]) winnerId = aggregate[0] > aggregate[1] ? a.id : b.id;
    else if (penalties && penalties[0] !== penalties[1]) winnerId = penalties[0] > penalties[1] ? a.id : b.id;
    else winnerId = lastWinner;
  }
  return { key: [a.id, b.id].sort((x, y) => x - y).join('-'), teams, legs: ordered, aggregate, penalties, winnerId };
}

function tiesOf(matches: readonly Match[]): Tie[] {
  const legs = new Map<string, Match[]>();
  for (const match of matches) {
    const key = [match.home.id, match.away.id].sort((x, y) => x - y).join('-');
    const list = legs.get(key);
    if (list) list.push(match);
    else legs.set(key, [match]);
  }
  return [...legs.values()].map(buildTie).sort((x, y) => x.legs[0]!.timestamp - y.legs[0]!.timestamp || x.legs[0]!.id - y.legs[0]!.id);
}

/**
 * The knockout rounds of a cup in play order. Ties are ordered from the last round backwards: the
 * ties whose winners meet later sit together, as a printed bracket draws them. A third-place
 * match is left out of the tree (it is in the calendar).
 */
export function buildBracket(rounds: readonly Round[]): BracketRound[] {
  const knockout = rounds.filter((r) => isKnockoutRound(r.round) && !/3rd place|tercer puesto/i.test(r.round));
  const built: BracketRound[] = knockout.map((r) => ({ round: r.round, label: r.label, anchor: r.anchor, ties: tiesOf(r.matches) }));
  for (let i = built.length - 2; i >= 0; i--) {
    const later = built[i + 1]!.ties;
    const slot = (tie: Tie): number => {
      for (let j = 0; j < later.length; j++) {
        const [a, b] = later[j]!.teams;
        if (tie.teams.some((t) => t.id === a.id)) return 2 * j;
        if (tie.teams.some((t) => t.id === b.id)) return 2 * j + 1;
      }
      return Number.MAX_SAFE_INTEGER;
    };
    const current = built[i]!;
    current.ties = current.ties.map((tie, index) => ({ tie, index })).sort((x, y) => slot(x.tie) - slot(y.tie) || x.index - y.index).map(({ tie }) => tie);
  }
  return built;
}

/**
 * What a calendar's row of a two-legged knockout tie says under its score: "Ida", "Vuelta", and once
 * the return leg is over the aggregate in that match's home-away order ("Global 4-2"). A one-off
 * match (a final) says nothing. Keyed by match id; worked out at build time, when the page is
 * rebuilt at each whistle anyway.
 */
export function legLabels(matches: readonly Match[]): Record<number, string> {
  const labels: Record<number, string> = {};
  for (const tie of tiesOf(matches)) {
    if (tie.legs.length !== 2) continue;
    const [first, second] = tie.legs as [Match, Match];
    labels[first.id] = 'Ida';
    if (second.kind === 'Result' && tie.aggregate) {
      const [h, a] = tie.teams[0].id === second.home.id ? tie.aggregate : [tie.aggregate[1], tie.aggregate[0]];
      labels[second.id] = `Global ${h}-${a}`;
    } else labels[second.id] = 'Vuelta';
  }
  return labels;
}

/**
 * What a leg's page says about its tie: on the second leg, the aggregate in this match's home/away
 * order ("Global 3-2") once it has a score, and the team through when the tie is decided; on the
 * first leg, nothing yet (the return leg's page carries it).
 */
export function tieLine(tie: Tie, match: Match): { leg: 1 | 2; text: string } | null {
  const leg = tie.legs[0]?.id === match.id ? 1 : 2;
  if (leg === 1) return { leg, text: 'Partido de ida' };
  const first = tie.legs[0]!;
  if (match.kind !== 'Result' || !tie.aggregate) {
    const firstScore = first.goals.home !== null && first.goals.away !== null ? ` ${first.goals.home}-${first.goals.away} ` : ' vs. ';
    return { leg, text: `Partido de vuelta · Ida: ${first.home.name}${firstScore}${first.away.name}` };
  }
  const homeFirst = tie.teams[0].id === match.home.id;
  const [h, a] = homeFirst ? tie.aggregate : [tie.aggregate[1], tie.aggregate[0]];
  const through = tie.winnerId === match.home.id ? match.home : tie.winnerId === match.away.id ? match.away : null;
  const byPenalties = through !== null && tie.aggregate[0] === tie.aggregate[1] && tie.penalties !== null;
  return { leg, text: `Global ${h}-${a}${through ? ` · Pasa ${through.name}${byPenalties ? ' por penales' : ''}` : ''}` };
}
