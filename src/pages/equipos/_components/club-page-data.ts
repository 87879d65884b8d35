import { loadServerTime } from '../../../lib/loaders/competitions.ts';
import { loadArticles } from '../../../lib/loaders/news.ts';
import { loadPlayers } from '../../../lib/loaders/players.ts';
import { loadMatchesByTeam, loadSquads, loadTeamCompetitions, loadTeams, loadTeamStatistics, loadTransfersByTeam } from '../../../lib/loaders/teams.ts';

/** The bulk reads a club's page draws from (one per build, memoised): its getStaticPaths keys each page by them too. */
export async function loadClubPageData() {
  const [teams, time, matchesByTeam, squads, players, statistics, transfers, news, competitions] = await Promise.all([
    loadTeams(),
    loadServerTime(),
    loadMatchesByTeam(),
    loadSquads(),
    loadPlayers(),
    loadTeamStatistics(),
    loadTransfersByTeam(),
    loadArticles(),
    loadTeamCompetitions(),
  ]);
  return { teams, time, matchesByTeam, squads, players, statistics, transfers, news, competitions };
}
