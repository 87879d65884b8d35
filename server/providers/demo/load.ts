import type { CompetitionDataset } from '../../store/dataset.ts';
import { setMeta, transaction, type Db } from '../../store/db.ts';
import { clearSportsData, optimizeSearchIndexes, writeCompetition, writeGlobal } from '../../store/write.ts';
import { viewFixtureAt } from './scripted-match.ts';
import { anchoredSeason, type DemoSeason, type DemoSeasonOptions, type DemoSeasonSummary } from './generate.ts';

/**
 * Puts the demo season in the store as it stands at the moment of loading. Readers' data (newsletter
 * subscriptions, page views) is never touched.
 */

/**
 * National sides first, domestic clubs last: a player's `team_id` is set by the last squad that
 * lists him, and a player called up by Ecuador must stay attached to his club.
 */
const WRITE_ORDER = [34, 10, 13, 11, 243, 242];

function inWriteOrder(competitions: CompetitionDataset[]): CompetitionDataset[] {
  const rank = (c: CompetitionDataset) => {
    const i = WRITE_ORDER.indexOf(c.league.league.id);
    return i === -1 ? WRITE_ORDER.length : i;
  };
  return [...competitions].sort((a, b) => rank(a) - rank(b));
}

/**
 * The store holds what readers see: a scripted match as it stands at the moment of loading (not yet
 * started, or in play with the events so far). From then on the ingest worker moves it along, as it
 * moves a real provider's matches (server/ingest, server/providers/demo/provider.ts).
 */
function asSeenAt(season: DemoSeason, atMs: number): CompetitionDataset[] {
  return season.competitions.map((c) => {
    const scripted = new Set(c.scriptedFixtureIds ?? []);
    if (scripted.size === 0) return c;
    return { ...c, fixtures: c.fixtures.map((f) => (scripted.has(f.fixture.id) ? viewFixtureAt(f, atMs) : f)) };
  });
}

/** Loads the season of (seed, anchor) as it stands at its anchor; the demo provider serves the same one (no second generation). */
export function loadDemoSeason(db: Db, options: Omit<DemoSeasonOptions, 'viewAt'>): DemoSeasonSummary {
  const { season } = anchoredSeason(options.seed, options.anchor);
  const viewAtMs = Date.parse(season.summary.viewAt);
  // One transaction for the whole season: readers never see it half written.
  transaction(db, () => {
    clearSportsData(db);
    for (const competition of inWriteOrder(asSeenAt(season, viewAtMs))) writeCompetition(db, competition);
    writeGlobal(db, season.global, { replaceArticles: true });
    setMeta(db, 'source', 'demo');
    setMeta(db, 'demo.seed', String(season.summary.seed));
    setMeta(db, 'demo.anchor', season.summary.anchor);
    setMeta(db, 'demo.viewAt', season.summary.viewAt);
    setMeta(db, 'demo.generatedAt', new Date().toISOString());
  });
  optimizeSearchIndexes(db);
  return season.summary;
}
