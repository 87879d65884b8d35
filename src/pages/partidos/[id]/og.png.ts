import type { APIRoute, GetStaticPaths } from 'astro';
import { loadMatchIndex } from '../../../lib/loaders/matches.ts';
import { loadPageKey } from '../../../lib/loaders/page-keys.ts';
import { matchCardInput, renderMatchCard } from '../../../lib/match/share-card.ts';

/** The share card of every match (600×315 PNG), cached across builds by its content. */
export const getStaticPaths = (async () => {
  const [matches, key] = await Promise.all([loadMatchIndex(), loadPageKey()]);
  // What the card draws (matchCardInput); its crests by their address.
  return [...matches.values()].map((m) => ({
    params: { id: String(m.id) },
    cacheKey: key(m.league.name, m.league.round, m.home.name, m.home.logo, m.away.name, m.away.logo, m.goals, m.kind, m.status.short, m.date),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const match = (await loadMatchIndex()).get(Number(params.id));
  if (!match) return new Response(null, { status: 404 });
  const png = await renderMatchCard(await matchCardInput(match));
  return new Response(png as unknown as BodyInit, { headers: { 'content-type': 'image/png' } });
};
