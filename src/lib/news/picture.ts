import { LEAGUES } from '../config.ts';
import { isFinishedStatus, isLiveStatus } from '../../../contract/status.ts';
import { formatShortDate, formatTime } from '../format/date.ts';
import { roundLabel } from '../match/scoreboard.ts';
import type { Match } from '../match/types.ts';
import type { PictureElement } from '../images/render.ts';
import { categoryLabel } from './category.ts';
import { foldText } from './related.ts';
import type { Article } from './types.ts';

/**
 * What an article's generated picture shows (issue 13 "Pictures that say something"): the match of
 * a report or preview (both crests, score or kick-off, competition and round), the clubs and the
 * player of a transfer, else the competition's identity. Only facts found in the data are drawn:
 * a report whose fixture cannot be found gets the competition's picture, never a guessed score.
 */

export type PictureSubject =
  | { kind: 'match'; match: Match; showScore: boolean }
  /** A move (from one club to another) or, with `from` null, a player staying at his club (renewal). */
  | { kind: 'transfer'; player: string; playerId: number | null; to: string; from: string | null }
  | { kind: 'competition'; leagueId: number | null };

const DAY_MS = 86_400_000;

/** Keyword → competition, for articles whose text names it (Liga Pro, Copa Libertadores …). */
const COMPETITION_KEYWORDS: ReadonlyArray<[RegExp, number]> = [
  [/\bserie b\b/, LEAGUES.serieB],
  [/\bliga ?pro\b|\bserie a\b/, LEAGUES.ligaPro],
  [/libertadores/, LEAGUES.libertadores],
  [/sudamericana/, LEAGUES.sudamericana],
  [/eliminatorias/, LEAGUES.eliminatorias],
  [/amistoso/, LEAGUES.amistosos],
];

/** The competition an article is about, from its keywords (then its category), or null. */
export function articleCompetition(article: Pick<Article, 'keywords' | 'category'>): number | null {
  for (const keyword of article.keywords.map(foldText)) {
    for (const [pattern, league] of COMPETITION_KEYWORDS) if (pattern.test(keyword)) return league;
  }
  return foldText(article.category) === 'seleccion' ? LEAGUES.eliminatorias : null;
}

/**
 * The fixture a match report or preview is about: both clubs named in its keywords, kick-off
 * within four days of the article (after it for a preview, before it for a report); the closest wins.
 */
export function findArticleMatch(article: Pick<Article, 'keywords' | 'category' | 'createdAt'>, fixtures: readonly Match[]): Match | null {
  const keywords = new Set(article.keywords.map(foldText));
  const created = Date.parse(article.createdAt);
  if (!Number.isFinite(created)) return null;
  const preview = foldText(article.category) === 'previa';
  let best: { match: Match; distance: number } | null = null;
  for (const match of fixtures) {
    if (!keywords.has(foldText(match.home.name)) || !keywords.has(foldText(match.away.name))) continue;
    const kickoff = match.timestamp * 1000;
    const distance = preview ? kickoff - created : created - kickoff;
    if (distance < 0 || distance > 4 * DAY_MS) continue;
    if (!best || distance < best.distance) best = { match, distance };
  }
  return best?.match ?? null;
}

const decodeEntities = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Link texts of the body's links to a site section (`/jugadores/`, `/equipos/`), with their ids, in order. */
function linked(html: string, section: 'jugadores' | 'equipos'): Array<{ id: number; name: string }> {
  const links = html.matchAll(new RegExp(`<a href="/${section}/(\\d+)"[^>]*>([^<]+)</a>`, 'g'));
  return [...links].map((m) => ({ id: Number(m[1]), name: decodeEntities(m[2]).trim() }));
}

/**
 * The player and clubs of a transfer story: the player its body links to, and the clubs it links
 * to that its keywords name, in keyword order (the club joined first, then the one left). One club
 * only: a renewal. Null when the story names no player or no club.
 */
function transferOf(article: Article): Extract<PictureSubject, { kind: 'transfer' }> | null {
  const [player] = linked(article.contentHtml, 'jugadores');
  const clubs = new Set(linked(article.contentHtml, 'equipos').map((club) => foldText(club.name)));
  const named = article.keywords.filter((keyword) => clubs.has(foldText(keyword)));
  if (!player || named.length === 0) return null;
  return { kind: 'transfer', player: player.name, playerId: player.id, to: named[0], from: named[1] ?? null };
}

/** Decides what the picture of `article` shows. */
export function pictureSubject(article: Article, fixtures: readonly Match[]): PictureSubject {
  const category = foldText(article.category);
  const transfer = category === 'fichajes' ? transferOf(article) : null;
  if (transfer) return transfer;
  const match = findArticleMatch(article, fixtures);
  if (match) {
    const played = isFinishedStatus(match.status.short) || isLiveStatus(match.status.short);
    return { kind: 'match', match, showScore: category !== 'previa' && played && match.goals.home !== null && match.goals.away !== null };
  }
  return { kind: 'competition', leagueId: articleCompetition(article) };
}

// ------------------------------------------------------------------------------------ drawing

/** Each competition's colours (background gradient and accent), its identity on the pictures. */
const COMPETITION_COLOURS: Readonly<Record<number, [string, string, string]>> = {
  [LEAGUES.ligaPro]: ['#0b2e6b', '#0b4aa2', '#f5c400'],
  [LEAGUES.serieB]: ['#0f4d2e', '#1b7a46', '#c7f36b'],
  [LEAGUES.libertadores]: ['#1a1a1a', '#3b3325', '#d4af37'],
  [LEAGUES.sudamericana]: ['#0a3558', '#146aa8', '#7fd3ff'],
  [LEAGUES.eliminatorias]: ['#0b3b8c', '#1552b8', '#ffd100'],
  [LEAGUES.amistosos]: ['#2c3440', '#4a5668', '#f0f4f8'],
};
const DEFAULT_COLOURS: [string, string, string] = ['#0b2e6b', '#0b4aa2', '#ffffff'];

/** Images the drawing embeds, as data: URIs (null: left out rather than drawn wrong). */
export interface PictureImages {
  competitionLogo: string | null;
  homeCrest?: string | null;
  awayCrest?: string | null;
  playerPhoto?: string | null;
  toCrest?: string | null;
  fromCrest?: string | null;
}

export interface PictureText {
  /** Competition name; empty when unknown. */
  competition: string;
  /** Small label top right: "Crónica", "Previa", "Fichajes". */
  label: string;
  /** The article's title: drawn on the large (Open Graph) picture only, where it is the whole message. */
  title?: string;
}

type Child = PictureElement | string | null;
const el = (type: string, style: Record<string, string | number>, children?: Child | Child[], attributes: Record<string, unknown> = {}): PictureElement => ({
  type,
  props: { style, ...attributes, ...(children === undefined ? {} : { children: children as PictureElement['props']['children'] }) },
});
const img = (src: string, size: number, round = false): PictureElement =>
  el('img', { width: size, height: size, objectFit: 'contain', borderRadius: round ? size / 2 : 0 }, undefined, { src, width: size, height: size });

/** A crest (or the club's initials in a disc when the crest is missing) above the club's name. */
function club(name: string, crest: string | null | undefined, size: number, s: number, accent: string): PictureElement {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('');
  const badge = crest
    ? img(crest, size)
    : el('div', { width: size, height: size, borderRadius: size / 2, border: `${3 * s}px solid ${accent}`, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: size * 0.36, fontWeight: 700 }, initials);
  return el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', width: size * 1.9, gap: 8 * s }, [
    badge,
    el('div', { fontSize: 17 * s, fontWeight: 600, textAlign: 'center', lineHeight: 1.15, maxWidth: size * 1.9 }, name),
  ]);
}

/** The element tree of `subject`'s picture at `width`×`height` (card 480×270 or Open Graph 1200×630). */
export function pictureElement(subject: PictureSubject, text: PictureText, images: PictureImages, width: number, height: number): PictureElement {
  // Everything scales with the picture; the large picture also carries the title, so its drawing is smaller.
  const s = Math.min(width / 480, height / 270) * (text.title ? 0.78 : 1);
  const leagueId = subject.kind === 'match' ? subject.match.league.id : subject.kind === 'competition' ? subject.leagueId : null;
  const [from, to, accent] = (leagueId !== null && COMPETITION_COLOURS[leagueId]) || DEFAULT_COLOURS;
  const crest = 72 * s;

  const header = el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', alignSelf: 'stretch' }, [
    el('div', { display: 'flex', alignItems: 'center', gap: 10 * s }, [
      images.competitionLogo ? img(images.competitionLogo, 30 * s) : null,
      el('div', { fontSize: 16 * s, fontWeight: 600, opacity: 0.92 }, text.competition || 'Marcador'),
    ]),
    text.label ? el('div', { fontSize: 13 * s, fontWeight: 700, color: from, background: accent, borderRadius: 999, padding: `${4 * s}px ${12 * s}px` }, text.label.toUpperCase()) : null,
  ]);

  let body: PictureElement;
  if (subject.kind === 'match') {
    const { match } = subject;
    const centre = subject.showScore
      ? [el('div', { fontSize: 52 * s, fontWeight: 700, letterSpacing: 2 }, `${match.goals.home} - ${match.goals.away}`)]
      : [
          el('div', { fontSize: 34 * s, fontWeight: 700 }, formatTime(match.date) || 'vs'),
          el('div', { fontSize: 15 * s, opacity: 0.85, marginTop: 4 * s }, formatShortDate(match.date)),
        ];
    const round = roundLabel(match.league.round, match.league.id);
    body = el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 10 * s }, [
      el('div', { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 14 * s }, [
        club(match.home.name, images.homeCrest, crest, s, accent),
        el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 120 * s }, centre),
        club(match.away.name, images.awayCrest, crest, s, accent),
      ]),
      round ? el('div', { fontSize: 14 * s, opacity: 0.85 }, round) : null,
    ]);
  } else if (subject.kind === 'transfer') {
    const photo = 96 * s;
    // From the club left, through the player, to the club joined.
    const arrow = el('div', { fontSize: 40 * s, fontWeight: 700, color: accent }, '»');
    body = el('div', { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 18 * s }, [
      subject.from ? club(subject.from, images.fromCrest, 60 * s, s, accent) : null,
      subject.from ? arrow : null,
      el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 * s }, [
        images.playerPhoto
          ? el('div', { display: 'flex', width: photo, height: photo, borderRadius: photo / 2, background: '#ffffff', border: `${3 * s}px solid ${accent}`, overflow: 'hidden' }, [img(images.playerPhoto, photo - 6 * s)])
          : null,
        el('div', { fontSize: 19 * s, fontWeight: 700, textAlign: 'center' }, subject.player),
      ]),
      subject.from ? arrow : null,
      club(subject.to, images.toCrest, 60 * s, s, accent),
    ]);
  } else {
    body = el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 * s }, [
      images.competitionLogo ? img(images.competitionLogo, 96 * s) : el('div', { fontSize: 48 * s, fontWeight: 700, color: accent }, 'Marcador'),
      el('div', { fontSize: 24 * s, fontWeight: 700, textAlign: 'center' }, text.competition || 'Fútbol ecuatoriano'),
    ]);
  }

  const footer = text.title
    ? el('div', { fontSize: 19 * s, fontWeight: 700, lineHeight: 1.25, textAlign: 'center', alignSelf: 'stretch', justifyContent: 'center' }, text.title)
    : el('div', { fontSize: 12 * s, fontWeight: 700, letterSpacing: 1, opacity: 0.7 }, 'MARCADOR');

  // The margins are an absolutely placed inner box: satori adds padding to a 100% width.
  const [padY, padX] = [Math.round(height * 0.06), Math.round(width * 0.045)];
  return el('div', { display: 'flex', width, height, color: '#ffffff', fontFamily: 'Inter', backgroundImage: `linear-gradient(135deg, ${from} 0%, ${to} 100%)` }, [
    el('div', { position: 'absolute', top: padY, bottom: padY, left: padX, right: padX, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'space-between' }, [header, body, footer]),
  ]);
}

/** The label on a picture: the article's category in Spanish. */
export function pictureLabel(article: Pick<Article, 'category'>): string {
  return article.category ? categoryLabel(article.category) : '';
}
