import type { ApiFixtureEvent, ApiFixtureFull, ApiTeamFixtureStatistics } from '../../store/provider-types.ts';
import { statValue } from './match.ts';

/**
 * A scripted match of the demo season as its clock goes. A scripted fixture is stored as its full plan (final score,
 * every event, lineups, full-match statistics); this module answers what a provider would send for
 * it at a given moment. Real time from kickoff K:
 *   before K: NS · K..K+47 min: 1H (45 + 2 of stoppage) · ..K+62: HT · ..K+111: 2H (45 + 4) · then FT.
 */

// One list of status codes for server and site (contract/status.ts); re-exported for the demo's modules.
export { LIVE_STATUSES, isLiveStatus, isFinishedStatus } from '../../../contract/status.ts';

const MINUTE_MS = 60_000;
const FIRST_HALF_ENDS = 47;
const SECOND_HALF_STARTS = 62;
const FULL_TIME_AT = 111;

/** The moment (ms) a scripted fixture reaches full time. */
export function scriptedFullTimeAt(plan: ApiFixtureFull): number {
  return plan.fixture.timestamp * 1000 + FULL_TIME_AT * MINUTE_MS;
}

/** True once the scripted match has reached full time: the server then refreshes derived tables. */
export function isScriptedWindowOver(plan: ApiFixtureFull, nowMs: number): boolean {
  return nowMs >= scriptedFullTimeAt(plan);
}

type Phase = 'NS' | '1H' | 'HT' | '2H' | 'FT';

interface ClockReading {
  phase: Phase;
  elapsed: number | null;
  extra: number | null;
  /** Minutes of football played so far (0..90), for scaling statistics. */
  played: number;
}

function readClock(kickoffMs: number, nowMs: number): ClockReading {
  if (!Number.isFinite(nowMs) || !Number.isFinite(kickoffMs) || nowMs < kickoffMs) return { phase: 'NS', elapsed: null, extra: null, played: 0 };
  const t = (nowMs - kickoffMs) / MINUTE_MS;
  const m = Math.floor(t);
  if (t < FIRST_HALF_ENDS) {
    return m <= 45
      ? { phase: '1H', elapsed: Math.max(1, m), extra: null, played: Math.min(45, t) }
      : { phase: '1H', elapsed: 45, extra: m - 45, played: 45 };
  }
  if (t < SECOND_HALF_STARTS) return { phase: 'HT', elapsed: 45, extra: null, played: 45 };
  if (t < FULL_TIME_AT) {
    const minute = 46 + Math.floor(t - SECOND_HALF_STARTS);
    return minute <= 90
      ? { phase: '2H', elapsed: minute, extra: null, played: Math.min(90, 45 + (t - SECOND_HALF_STARTS)) }
      : { phase: '2H', elapsed: 90, extra: minute - 90, played: 90 };
  }
  return { phase: 'FT', elapsed: 90, extra: null, played: 90 };
}

const eventKey = (e: { elapsed: number; extra: number | null }) => e.elapsed + (e.extra ?? 0) / 100;

function isRevealed(event: ApiFixtureEvent, clock: ClockReading): boolean {
  if (clock.phase === 'NS') return false;
  if (clock.phase === 'FT') return true;
  const firstHalf = event.time.elapsed <= 45;
  if (clock.phase === 'HT') return firstHalf;
  if (clock.phase === '2H' && firstHalf) return true;
  if (clock.phase === '1H' && !firstHalf) return false;
  return eventKey(event.time) <= eventKey({ elapsed: clock.elapsed ?? 0, extra: clock.extra });
}

const STATUS_LONG: Record<Exclude<Phase, 'FT'>, string> = {
  NS: 'Not Started',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
};

function scaleStatistics(
  full: ApiTeamFixtureStatistics[], events: ApiFixtureEvent[], fraction: number,
): ApiTeamFixtureStatistics[] {
  const scoredBy = (teamId: number) => events.filter((e) => e.type === 'Goal' && e.team.id === teamId && e.detail !== 'Own Goal').length;
  const cardsOf = (teamId: number, detail: string) => events.filter((e) => e.type === 'Card' && e.team.id === teamId && e.detail === detail).length;
  const scale = (v: number) => Math.round(v * fraction);
  const onTarget = full.map((s) => Math.min(statValue(s, 'Shots on Goal'), Math.max(scoredBy(s.team.id), scale(statValue(s, 'Shots on Goal')))));
  return full.map((s, i) => {
    const rival = full[1 - i];
    const off = scale(statValue(s, 'Shots off Goal'));
    const blocked = scale(statValue(s, 'Blocked Shots'));
    const passes = scale(statValue(s, 'Total passes'));
    const accurate = Math.min(passes, scale(statValue(s, 'Passes accurate')));
    const values: Record<string, number | string> = {
      'Shots on Goal': onTarget[i],
      'Shots off Goal': off,
      'Total Shots': onTarget[i] + off + blocked,
      'Blocked Shots': blocked,
      Fouls: scale(statValue(s, 'Fouls')),
      'Corner Kicks': scale(statValue(s, 'Corner Kicks')),
      Offsides: scale(statValue(s, 'Offsides')),
      'Yellow Cards': cardsOf(s.team.id, 'Yellow Card'),
      'Red Cards': cardsOf(s.team.id, 'Red Card'),
      'Goalkeeper Saves': rival ? Math.max(0, onTarget[1 - i] - scoredBy(rival.team.id)) : 0,
      'Total passes': passes,
      'Passes accurate': accurate,
      'Passes %': `${passes ? Math.round((accurate / passes) * 100) : 0}%`,
    };
    return {
      team: { ...s.team },
      // Possession is a share of the time played, so it stays the match's percentage.
      statistics: s.statistics.map((x) => ({ type: x.type, value: x.type in values ? values[x.type] : x.value })),
    };
  });
}

/** What the provider would return for a scripted fixture at `nowMs`. Never mutates `plan`. */
/** How long before kick-off the demo publishes a scripted match's line-ups (providers: 20–40 minutes). */
export const LINEUPS_PUBLISHED_BEFORE_MS = 25 * 60_000;

export function viewFixtureAt(plan: ApiFixtureFull, nowMs: number): ApiFixtureFull {
  const copy = structuredClone(plan);
  const kickoffMs = plan.fixture.timestamp * 1000;
  const clock = readClock(kickoffMs, nowMs);
  if (clock.phase === 'FT') return copy;

  const homeId = plan.teams.home.id;
  const awayId = plan.teams.away.id;
  const empty = { home: null, away: null };
  if (clock.phase === 'NS') {
    return {
      ...copy,
      fixture: { ...copy.fixture, periods: { first: null, second: null }, status: { long: STATUS_LONG.NS, short: 'NS', elapsed: null, extra: null } },
      teams: { home: { ...copy.teams.home, winner: null }, away: { ...copy.teams.away, winner: null } },
      goals: { ...empty },
      score: { halftime: { ...empty }, fulltime: { ...empty }, extratime: { ...empty }, penalty: { ...empty } },
      events: [],
      // As covered leagues do: the confirmed line-ups are out a while before kick-off.
      lineups: nowMs >= kickoffMs - LINEUPS_PUBLISHED_BEFORE_MS ? (copy.lineups ?? []) : [],
      statistics: [],
    };
  }

  const events = (copy.events ?? []).filter((e) => isRevealed(e, clock));
  const goals = (teamId: number, firstHalfOnly: boolean) =>
    events.filter((e) => e.type === 'Goal' && e.team.id === teamId && (!firstHalfOnly || e.time.elapsed <= 45)).length;
  const home = goals(homeId, false);
  const away = goals(awayId, false);
  const halftimeKnown = clock.phase === 'HT' || clock.phase === '2H';
  return {
    ...copy,
    fixture: {
      ...copy.fixture,
      periods: { first: plan.fixture.timestamp, second: clock.phase === '2H' ? plan.fixture.timestamp + SECOND_HALF_STARTS * 60 : null },
      status: { long: STATUS_LONG[clock.phase], short: clock.phase, elapsed: clock.elapsed, extra: clock.extra },
    },
    teams: {
      home: { ...copy.teams.home, winner: home === away ? null : home > away },
      away: { ...copy.teams.away, winner: home === away ? null : away > home },
    },
    goals: { home, away },
    score: {
      halftime: halftimeKnown ? { home: goals(homeId, true), away: goals(awayId, true) } : { ...empty },
      fulltime: { ...empty },
      extratime: { ...empty },
      penalty: { ...empty },
    },
    events,
    lineups: copy.lineups ?? [],
    statistics: scaleStatistics(copy.statistics ?? [], events, clock.played / 90),
  };
}
