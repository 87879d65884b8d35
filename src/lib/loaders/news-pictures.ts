import { apiGet, type RequestOptions } from '../http/client.ts';
import { readList } from '../http/read.ts';
import { cachedPng, cachedPngAndWebp } from '../images/cache.ts';
import { imageDataUri, scaledWebp, type RenderedPicture } from '../images/render.ts';
import { hasOwnImage } from '../news/picture-paths.ts';
import { pictureElement, pictureLabel, pictureSubject, type PictureImages, type PictureSubject } from '../news/picture.ts';
import type { Article } from '../news/types.ts';
import type { Match } from '../match/types.ts';
import { competitionName, LEAGUES } from '../config.ts';
import { loadAllFixtures, loadTournaments } from './competitions.ts';
import { memo } from './memo.ts';
import { loadArticles } from './news.ts';
import { loadPageKey, withoutReadCount } from './page-keys.ts';

/**
 * The generated pictures of the news (issue 13): one per article without a real image, as a card
 * (480×270, WebP + PNG), its thumbnail (240×135 WebP, for the phones' news rows) and an Open Graph
 * picture (1200×630, PNG), rendered at build time and cached across builds (images/cache.ts).
 * Served as static files by src/pages/imagenes/noticias/.
 */

export const CARD_SIZE = { width: 480, height: 270 } as const;
export const THUMB_SIZE = { width: 240, height: 135 } as const;
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** Articles that get a generated picture: those without a real one. */
export async function loadPictureArticles(options?: RequestOptions): Promise<Article[]> {
  return (await loadArticles(options)).filter((article) => !hasOwnImage(article));
}

/** A player's photo URL (transfer pictures), read once per player per build; '' when unknown. */
function playerPhoto(id: number, options?: RequestOptions): Promise<string> {
  return memo(`news:player-photo:${id}`, async () => {
    const season = (await loadTournaments(options)).find((t) => t.id === LEAGUES.ligaPro)?.season;
    const result = await apiGet('/api/football/players', { id, season }, options);
    if (!result.ok) return '';
    const list = readList(result.data);
    const entry = (list.ok ? list.value[0] : undefined) as { player?: { photo?: unknown } } | undefined;
    return typeof entry?.player?.photo === 'string' ? entry.player.photo : '';
  });
}

/** Crests by club name, from the season's fixtures (clubs abroad may have none: their initials are drawn). */
function crestsByName(fixtures: readonly Match[]): Map<string, string> {
  const crests = new Map<string, string>();
  for (const match of fixtures) for (const team of [match.home, match.away]) if (team.logo) crests.set(team.name, team.logo);
  return crests;
}

function loadCrestsByName(options?: RequestOptions): Promise<Map<string, string>> {
  return memo('news:crests', async () => crestsByName(await loadAllFixtures(options)));
}

const dataUri = (src: string | undefined | null) => (src ? imageDataUri(src) : Promise.resolve(null));

async function pictureInputs(article: Article, options?: RequestOptions): Promise<{ subject: PictureSubject; images: PictureImages; competition: string }> {
  const [fixtures, tournaments] = await Promise.all([loadAllFixtures(options), loadTournaments(options)]);
  const subject = pictureSubject(article, fixtures);
  const leagueId = subject.kind === 'match' ? subject.match.league.id : subject.kind === 'competition' ? subject.leagueId : null;
  const tournament = leagueId === null ? undefined : tournaments.find((t) => t.id === leagueId);
  const competitionLogo = await dataUri(tournament?.logo ?? (subject.kind === 'match' ? subject.match.league.logo : null));
  const competition = competitionName(leagueId, tournament?.name ?? (subject.kind === 'match' ? subject.match.league.name : ''));
  if (subject.kind === 'match') {
    const [homeCrest, awayCrest] = await Promise.all([dataUri(subject.match.home.logo), dataUri(subject.match.away.logo)]);
    return { subject, images: { competitionLogo, homeCrest, awayCrest }, competition };
  }
  if (subject.kind === 'transfer') {
    const byName = await loadCrestsByName(options);
    const [toCrest, fromCrest, playerPhotoUri] = await Promise.all([
      dataUri(byName.get(subject.to)),
      dataUri(subject.from ? byName.get(subject.from) : null),
      subject.playerId === null ? null : playerPhoto(subject.playerId, options).then(dataUri),
    ]);
    return { subject, images: { competitionLogo: null, toCrest, fromCrest, playerPhoto: playerPhotoUri }, competition: 'Mercado de pases' };
  }
  return { subject, images: { competitionLogo }, competition };
}

export interface NewsPictures {
  card: RenderedPicture;
  thumb: Uint8Array;
  og: Uint8Array;
}

/** The two pictures of an article, rendered (or read from the cache) once per build. */
export function loadNewsPictures(slug: string, options?: RequestOptions): Promise<NewsPictures | null> {
  return memo(`news:pictures:${slug}`, async () => {
    const article = (await loadPictureArticles(options)).find((a) => a.slug === slug);
    if (!article) return null;
    const { subject, images, competition } = await pictureInputs(article, options);
    const label = pictureLabel(article);
    const card = await cachedPngAndWebp(pictureElement(subject, { competition, label }, images, CARD_SIZE.width, CARD_SIZE.height), CARD_SIZE.width, CARD_SIZE.height);
    const og = await cachedPng(pictureElement(subject, { competition, label, title: article.title }, images, OG_SIZE.width, OG_SIZE.height), OG_SIZE.width, OG_SIZE.height);
    return { card, thumb: await scaledWebp(card.png, THUMB_SIZE.width, THUMB_SIZE.height), og };
  });
}

/**
 * An Astro endpoint serving one of the pictures of every article that gets one
 * (src/pages/imagenes/noticias/[slug]-*.ts): written into dist/ as a static file.
 */
export function newsPictureRoute(pick: (pictures: NewsPictures) => Uint8Array, contentType: string) {
  return {
    getStaticPaths: async () => {
      const [articles, fixtures, crests, key] = await Promise.all([loadPictureArticles(), loadAllFixtures(), loadCrestsByName(), loadPageKey()]);
      // What the picture draws (pictureInputs): the article, its subject (a match as it stands, a
      // transfer with both clubs' crests by their address, a competition), the competition's logo by
      // the menu's tournaments (in every key).
      return articles.map((article) => {
        const subject = pictureSubject(article, fixtures);
        const transferCrests = subject.kind === 'transfer' ? [crests.get(subject.to), subject.from ? crests.get(subject.from) : null] : null;
        return { params: { slug: article.slug }, cacheKey: key(withoutReadCount(article), subject, transferCrests) };
      });
    },
    GET: async ({ params }: { params: Record<string, string | undefined> }) => {
      const pictures = await loadNewsPictures(params.slug ?? '');
      if (!pictures) return new Response(null, { status: 404 });
      return new Response(pick(pictures) as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } });
    },
  };
}
