import { loadLeagueTeams } from '../../../lib/loaders/competition-pages.ts';
import { loadServerTime } from '../../../lib/loaders/competitions.ts';
import { loadTransfersByTeam } from '../../../lib/loaders/teams.ts';
import { LEAGUES } from '../../../lib/config.ts';
import { clubTransferSummaries, oneYearBefore, type ClubTransferSummary } from '../../../lib/team/transfers.ts';

export interface ClubGroup {
  id: 'clubes-liga-pro' | 'clubes-serie-b' | 'clubes-otros';
  title: string;
  list: ClubTransferSummary[];
}

/**
 * The clubs of /fichajes by league, Liga Pro's first, then Serie B's, then the clubs the cups bring
 * (those on /fichajes/otros-clubes: with them /fichajes was over 1,300 elements). Every figure
 * counts the twelve months before the data's day (`since`).
 */
export async function loadClubGroups(): Promise<{ since: string; groups: ClubGroup[] } | null> {
  const [byTeam, time, ligaPro, serieB] = await Promise.all([loadTransfersByTeam(), loadServerTime(), loadLeagueTeams(LEAGUES.ligaPro), loadLeagueTeams(LEAGUES.serieB)]);
  if (!byTeam || byTeam.length === 0) return null;
  const since = oneYearBefore(time.today);
  const ligaProIds = new Set((ligaPro ?? []).map((t) => t.id));
  const serieBIds = new Set((serieB ?? []).map((t) => t.id));
  const rank = (id: number) => (ligaProIds.has(id) ? 0 : serieBIds.has(id) ? 1 : 2);
  const summaries = clubTransferSummaries(byTeam, since, rank);
  const groups: ClubGroup[] = [
    { id: 'clubes-liga-pro', title: 'Liga Pro', list: summaries.filter((s) => rank(s.teamId) === 0) },
    { id: 'clubes-serie-b', title: 'Serie B', list: summaries.filter((s) => rank(s.teamId) === 1) },
    { id: 'clubes-otros', title: 'Otros clubes', list: summaries.filter((s) => rank(s.teamId) === 2) },
  ];
  return { since, groups: groups.filter((g) => g.list.length > 0) };
}
