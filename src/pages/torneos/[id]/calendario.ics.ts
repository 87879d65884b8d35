import type { APIRoute, GetStaticPaths } from 'astro';
import { requireCompetitionView, seasonTitle, tournamentIds } from '../../../lib/loaders/competition-pages.ts';
import { fixturesCalendar } from '../../../lib/match/ics.ts';

/**
 * /torneos/{id}/calendario.ics: a competition's fixtures as an iCalendar feed, one event per match
 * with a UID that never changes (ics.ts), so a subscribed calendar updates instead of duplicating.
 */
export const getStaticPaths = (async () => (await tournamentIds()).map((id) => ({ params: { id: String(id) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const view = await requireCompetitionView(Number(params.id));
  const body = fixturesCalendar(seasonTitle(view.tournament), view.matches, site?.origin);
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
