import type { CompetitionDataset } from '../../store/dataset.ts';
import { getMeta, setMeta, transaction, type Db } from '../../store/db.ts';
import { clearSportsData, optimizeSearchIndexes, writeCompetition, writeGlobal, writeStandings } from '../../store/write.ts';
import { viewFixtureAt } from './clock.ts';
import { generateDemoSeason, type DemoSeason, type DemoSeasonOptions, type DemoSeasonSummary } from './generate.ts';

/**
 * Puts the demo season in the store, and keeps its derived tables in step with the live clock.
 * Readers' data (newsletter subscriptions, page views) is never touched.
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

/** The stored status column of scripted fixtures follows the clock; their JSON stays the full plan. */
function syncScriptedStatus(db: Db, season: DemoSeason, atMs: number): void {
  const update = db.prepare('UPDATE fixtures SET status_short = ? WHERE id = ?');
  for (const c of season.competitions) {
    const scripted = new Set(c.scriptedFixtureIds ?? []);
    for (const f of c.fixtures) {
      if (scripted.has(f.fixture.id)) update.run(viewFixtureAt(f, atMs).fixture.status.short, f.fixture.id);
    }
  }
}

export function loadDemoSeason(db: Db, options: DemoSeasonOptions): DemoSeasonSummary {
  const season = generateDemoSeason(options);
  const viewAtMs = Date.parse(season.summary.viewAt);
  // One transaction for the whole season: readers never see it half written.
  transaction(db, () => {
    clearSportsData(db);
    for (const competition of inWriteOrder(season.competitions)) writeCompetition(db, competition);
    writeGlobal(db, season.global, { replaceArticles: true });
    syncScriptedStatus(db, season, viewAtMs);
    setMeta(db, 'source', 'demo');
    setMeta(db, 'demo.seed', String(season.summary.seed));
    setMeta(db, 'demo.anchor', season.summary.anchor);
    setMeta(db, 'demo.viewAt', season.summary.viewAt);
    setMeta(db, 'demo.generatedAt', new Date().toISOString());
  });
  optimizeSearchIndexes(db);
  return season.summary;
}

/**
 * Recomputes what depends on the moment of viewing (standings, team statistics, player season
 * statistics, the status column of scripted fixtures) for the stored demo season, in one
 * transaction. Schedule, results, articles, subscriptions and page views stay as they are.
 */
export function refreshDemoDerived(db: Db, now: Date): DemoSeasonSummary {
  const seedText = getMeta(db, 'demo.seed');
  const anchorText = getMeta(db, 'demo.anchor');
  if (getMeta(db, 'source') !== 'demo' || !seedText || !anchorText) {
    throw new Error('refreshDemoDerived: the store does not hold a demo season');
  }
  const season = generateDemoSeason({ seed: Number(seedText), anchor: new Date(anchorText), viewAt: now });
  const viewAtMs = Date.parse(season.summary.viewAt);
  transaction(db, () => {
    const deleteStats = db.prepare('DELETE FROM player_stats WHERE league_id = ? AND season = ?');
    const insertStat = db.prepare(
      'INSERT OR REPLACE INTO player_stats (player_id, league_id, season, team_id, goals, assists, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const deleteTeamStats = db.prepare('DELETE FROM team_statistics WHERE league_id = ? AND season = ?');
    const insertTeamStat = db.prepare('INSERT OR REPLACE INTO team_statistics (league_id, season, team_id, data) VALUES (?, ?, ?, ?)');
    for (const c of season.competitions) {
      const leagueId = c.league.league.id;
      writeStandings(db, leagueId, c.season, c.standings);
      deleteStats.run(leagueId, c.season);
      for (const { player, statistics } of c.players) {
        for (const s of statistics) {
          if (s.league.id !== leagueId || s.league.season !== c.season) continue;
          insertStat.run(player.id, leagueId, c.season, s.team.id, s.goals.total ?? 0, s.goals.assists ?? 0, JSON.stringify(s));
        }
      }
      deleteTeamStats.run(leagueId, c.season);
      for (const s of c.teamStatistics) insertTeamStat.run(leagueId, c.season, s.team.id, JSON.stringify(s));
    }
    syncScriptedStatus(db, season, viewAtMs);
    setMeta(db, 'demo.viewAt', season.summary.viewAt);
  });
  return season.summary;
}
