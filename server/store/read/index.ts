import type { Db } from '../db.ts';
import { articleReads } from './articles.ts';
import { competitionReads } from './competitions.ts';
import { readContext, type ReaderOptions } from './context.ts';
import { fixtureReads, headToHeadReads } from './fixtures.ts';
import { injuryReads } from './injuries.ts';
import { playerReads } from './players.ts';
import { searchReads } from './search.ts';
import { standingReads } from './standings.ts';
import { teamReads } from './teams.ts';
import { tournamentReads } from './tournaments.ts';
import { transferReads } from './transfers.ts';

export type { ReaderOptions } from './context.ts';
export type { FixtureFilter } from './fixtures.ts';
export { STALE_LIVE_SECONDS } from './fixtures.ts';

/**
 * Every read the data API makes, assembled from one module per entity. Answers are provider-shaped
 * and say what the store holds: the ingest (server/ingest) keeps it current, the reads compute nothing
 * from the clock but the staleness of a live match whose updates stopped (`showsLive`).
 */
export function createReader(db: Db, options: ReaderOptions) {
  const ctx = readContext(db, options);
  const competitions = competitionReads(ctx);
  const standings = standingReads(ctx, competitions);
  const fixtures = fixtureReads(ctx);
  const { earlierMeetings } = headToHeadReads(ctx);
  const { injuries } = injuryReads(ctx);
  const teams = teamReads(ctx, competitions);
  const players = playerReads(ctx, competitions);
  const transfers = transferReads(ctx, competitions);
  const articles = articleReads(ctx);
  const { tournament } = tournamentReads({ ...competitions, ...fixtures, ...standings });
  const { searchJson } = searchReads(ctx, { ...articles, ...teams, ...competitions });
  // Row mappers are for the reads that share them (search), not for routes.
  const { playerEntries: _players, ...playerApi } = players;
  const { teamEntry: _teams, ...teamApi } = teams;
  const { articleJson: _articles, ...articleApi } = articles;
  return { ...competitions, ...standings, ...fixtures, earlierMeetings, injuries, ...teamApi, ...playerApi, ...transfers, tournament, ...articleApi, searchJson };
}

export type Reader = ReturnType<typeof createReader>;
