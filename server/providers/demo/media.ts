import { teamsOfArticleId } from './articles.ts';
import type { TeamColors } from './data/types.ts';
import { shirtNumberForPlayerId, teamInfo, teamOfPlayerId } from './registry.ts';

/**
 * Images of the demo season, drawn on request as small SVGs (well under 1.5 KB each): club crests
 * in the club's colours with its code, player silhouettes in the club shirt with his number,
 * article pictures of a pitch in the colours of the clubs involved, league logos and flags.
 * Everything is derived from the id, so the same URL always gives the same picture.
 */

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const svg = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(label)}">${body}</svg>`;

const positiveInt = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

function crest(colors: TeamColors, code: string, name: string, national: boolean): string {
  const shape = national
    ? `<circle cx="50" cy="50" r="46" fill="${colors.primary}" stroke="${colors.secondary}" stroke-width="6"/>`
    : `<path d="M50 4 90 16v34c0 24-17 40-40 46C27 90 10 74 10 50V16Z" fill="${colors.primary}" stroke="${colors.secondary}" stroke-width="6"/>`
      + `<path d="M10 38h80v14H10Z" fill="${colors.secondary}" opacity=".85"/>`;
  const text = `<text x="50" y="${national ? 60 : 74}" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="${colors.text}">${esc(code)}</text>`;
  return svg(100, 100, name, shape + text);
}

function teamCrest(id: string): string | null {
  const n = positiveInt(id);
  const team = n === null ? undefined : teamInfo(n);
  return team ? crest(team.colors, team.code, team.name, team.national) : null;
}

function playerPhoto(id: string): string | null {
  const n = positiveInt(id);
  const found = n === null ? undefined : teamOfPlayerId(n);
  if (!found) return null;
  const { primary, secondary, text } = found.team.colors;
  const number = shirtNumberForPlayerId(n!);
  const body = `<rect width="100" height="100" fill="#e7ebef"/>`
    + `<circle cx="50" cy="34" r="17" fill="#9aa5b1"/>`
    + `<path d="M16 100c0-26 14-40 34-40s34 14 34 40Z" fill="${primary}" stroke="${secondary}" stroke-width="3"/>`
    + (number === null ? '' : `<text x="50" y="92" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="${text}">${number}</text>`);
  return svg(100, 100, `Jugador de ${found.team.name}`, body);
}

function articleImage(id: string): string | null {
  const teams = teamsOfArticleId(id);
  if (!teams) return null;
  const [a, b] = teams.map((t) => teamInfo(t));
  if (!a) return null;
  const left = a.colors.primary;
  const right = (b ?? a).colors.primary === left ? (b ?? a).colors.secondary : (b ?? a).colors.primary;
  const body = `<rect width="320" height="180" fill="#2f7d32"/>`
    + `<path d="M0 0h160v180H0Z" fill="${left}" opacity=".35"/><path d="M160 0h160v180H160Z" fill="${right}" opacity=".35"/>`
    + `<g fill="none" stroke="#fff" stroke-width="3" opacity=".8"><rect x="10" y="10" width="300" height="160"/><path d="M160 10v160"/>`
    + `<circle cx="160" cy="90" r="28"/><rect x="10" y="50" width="40" height="80"/><rect x="270" y="50" width="40" height="80"/></g>`
    + `<circle cx="160" cy="90" r="4" fill="#fff"/>`;
  return svg(320, 180, b && b !== a ? `${a.name} y ${b.name}` : a.name, body);
}

const LEAGUES: Record<number, { label: string; name: string; colors: [string, string] }> = {
  242: { label: 'LP', name: 'Liga Pro', colors: ['#0a2a66', '#ffd100'] },
  243: { label: 'B', name: 'Liga Pro Serie B', colors: ['#1c57a5', '#ffffff'] },
  13: { label: 'CL', name: 'CONMEBOL Libertadores', colors: ['#1b1b1b', '#d4af37'] },
  11: { label: 'CS', name: 'CONMEBOL Sudamericana', colors: ['#0b2e59', '#f7d117'] },
  34: { label: 'WC', name: 'World Cup - Qualification South America', colors: ['#6a2c91', '#ffffff'] },
  10: { label: 'AM', name: 'Friendlies', colors: ['#00843d', '#ffffff'] },
  39: { label: 'PL', name: 'Premier League', colors: ['#3d195b', '#ffffff'] },
  78: { label: 'BL', name: 'Bundesliga', colors: ['#d20515', '#ffffff'] },
  88: { label: 'ED', name: 'Eredivisie', colors: ['#f36c21', '#ffffff'] },
  140: { label: 'LL', name: 'La Liga', colors: ['#ee3524', '#ffffff'] },
  135: { label: 'SA', name: 'Serie A', colors: ['#0a4595', '#ffffff'] },
  262: { label: 'MX', name: 'Liga MX', colors: ['#1b1b1b', '#c8a44d'] },
  253: { label: 'MLS', name: 'Major League Soccer', colors: ['#001f5b', '#ffffff'] },
};

function leagueLogo(id: string): string | null {
  const n = positiveInt(id);
  const league = n === null ? undefined : LEAGUES[n];
  if (!league) return null;
  const [background, foreground] = league.colors;
  const body = `<rect x="4" y="4" width="92" height="92" rx="18" fill="${background}"/>`
    + `<path d="M50 16 78 30v22c0 16-12 27-28 32-16-5-28-16-28-32V30Z" fill="none" stroke="${foreground}" stroke-width="4"/>`
    + `<text x="50" y="61" font-family="Arial,Helvetica,sans-serif" font-size="${league.label.length > 2 ? 17 : 22}" font-weight="700" text-anchor="middle" fill="${foreground}">${league.label}</text>`;
  return svg(100, 100, league.name, body);
}

function flag(id: string): string | null {
  const code = id.toLowerCase();
  if (code === 'ec') {
    return svg(60, 40, 'Ecuador', '<rect width="60" height="20" fill="#ffd100"/><rect y="20" width="60" height="10" fill="#0033a0"/><rect y="30" width="60" height="10" fill="#ce1126"/>');
  }
  if (!/^[a-z]{2}(-[a-z]{3})?$/.test(code)) return null;
  return svg(60, 40, code.toUpperCase(), `<rect width="60" height="40" fill="#d7dde3"/><text x="30" y="26" font-family="Arial,Helvetica,sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#4a5561">${esc(code.toUpperCase())}</text>`);
}

/** The SVG for `/media/{kind}/{id}.svg`, or null when the demo has no such image. */
export function renderMediaSvg(kind: string, id: string): string | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 40) return null;
  switch (kind) {
    case 'teams': return teamCrest(id);
    case 'players': return playerPhoto(id);
    case 'articles': return articleImage(id);
    case 'leagues': return leagueLogo(id);
    case 'flags': return flag(id);
    default: return null;
  }
}
