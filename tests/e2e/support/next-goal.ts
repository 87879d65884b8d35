import { DatabaseSync } from 'node:sqlite';
import { viewFixtureAt } from '../../../server/providers/demo/scripted-match.ts';
import { generateDemoSeason } from '../../../server/providers/demo/generate.ts';
import type { ApiFixtureFull } from '../../../server/store/provider-types.ts';

export interface NextGoal {
  /** The Liga Pro match in play whose goal it is, as the demo season scripts it. */
  plan: ApiFixtureFull;
  /** When the goal is revealed (ms after the store's anchor), the score after it, who scored and for whom. */
  goal: { offsetMs: number; home: number; away: number; scorer: string; team: string };
  /** When the match is over (ms after the anchor). */
  fullTimeOffsetMs: number;
}

/**
 * For tests that replay a built demo day (bench/replay.ts): a Liga Pro match in play in the store at
 * `storePath` with a goal still to come, and the first minute the demo clock reveals it.
 */
export function nextGoalInPlay(storePath: string, seed: number, anchor: string): NextGoal {
  const anchorMs = Date.parse(anchor);
  const db = new DatabaseSync(storePath, { readOnly: true });
  const liveIds = (db.prepare("SELECT id FROM fixtures WHERE league_id = 242 AND status_short IN ('1H', 'HT', '2H')").all() as Array<{ id: number }>).map((r) => r.id);
  db.close();
  const ligaPro = generateDemoSeason({ seed, anchor: new Date(anchor) }).competitions.find((c) => c.league.league.id === 242)!;
  for (const id of liveIds) {
    const candidate = ligaPro.fixtures.find((f) => f.fixture.id === id)!;
    const now = viewFixtureAt(candidate, anchorMs);
    const next = (candidate.events ?? []).find((e) => e.type === 'Goal' && !(now.events ?? []).some((seen) => JSON.stringify(seen) === JSON.stringify(e)));
    if (!next) continue;
    // Step the demo clock a minute at a time until the goal shows.
    let offset = 60_000;
    while (!(viewFixtureAt(candidate, anchorMs + offset).events ?? []).some((e) => JSON.stringify(e) === JSON.stringify(next))) offset += 60_000;
    const after = viewFixtureAt(candidate, anchorMs + offset);
    return {
      plan: candidate,
      goal: { offsetMs: offset, home: after.goals.home!, away: after.goals.away!, scorer: next.player.name ?? '', team: next.team.name },
      fullTimeOffsetMs: candidate.fixture.timestamp * 1000 + 112 * 60_000 - anchorMs,
    };
  }
  throw new Error('no Liga Pro match in play at MARCADOR_NOW has a goal still to come');
}
