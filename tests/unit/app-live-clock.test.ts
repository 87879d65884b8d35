import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/store/db.ts';
import { createApp } from '../../server/app.ts';
import { ensureData } from '../../server/data.ts';
import { isScriptedWindowOver, viewFixtureAt } from '../../server/providers/demo/clock.ts';
import { refreshDemoDerived } from '../../server/providers/demo/load.ts';
import { renderMediaPng } from '../../server/providers/demo/media.ts';

/**
 * The API over a demo season whose clock we move by hand: a scripted match must go
 * NS → 1H → HT → 2H → FT with its minute, score and events following, and tables must follow at FT.
 */
const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
let db: Db;
let clock = ANCHOR.getTime();

beforeAll(() => {
  db = openDb(':memory:');
  ensureData(db, { now: ANCHOR, env: {}, log: () => {} });
});

function api() {
  // A fresh app per reading: its response cache must not hide the clock moving.
  return createApp({ db, now: () => new Date(clock), viewFixture: viewFixtureAt, renderMedia: renderMediaPng }).app;
}

async function fixture(id: number) {
  const res = await api().request(`/api/football/fixtures?id=${id}`);
  return (await res.json()).response[0];
}

describe('live clock through the API', () => {
  it('moves an upcoming scripted match through every state', async () => {
    const upcoming = (await (await api().request('/api/football/fixtures?league=242&next=1')).json()).response[0];
    const kickoff = upcoming.fixture.timestamp * 1000;
    const at = async (minutes: number) => {
      clock = kickoff + minutes * 60_000;
      return fixture(upcoming.fixture.id);
    };
    const before = await at(-10);
    expect(before.fixture.status.short).toBe('NS');
    expect(before.events).toEqual([]);

    const early = await at(10);
    expect(early.fixture.status.short).toBe('1H');
    expect(early.fixture.status.elapsed).toBeGreaterThanOrEqual(10);
    expect(early.lineups).toHaveLength(2);

    const half = await at(50);
    expect(half.fixture.status.short).toBe('HT');
    const second = await at(80);
    expect(second.fixture.status.short).toBe('2H');
    expect(second.fixture.status.elapsed).toBeGreaterThan(half.fixture.status.elapsed);
    expect(second.events.length).toBeGreaterThanOrEqual(early.events.length);

    const end = await at(130);
    expect(end.fixture.status.short).toBe('FT');
    const goals = end.events.filter((e: any) => e.type === 'Goal' && e.detail !== 'Missed Penalty').length;
    expect(goals).toBe(end.goals.home + end.goals.away);
    for (const e of second.events) expect(e.time.elapsed).toBeLessThanOrEqual(second.fixture.status.elapsed);
  });

  it('counts a scripted match in the table once it reaches full time', async () => {
    const rows = db.prepare('SELECT data FROM fixtures WHERE scripted = 1 AND league_id = 242').all() as Array<{ data: string }>;
    const plan = rows.map((r) => JSON.parse(r.data)).sort((a, b) => b.fixture.timestamp - a.fixture.timestamp)[0];
    const home = plan.teams.home.id;
    const playedAt = async (ms: number) => {
      clock = ms;
      refreshDemoDerived(db, new Date(ms));
      const body = await (await api().request('/api/football/standings?league=242')).json();
      const row = body.response[0].league.standings.flat().filter((r: any) => r.team.id === home).at(-1);
      return row.all.played as number;
    };
    const fullTime = plan.fixture.timestamp * 1000 + 200 * 60_000;
    expect(isScriptedWindowOver(plan, fullTime)).toBe(true);
    const before = await playedAt(plan.fixture.timestamp * 1000 - 60_000);
    const after = await playedAt(fullTime);
    expect(after).toBe(before + 1);
  });
});
