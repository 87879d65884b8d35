import type { APIRoute, GetStaticPaths } from 'astro';
import { loadMatchesByTeam, loadTeams } from '../../../lib/loaders/teams.ts';
import { loadPageKey } from '../../../lib/loaders/page-keys.ts';
import { fixturesCalendar } from '../../../lib/match/ics.ts';

/** A club's fixtures as an iCalendar feed to subscribe to (stable UIDs: a moved kickoff updates the event). */
export const getStaticPaths = (async () => {
  const [teams, matchesByTeam, key] = await Promise.all([loadTeams(), loadMatchesByTeam(), loadPageKey()]);
  return [...teams].map(([id, team]) => ({ params: { id: String(id) }, cacheKey: key(team.name, matchesByTeam.get(id)) }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const id = Number(params.id);
  const team = (await loadTeams()).get(id);
  const matches = (await loadMatchesByTeam()).get(id) ?? [];
  const body = fixturesCalendar(`${team?.name ?? 'Equipo'} · Marcador`, matches, site?.origin);
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
};
