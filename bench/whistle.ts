import { writeFixtures, writeStandingsIfChanged } from '../server/ingest/apply.ts';
import { viewFixtureAt } from '../server/providers/demo/scripted-match.ts';
import { generateDemoSeason } from '../server/providers/demo/generate.ts';
import { openDb } from '../server/store/db.ts';
import type { ApiFixtureFull, ApiStandingRow } from '../server/store/provider-types.ts';

/**
 * A final whistle in a copy of a demo store (bench/replay.ts copyStoreForReplay): the first match of
 * `league` in play at the store's instant ends as the demo season plays it, and the league's table
 * becomes the one after it, both through the ingest's write path (server/ingest/apply.ts) as the
 * ingest writes them at a whistle. For the incremental build's bench row and its e2e test.
 */
export interface Whistle {
  /** The match as the provider shows it after its whistle. */
  final: ApiFixtureFull;
  /** The league's table after it, as the provider answers it. */
  standings: ApiStandingRow[][];
}

export function blowFinalWhistle(storePath: string, seed: number, anchor: string, league: number): Whistle {
  const db = openDb(storePath);
  try {
    const inPlay = db.prepare(`SELECT id FROM fixtures WHERE league_id = ? AND status_short IN ('1H', 'HT', '2H') ORDER BY id`).get(league) as { id: number } | undefined;
    if (!inPlay) throw new Error(`no match of league ${league} in play at the store's instant (${anchor})`);
    const season = generateDemoSeason({ seed, anchor: new Date(anchor) });
    const plan = season.competitions.find((c) => c.league.league.id === league)?.fixtures.find((f) => f.fixture.id === inPlay.id);
    if (!plan) throw new Error(`the demo season (seed ${seed}) has no fixture ${inPlay.id}`);
    // Three hours after kick-off every demo match is over.
    const finalMs = plan.fixture.timestamp * 1000 + 3 * 3600_000;
    const final = viewFixtureAt(plan, finalMs);
    if (final.fixture.status.short !== 'FT') throw new Error(`fixture ${inPlay.id} is ${final.fixture.status.short} three hours after kick-off`);
    const after = generateDemoSeason({ seed, anchor: new Date(anchor), viewAt: new Date(finalMs) }).competitions.find((c) => c.league.league.id === league)!;
    writeFixtures(db, [final]);
    if (!writeStandingsIfChanged(db, league, after.season, after.standings)) throw new Error(`the table of league ${league} did not change at the whistle of ${inPlay.id}`);
    return { final, standings: after.standings };
  } finally {
    db.close();
  }
}
