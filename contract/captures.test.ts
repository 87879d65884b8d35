import { readdirSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  collectDrops,
  FixtureEventSchema,
  FixtureSchema,
  issueText,
  PlayerEntrySchema,
  StandingsEntrySchema,
  TeamEntrySchema,
  TeamStatisticsSchema,
  TransferEntrySchema,
  InjurySchema,
} from './api-football.ts';
import { capture, CAPTURES_DIR } from '../tests/helpers/captures.ts';

/**
 * Every real API-Football answer we hold (tests/fixtures/api-football) passes the contract's
 * schemas whole: no item rejected, nothing inside one dropped. A capture added there without a
 * schema for its endpoint fails here, so the schemas follow what the provider really sends.
 */

const SCHEMA_OF_ENDPOINT: Record<string, v.GenericSchema> = {
  fixtures: FixtureSchema,
  'fixtures/events': FixtureEventSchema,
  players: PlayerEntrySchema,
  standings: StandingsEntrySchema,
  teams: TeamEntrySchema,
  'teams/statistics': TeamStatisticsSchema,
  transfers: TransferEntrySchema,
  injuries: InjurySchema,
};

/** Captures that are items rather than whole answers: the endpoint their items come from. */
const ITEM_CAPTURES: Record<string, string> = { 'liga-pro-fixture-items.json': 'fixtures' };

function items(name: string): { endpoint: string; items: unknown[] } {
  const body = capture(name);
  if (ITEM_CAPTURES[name]) {
    return { endpoint: ITEM_CAPTURES[name], items: Object.entries(body).filter(([key]) => !key.startsWith('_')).map(([, item]) => item) };
  }
  return { endpoint: body.get, items: Array.isArray(body.response) ? body.response : [body.response] };
}

function validated(name: string): any[] {
  const { endpoint, items: list } = items(name);
  const schema = SCHEMA_OF_ENDPOINT[endpoint];
  if (!schema) throw new Error(`${name}: no schema for the endpoint "${endpoint}"`);
  return list.map((item, index) => {
    const { value: result, dropped } = collectDrops(() => v.safeParse(schema, item));
    if (!result.success) throw new Error(`${name} item #${index + 1}: ${issueText(result.issues)}`);
    expect(dropped, `${name} item #${index + 1}`).toEqual([]);
    return result.output;
  });
}

const CAPTURE_FILES = readdirSync(CAPTURES_DIR).filter((file) => file.endsWith('.json'));

describe('the contract schemas against every real capture', () => {
  it('finds the captures', () => {
    expect(CAPTURE_FILES).toContain('fixture-by-id-full.json');
    expect(CAPTURE_FILES.length).toBeGreaterThanOrEqual(9);
  });

  it.each(CAPTURE_FILES)('%s validates whole', (name) => {
    validated(name);
  });

  it('keeps what the captures say, normalised but not changed', () => {
    const [full] = validated('fixture-by-id-full.json');
    const raw = capture('fixture-by-id-full.json').response[0];
    // Manchester United 1-0 Fulham, 16 August 2024: events as sent, lineups and statistics whole.
    expect(full.teams.home).toEqual({ id: 33, name: 'Manchester United', logo: 'https://media.api-sports.io/football/teams/33.png', winner: true });
    expect(full.goals).toEqual({ home: 1, away: 0 });
    expect(full.events).toEqual(raw.events);
    expect(full.lineups[0].startXI[0]).toEqual(raw.lineups[0].startXI[0]);
    expect(full.statistics[0].statistics).toEqual(raw.statistics[0].statistics);

    const [yellow, goal] = validated('fixtures-events.json');
    expect([yellow.time.elapsed, yellow.player.name, yellow.detail]).toEqual([48, 'Fernandinho', 'Yellow Card']);
    expect([goal.time.elapsed, goal.player.name, goal.detail, goal.comments]).toEqual([50, 'J. Stones', 'Normal Goal', null]);

    const [table] = validated('standings-single-group.json');
    expect(table.league.standings[0][0]).toMatchObject({ rank: 1, team: { id: 50, name: 'Manchester City' }, points: 89 });

    const [live, finished] = validated('liga-pro-fixture-items.json');
    expect([live.fixture.status.short, live.fixture.status.elapsed, live.events.length]).toEqual(['2H', 49, 6]);
    expect([finished.league.id, finished.league.round, finished.events]).toEqual([242, 'Regular Season - 28', undefined]);

    // A club's season is stored whole: every figure, average and percentage as the provider sent it.
    const [season] = validated('teams-statistics.json');
    expect(season).toEqual(capture('teams-statistics.json').response);
    expect([season.team.name, season.fixtures.wins.total, season.biggest.wins.away, season.lineups[0].formation]).toEqual(['RB Leipzig', 8, '1-3', '4-2-3-1']);

    // Who misses a fixture: the player, his club, why and how sure, as the provider lists them.
    const injuries = validated('injuries-by-fixture.json');
    expect(injuries).toHaveLength(13);
    expect(injuries[0]).toMatchObject({ player: { id: 865, name: 'D. Costa', type: 'Missing Fixture', reason: 'Broken ankle' }, team: { id: 157 }, fixture: { id: 686314 } });
    expect(injuries.find((i: any) => i.player.reason === 'Suspended').player.name).toBe('L. Paredes');

    // The rate-limit answer's response is an empty list: nothing to validate, and nothing invented.
    expect(validated('error-rate-limit.json')).toEqual([]);
  });
});
