import type { APIRoute, GetStaticPaths } from 'astro';
import { loadMatchIndex } from '../../../lib/loaders/matches.ts';
import { matchCardInput, renderMatchCard } from '../../../lib/match/share-card.ts';

/** The share card of every match (600×315 PNG), cached across builds by its content. */
export const getStaticPaths = (async () => [...(await loadMatchIndex()).keys()].map((id) => ({ params: { id: String(id) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const match = (await loadMatchIndex()).get(Number(params.id));
  if (!match) return new Response(null, { status: 404 });
  const png = await renderMatchCard(await matchCardInput(match));
  return new Response(png as unknown as BodyInit, { headers: { 'content-type': 'image/png' } });
};
