import { describe, expect, it } from 'vitest';
import type { ApiFixtureFull } from '../../store/provider-types.ts';
import {
  LIVE_STATUSES, isScriptedWindowOver, scriptedFullTimeAt, viewFixtureAt,
} from './scripted-match.ts';
import { generateDemoSeason } from './generate.ts';

const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
const season = generateDemoSeason({ seed: 2026, anchor: ANCHOR });
const plans: ApiFixtureFull[] = season.competitions.flatMap((c) => c.fixtures.filter((f) => (c.scriptedFixtureIds ?? []).includes(f.fixture.id)));
/** The scripted match with the most goals: the one that exercises the clock best. */
const plan = [...plans].sort((a, b) => (b.goals.home! + b.goals.away!) - (a.goals.home! + a.goals.away!))[0];
const K = plan.fixture.timestamp * 1000;
const at = (minutes: number) => viewFixtureAt(plan, K + minutes * 60_000);
const stat = (f: ApiFixtureFull, teamIndex: number, type: string) => f.statistics![teamIndex].statistics.find((s) => s.type === type)!.value;

describe('demo live clock', () => {
  it('has scripted plans with goals, events, lineups and statistics', () => {
    expect(plans.length).toBeGreaterThanOrEqual(6);
    expect(plan.goals.home! + plan.goals.away!).toBeGreaterThan(0);
    expect(plan.lineups).toHaveLength(2);
    expect(plan.statistics).toHaveLength(2);
  });

  it('shows nothing before kickoff but the line-ups, published 25 minutes ahead', () => {
    expect(at(-26).lineups).toEqual([]);
    expect(at(-25).lineups).toEqual(plan.lineups);
    const f = at(-1);
    expect(f.lineups).toEqual(plan.lineups);
    expect(f.fixture.status).toEqual({ long: 'Not Started', short: 'NS', elapsed: null, extra: null });
    expect(f.goals).toEqual({ home: null, away: null });
    expect(f.score.halftime).toEqual({ home: null, away: null });
    expect(f.score.fulltime).toEqual({ home: null, away: null });
    expect(f.events).toEqual([]);
    expect(f.statistics).toEqual([]);
    expect(f.fixture.periods).toEqual({ first: null, second: null });
    expect(f.teams.home.winner).toBeNull();
  });

  it('runs NS → 1H → HT → 2H → FT on the documented timetable', () => {
    expect(at(0).fixture.status.short).toBe('1H');
    expect(at(35).fixture.status).toMatchObject({ short: '1H', long: 'First Half', elapsed: 35 });
    expect(at(46.5).fixture.status).toMatchObject({ short: '1H', elapsed: 45, extra: 1 });
    expect(at(47).fixture.status).toMatchObject({ short: 'HT', long: 'Halftime', elapsed: 45 });
    expect(at(61.9).fixture.status.short).toBe('HT');
    expect(at(62).fixture.status).toMatchObject({ short: '2H', long: 'Second Half', elapsed: 46 });
    expect(at(70).fixture.status).toMatchObject({ short: '2H', elapsed: 54 });
    expect(at(108.5).fixture.status).toMatchObject({ short: '2H', elapsed: 90, extra: 2 });
    expect(at(111).fixture.status).toMatchObject({ short: 'FT', long: 'Match Finished', elapsed: 90 });
    expect(LIVE_STATUSES).toEqual(expect.arrayContaining(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'LIVE', 'INT']));
  });

  it('reveals events, score and periods as time passes, never going back', () => {
    let previousEvents = 0;
    let previousGoals = 0;
    let previousElapsed = 0;
    for (let minute = 0; minute <= 115; minute += 0.5) {
      const f = at(minute);
      const events = f.events!;
      const elapsed = f.fixture.status.elapsed ?? 0;
      expect(events.length).toBeGreaterThanOrEqual(previousEvents);
      // Events are in match order, so what is revealed is always the start of the plan's list.
      expect(events).toEqual(plan.events!.slice(0, events.length));
      expect(elapsed).toBeGreaterThanOrEqual(previousElapsed);
      const goals = (f.goals.home ?? 0) + (f.goals.away ?? 0);
      expect(goals).toBeGreaterThanOrEqual(previousGoals);
      for (const side of ['home', 'away'] as const) {
        const teamId = f.teams[side].id;
        expect(f.goals[side]).toBe(events.filter((e) => e.type === 'Goal' && e.team.id === teamId).length);
      }
      if (f.fixture.status.short !== 'FT') {
        for (const e of events) expect(e.time.elapsed <= 45 || f.fixture.status.short === '2H').toBe(true);
        for (const e of events) expect(e.time.elapsed).toBeLessThanOrEqual(Math.max(elapsed, 45));
      }
      expect(f.fixture.periods.first).toBe(plan.fixture.timestamp);
      expect(f.fixture.periods.second === null).toBe(minute < 62);
      previousEvents = events.length;
      previousGoals = goals;
      previousElapsed = f.fixture.status.short === 'FT' ? 90 : elapsed;
    }
    expect(previousGoals).toBe(plan.goals.home! + plan.goals.away!);
  });

  it('sets the half-time score at the break and the final score at full time', () => {
    expect(at(30).score.halftime).toEqual({ home: null, away: null });
    expect(at(50).score.halftime).toEqual(plan.score.halftime);
    expect(at(90).score.fulltime).toEqual({ home: null, away: null });
    expect(at(120)).toEqual(plan);
    expect(at(120).score.fulltime).toEqual({ home: plan.goals.home, away: plan.goals.away });
  });

  it('scales statistics to the time played and keeps them consistent with the revealed events', () => {
    for (const minute of [10, 30, 50, 75, 100]) {
      const f = at(minute);
      expect(f.lineups).toEqual(plan.lineups);
      const possession = [0, 1].map((i) => Number.parseInt(String(stat(f, i, 'Ball Possession')), 10));
      expect(possession[0] + possession[1]).toBe(100);
      for (const i of [0, 1]) {
        const teamId = f.statistics![i].team.id;
        const revealed = (detail: string) => f.events!.filter((e) => e.type === 'Card' && e.detail === detail && e.team.id === teamId).length;
        expect(stat(f, i, 'Yellow Cards')).toBe(revealed('Yellow Card'));
        expect(stat(f, i, 'Red Cards')).toBe(revealed('Red Card'));
        const scored = f.events!.filter((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.team.id === teamId).length;
        expect(stat(f, i, 'Shots on Goal') as number).toBeGreaterThanOrEqual(scored);
        for (const type of ['Shots on Goal', 'Total Shots', 'Fouls', 'Corner Kicks', 'Total passes', 'Passes accurate']) {
          const value = stat(f, i, type) as number;
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeLessThanOrEqual(stat(plan, i, type) as number);
        }
      }
    }
    expect(stat(at(20), 0, 'Total passes') as number).toBeLessThan(stat(at(100), 0, 'Total passes') as number);
  });

  it('tells when the scripted window is over and never mutates the plan', () => {
    const before = JSON.stringify(plan);
    at(70);
    at(-5);
    expect(JSON.stringify(plan)).toBe(before);
    expect(scriptedFullTimeAt(plan)).toBe(K + 111 * 60_000);
    expect(isScriptedWindowOver(plan, K + 110 * 60_000)).toBe(false);
    expect(isScriptedWindowOver(plan, K + 111 * 60_000)).toBe(true);
  });

  it('treats a bad clock value as not started rather than crashing', () => {
    expect(viewFixtureAt(plan, Number.NaN).fixture.status.short).toBe('NS');
    const noKickoff = { ...plan, fixture: { ...plan.fixture, timestamp: Number.NaN } };
    expect(viewFixtureAt(noKickoff, K).fixture.status.short).toBe('NS');
    expect(viewFixtureAt({ ...plan, events: undefined, lineups: undefined, statistics: undefined }, K + 30 * 60_000).fixture.status.short).toBe('1H');
  });
});
