import { fold } from '../text.ts';
import type { ReadContext, Row } from './context.ts';
import type { ArticleReads } from './articles.ts';
import type { PlayerReads } from './players.ts';
import type { TeamReads } from './teams.ts';

/** One search for the /search page: news, teams and players. */
export function searchReads(
  { stmt }: ReadContext,
  { articles, teams, playerEntries }: Pick<ArticleReads, 'articles'> & Pick<TeamReads, 'teams'> & Pick<PlayerReads, 'playerEntries'>,
) {
  function search(query: string, limit = 8) {
    const news = articles({ search: query, page: 1, limit, sort: 'createdAt', order: 'desc' }).data;
    const q = fold(query);
    const teamList = teams({}).filter((e) => fold(e.team.name).includes(q)).slice(0, limit);
    const playerRows = (stmt('SELECT id, name, firstname, lastname, data FROM players ORDER BY name').all() as Row[])
      .filter((r) => fold(`${r.name} ${r.firstname ?? ''} ${r.lastname ?? ''}`).includes(q))
      .slice(0, limit);
    return { query, news, teams: teamList, players: playerEntries(playerRows) };
  }

  return { search };
}

export type SearchReads = ReturnType<typeof searchReads>;
