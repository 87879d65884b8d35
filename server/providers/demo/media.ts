import { teamsOfArticleId } from './articles.ts';
import type { TeamColors } from './data/types.ts';
import { teamInfo, teamOfPlayerId } from './registry.ts';
import { Canvas, cubic, outline, polylineStroke, rect, ring, type Point } from './png.ts';

/**
 * Images of the demo season, drawn on request as small indexed PNGs (crests, photos and logos about
 * 0.7 KB, article pictures about 1.8 KB): club crests in the club's colours with its code, player
 * silhouettes in the shirt of their first club, article pictures of a pitch in the colours of the
 * clubs involved, league logos and flags. PNG like the real provider's logos and photos (browsers
 * decode them off the main thread; every SVG <img> costs Chromium a document on it). Everything is
 * derived from the id, so the same URL always gives the same bytes; rendered images are kept in a
 * bounded cache.
 *
 * The designs are written in the coordinates of the SVGs they replace (100×100 for crests, photos
 * and logos, 320×180 for pictures, 60×40 for flags) and scaled to the PNG sizes below.
 */

const SIZES = {
  teams: [72, 72, 100],
  players: [72, 72, 100],
  leagues: [72, 72, 100],
  articles: [480, 270, 320],
  flags: [48, 32, 60],
} as const;

type Kind = keyof typeof SIZES;

const canvasFor = (kind: Kind, background?: string) => {
  const [width, height, viewWidth] = SIZES[kind];
  return new Canvas(width, height, { scale: width / viewWidth, background });
};

/** Arial Bold's capitals are 0.716 em tall: the bitmap font is sized to match the old SVG text. */
const capHeight = (fontSize: number) => fontSize * 0.716;

const positiveInt = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

const CLUB_SHIELD: Point[] = [
  [50, 4], [90, 16], [90, 50],
  ...cubic([90, 50], [90, 74], [73, 90], [50, 96]),
  ...cubic([50, 96], [27, 90], [10, 74], [10, 50]),
  [10, 16],
];

function crest(colors: TeamColors, code: string, national: boolean): Buffer {
  const canvas = canvasFor('teams');
  if (national) {
    canvas.fillCircle(50, 50, 46, colors.primary);
    canvas.strokeCircle(50, 50, 46, 6, colors.secondary);
  } else {
    canvas.fillPolygon(CLUB_SHIELD, colors.primary);
    canvas.strokePolygon(CLUB_SHIELD, 6, colors.secondary);
    canvas.fillPolygon(rect(10, 38, 80, 14), colors.secondary, 0.85);
  }
  canvas.text(code, 50, national ? 60 : 74, capHeight(22), colors.text);
  return canvas.toPng();
}

function teamCrest(id: string): Buffer | null {
  const n = positiveInt(id);
  const team = n === null ? undefined : teamInfo(n);
  return team ? crest(team.colors, team.code, team.national) : null;
}

const PLAYER_BODY: Point[] = [
  [16, 100],
  ...cubic([16, 100], [16, 74], [30, 60], [50, 60]),
  ...cubic([50, 60], [70, 60], [84, 74], [84, 100]),
];

function playerPhoto(id: string): Buffer | null {
  const n = positiveInt(id);
  const found = n === null ? undefined : teamOfPlayerId(n);
  if (!found) return null;
  const { primary, secondary } = found.team.colors;
  // No shirt number: a photo is one per player, while his number depends on the side he is listed
  // for (22 for Ecuador, 1 at his club); a number here would contradict one of those lists.
  const canvas = canvasFor('players', '#e7ebef');
  canvas.fillCircle(50, 34, 17, '#9aa5b1');
  canvas.fillPolygon(PLAYER_BODY, primary);
  canvas.strokePolygon(PLAYER_BODY, 3, secondary);
  return canvas.toPng();
}

function articleImage(id: string): Buffer | null {
  const teams = teamsOfArticleId(id);
  if (!teams) return null;
  const [a, b] = teams.map((t) => teamInfo(t));
  if (!a) return null;
  const left = a.colors.primary;
  const right = (b ?? a).colors.primary === left ? (b ?? a).colors.secondary : (b ?? a).colors.primary;
  const canvas = canvasFor('articles', '#2f7d32');
  canvas.fillPolygon(rect(0, 0, 160, 180), left, 0.35);
  canvas.fillPolygon(rect(160, 0, 160, 180), right, 0.35);
  // The markings are one group at 80 % opacity: drawn as one union so crossings are not brighter.
  const lines = 3;
  canvas.fillPath([
    ...outline(rect(10, 10, 300, 160), lines),
    ...polylineStroke([[160, 10], [160, 170]], lines),
    ...ring(160, 90, 28, lines, canvas.scale),
    ...outline(rect(10, 50, 40, 80), lines),
    ...outline(rect(270, 50, 40, 80), lines),
  ], '#ffffff', 0.8);
  canvas.fillCircle(160, 90, 4, '#ffffff');
  return canvas.toPng();
}

const LEAGUES: Record<number, { label: string; name: string; colors: [string, string] }> = {
  242: { label: 'LP', name: 'Liga Pro', colors: ['#0a2a66', '#ffd100'] },
  243: { label: 'B', name: 'Liga Pro Serie B', colors: ['#1c57a5', '#ffffff'] },
  13: { label: 'CL', name: 'CONMEBOL Libertadores', colors: ['#1b1b1b', '#d4af37'] },
  11: { label: 'CS', name: 'CONMEBOL Sudamericana', colors: ['#0b2e59', '#f7d117'] },
  // The crest's letters are the readers' name's (Eliminatorias), not the provider's English 'World Cup'.
  34: { label: 'EL', name: 'World Cup - Qualification South America', colors: ['#6a2c91', '#ffffff'] },
  10: { label: 'AM', name: 'Friendlies', colors: ['#00843d', '#ffffff'] },
  39: { label: 'PL', name: 'Premier League', colors: ['#3d195b', '#ffffff'] },
  78: { label: 'BL', name: 'Bundesliga', colors: ['#d20515', '#ffffff'] },
  88: { label: 'ED', name: 'Eredivisie', colors: ['#f36c21', '#ffffff'] },
  140: { label: 'LL', name: 'La Liga', colors: ['#ee3524', '#ffffff'] },
  135: { label: 'SA', name: 'Serie A', colors: ['#0a4595', '#ffffff'] },
  262: { label: 'MX', name: 'Liga MX', colors: ['#1b1b1b', '#c8a44d'] },
  253: { label: 'MLS', name: 'Major League Soccer', colors: ['#001f5b', '#ffffff'] },
};

const LEAGUE_SHIELD: Point[] = [
  [50, 16], [78, 30], [78, 52],
  ...cubic([78, 52], [78, 68], [66, 79], [50, 84]),
  ...cubic([50, 84], [34, 79], [22, 68], [22, 52]),
  [22, 30],
];

function leagueLogo(id: string): Buffer | null {
  const n = positiveInt(id);
  const league = n === null ? undefined : LEAGUES[n];
  if (!league) return null;
  const [background, foreground] = league.colors;
  const canvas = canvasFor('leagues');
  canvas.fillRect(4, 4, 92, 92, background, 1, 18);
  canvas.strokePolygon(LEAGUE_SHIELD, 4, foreground);
  canvas.text(league.label, 50, 61, capHeight(league.label.length > 2 ? 17 : 22), foreground);
  return canvas.toPng();
}

function flag(id: string): Buffer | null {
  const code = id.toLowerCase();
  if (code === 'ec') {
    const canvas = canvasFor('flags');
    canvas.fillRect(0, 0, 60, 20, '#ffd100');
    canvas.fillRect(0, 20, 60, 10, '#0033a0');
    canvas.fillRect(0, 30, 60, 10, '#ce1126');
    return canvas.toPng();
  }
  if (!/^[a-z]{2}(-[a-z]{3})?$/.test(code)) return null;
  const canvas = canvasFor('flags', '#d7dde3');
  canvas.text(code.toUpperCase(), 30, 26, capHeight(14), '#4a5561');
  return canvas.toPng();
}

const RENDER: Record<Kind, (id: string) => Buffer | null> = {
  teams: teamCrest, players: playerPhoto, articles: articleImage, leagues: leagueLogo, flags: flag,
};

/** Rendering costs a millisecond or more; the demo's few thousand images fit a small cache. */
const MAX_CACHED = 2000;
const cache = new Map<string, Buffer>();

/** The PNG for `/media/{kind}/{id}.png`, or null when the demo has no such image. */
export function renderMediaPng(kind: string, id: string): Buffer | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 40) return null;
  if (!Object.hasOwn(RENDER, kind)) return null;
  const key = `${kind}/${id}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const png = RENDER[kind as Kind](id);
  if (png) {
    // Oldest first out (Map keeps insertion order).
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, png);
  }
  return png;
}
