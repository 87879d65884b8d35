import { renderAsync } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import { teamsOfArticleId } from './articles.ts';
import { LEAGUES } from './data/leagues.ts';
import type { TeamColors } from './data/types.ts';
import { teamInfo, teamOfPlayerId } from './registry.ts';

/**
 * Images of the demo season, drawn on request as small indexed PNGs (crests, photos and logos about
 * 1 KB, article pictures a few KB): club crests in the club's colours with its code, player
 * silhouettes in the shirt of their first club, article pictures of a pitch in the colours of the
 * clubs involved, league logos and flags. PNG like the real provider's logos and photos (browsers
 * decode them off the main thread; every SVG <img> costs Chromium a document on it). Everything is
 * derived from the id, so the same URL always gives the same bytes; rendered images are kept in a
 * bounded cache.
 *
 * Each design is an SVG (100×100 for crests, photos and logos, 320×180 for pictures, 60×40 for
 * flags) drawn by resvg; a code on it (a club's, a league's, a country's) is set in Inter by satori,
 * the pair the build's share cards use (src/lib/images/render.ts); sharp writes the indexed PNG.
 */

const SIZES = {
  teams: [72, 72, 100],
  players: [72, 72, 100],
  leagues: [72, 72, 100],
  articles: [480, 270, 320],
  flags: [48, 32, 60],
} as const;

type Kind = keyof typeof SIZES;

/** A code printed on an image: centred on `x`, its capitals standing on `baseline` (design units). */
interface Label {
  text: string;
  x: number;
  baseline: number;
  /** Height of the capitals, in design units. */
  capHeight: number;
  color: string;
}

const require = createRequire(import.meta.url);
let interBold: Buffer | null = null;
/** Inter's capitals are 0.727 em tall; in a line 1 em high its baseline is 0.864 em from the top (ascent 0.969 em less half of the 0.21 em the font's box overflows the line). */
const INTER_CAP = 0.727;
const INTER_BASELINE = 0.864;

/**
 * Drawn designs, by what is drawn rather than by id: a player's photo is the shirt of his first club,
 * so the season's 2,400 players share about 110 pictures. Rendering costs tens of milliseconds; the
 * demo's designs fit a small cache.
 */
const MAX_CACHED = 2000;
const drawn = new Map<string, Promise<Buffer>>();

function draw(kind: Kind, shapes: string, label?: Label): Promise<Buffer> {
  const key = `${kind}|${shapes}|${label ? JSON.stringify(label) : ''}`;
  let png = drawn.get(key);
  if (!png) {
    png = render(kind, shapes, label);
    // Oldest first out (Map keeps insertion order).
    if (drawn.size >= MAX_CACHED) drawn.delete(drawn.keys().next().value as string);
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  return png;
}

async function render(kind: Kind, shapes: string, label?: Label): Promise<Buffer> {
  const [width, height, viewWidth] = SIZES[kind];
  const scale = width / viewWidth;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${height / scale}">${shapes}</svg>`;
  const design = label ? await withLabel(svg, width, height, scale, label) : svg;
  // Off the main thread (libuv's pool): a crest asked for while pushes go out does not hold them up.
  const rgba = (await renderAsync(design)).asPng();
  return sharp(rgba).png({ palette: true, colours: 64, dither: 0, effort: 10, compressionLevel: 9 }).toBuffer();
}

/** The design as an image under the label set in Inter Bold (satori writes the letters as outlines). */
function withLabel(svg: string, width: number, height: number, scale: number, label: Label): Promise<string> {
  interBold ??= readFileSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
  const fontSize = (label.capHeight / INTER_CAP) * scale;
  const top = label.baseline * scale - fontSize * INTER_BASELINE;
  const tree = {
    type: 'div',
    props: {
      style: { display: 'flex', position: 'relative', width, height },
      children: [
        { type: 'img', props: { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width, height, style: { position: 'absolute', left: 0, top: 0 } } },
        {
          type: 'div',
          props: {
            style: { position: 'absolute', left: label.x * scale - width, top, width: width * 2, display: 'flex', justifyContent: 'center', fontFamily: 'Inter', fontWeight: 700, fontSize, lineHeight: 1, color: label.color },
            children: label.text,
          },
        },
      ],
    },
  };
  return satori(tree as unknown as Parameters<typeof satori>[0], { width, height, fonts: [{ name: 'Inter', weight: 700, style: 'normal', data: interBold }] });
}

const positiveInt = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

const CLUB_SHIELD = 'M50 4 L90 16 L90 50 C90 74 73 90 50 96 C27 90 10 74 10 50 L10 16 Z';

function crest(colors: TeamColors, code: string, national: boolean): Promise<Buffer> {
  const shapes = national
    ? `<circle cx="50" cy="50" r="46" fill="${colors.primary}" stroke="${colors.secondary}" stroke-width="6"/>`
    : `<path d="${CLUB_SHIELD}" fill="${colors.primary}" stroke="${colors.secondary}" stroke-width="6"/><rect x="10" y="38" width="80" height="14" fill="${colors.secondary}" fill-opacity="0.85"/>`;
  return draw('teams', shapes, { text: code, x: 50, baseline: national ? 60 : 74, capHeight: 16, color: colors.text });
}

function teamCrest(id: string): Promise<Buffer> | null {
  const n = positiveInt(id);
  const team = n === null ? undefined : teamInfo(n);
  return team ? crest(team.colors, team.code, team.national) : null;
}

const PLAYER_BODY = 'M16 100 C16 74 30 60 50 60 C70 60 84 74 84 100 Z';

function playerPhoto(id: string): Promise<Buffer> | null {
  const n = positiveInt(id);
  const found = n === null ? undefined : teamOfPlayerId(n);
  if (!found) return null;
  const { primary, secondary } = found.team.colors;
  // No shirt number: a photo is one per player, while his number depends on the side he is listed
  // for (22 for Ecuador, 1 at his club); a number here would contradict one of those lists.
  return draw('players', `<rect width="100" height="100" fill="#e7ebef"/><circle cx="50" cy="34" r="17" fill="#9aa5b1"/><path d="${PLAYER_BODY}" fill="${primary}" stroke="${secondary}" stroke-width="3"/>`);
}

function articleImage(id: string): Promise<Buffer> | null {
  const teams = teamsOfArticleId(id);
  if (!teams) return null;
  const [a, b] = teams.map((t) => teamInfo(t));
  if (!a) return null;
  const left = a.colors.primary;
  const right = (b ?? a).colors.primary === left ? (b ?? a).colors.secondary : (b ?? a).colors.primary;
  // The markings are one group at 80 % opacity, so crossings are not brighter.
  return draw(
    'articles',
    `<rect width="320" height="180" fill="#2f7d32"/><rect width="160" height="180" fill="${left}" fill-opacity="0.35"/><rect x="160" width="160" height="180" fill="${right}" fill-opacity="0.35"/>` +
      '<g opacity="0.8" fill="none" stroke="#ffffff" stroke-width="3"><rect x="10" y="10" width="300" height="160"/><path d="M160 10 V170"/><circle cx="160" cy="90" r="28"/><rect x="10" y="50" width="40" height="80"/><rect x="270" y="50" width="40" height="80"/></g>' +
      '<circle cx="160" cy="90" r="4" fill="#ffffff"/>',
  );
}

const LEAGUE_SHIELD = 'M50 16 L78 30 L78 52 C78 68 66 79 50 84 C34 79 22 68 22 52 L22 30 Z';

function leagueLogo(id: string): Promise<Buffer> | null {
  const n = positiveInt(id);
  const league = n === null ? undefined : LEAGUES[n];
  if (!league) return null;
  const [background, foreground] = league.colors;
  return draw(
    'leagues',
    `<rect x="4" y="4" width="92" height="92" rx="18" fill="${background}"/><path d="${LEAGUE_SHIELD}" fill="none" stroke="${foreground}" stroke-width="4"/>`,
    { text: league.label, x: 50, baseline: 61, capHeight: league.label.length > 2 ? 12 : 16, color: foreground },
  );
}

function flag(id: string): Promise<Buffer> | null {
  const code = id.toLowerCase();
  if (code === 'ec') return draw('flags', '<rect width="60" height="20" fill="#ffd100"/><rect y="20" width="60" height="10" fill="#0033a0"/><rect y="30" width="60" height="10" fill="#ce1126"/>');
  if (!/^[a-z]{2}(-[a-z]{3})?$/.test(code)) return null;
  return draw('flags', '<rect width="60" height="40" fill="#d7dde3"/>', { text: code.toUpperCase(), x: 30, baseline: 26, capHeight: 10, color: '#4a5561' });
}

const RENDER: Record<Kind, (id: string) => Promise<Buffer> | null> = {
  teams: teamCrest, players: playerPhoto, articles: articleImage, leagues: leagueLogo, flags: flag,
};

/** The PNG for `/media/{kind}/{id}.png`, or null when the demo has no such image. */
export async function renderMediaPng(kind: string, id: string): Promise<Buffer | null> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 40) return null;
  if (!Object.hasOwn(RENDER, kind)) return null;
  return RENDER[kind as Kind](id);
}
