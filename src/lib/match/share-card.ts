import { hasScore, roundLabel, statusLabel } from './scoreboard.ts';
import type { Match } from './types.ts';
import { formatShortDate, formatTime } from '../format/date.ts';
import { cachedPng } from '../images/cache.ts';
import { imageDataUri, type PictureElement } from '../images/render.ts';

/**
 * The share card of a match (Open Graph image): both crests and names, the score or the kick-off,
 * the competition and round. Drawn at build time (satori → resvg), cached on disk by a hash of
 * everything drawn (src/lib/images/cache.ts), so a rebuild only draws the cards whose match changed.
 */

export const MATCH_CARD_SIZE = { width: 600, height: 315 } as const;

export interface MatchCardInput {
  competition: string;
  round: string;
  home: { name: string; crest: string | null };
  away: { name: string; crest: string | null };
  /** "2 - 1", or the kick-off time. */
  centre: string;
  /** "Final", "En vivo", or the kick-off day. */
  caption: string;
}

/** What the card of a match shows, crests already as data: URIs (or null). */
export async function matchCardInput(match: Match): Promise<MatchCardInput> {
  const [homeCrest, awayCrest] = await Promise.all([imageDataUri(match.home.logo), imageDataUri(match.away.logo)]);
  const played = hasScore(match) && match.kind !== 'Fixture';
  return {
    competition: match.league.name,
    round: roundLabel(match.league.round, match.league.id),
    home: { name: match.home.name, crest: homeCrest },
    away: { name: match.away.name, crest: awayCrest },
    centre: played ? `${match.goals.home} - ${match.goals.away}` : formatTime(match.date) || 'vs.',
    caption: played ? (match.kind === 'Live' ? 'En vivo' : statusLabel(match.status.short)) : formatShortDate(match.date) || statusLabel(match.status.short),
  };
}

const el = (type: string, style: Record<string, string | number>, children?: PictureElement['props']['children'], extra: Record<string, unknown> = {}): PictureElement => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }), ...extra },
});

function side(team: MatchCardInput['home']): PictureElement {
  return el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 184, flexShrink: 0, gap: 10 }, [
    team.crest ? el('img', { width: 80, height: 80, objectFit: 'contain' }, undefined, { src: team.crest, width: 80, height: 80 }) : el('div', { width: 80, height: 80 }),
    el('div', { fontSize: 22, fontWeight: 700, textAlign: 'center', lineHeight: 1.15 }, team.name),
  ]);
}

/** The card as satori's element tree (no React needed). */
export function matchCardElement(input: MatchCardInput): PictureElement {
  return el(
    'div',
    { width: MATCH_CARD_SIZE.width, height: MATCH_CARD_SIZE.height, display: 'flex', flexDirection: 'column', justifyContent: 'flex-start', paddingTop: 20, paddingBottom: 16, paddingLeft: 24, paddingRight: 24, background: '#0b4aa2', color: '#ffffff', fontFamily: 'Inter' },
    [
      el('div', { display: 'flex', fontSize: 18, fontWeight: 600, color: '#cfe0ff' }, [input.competition, input.round].filter(Boolean).join(' · ')),
      el('div', { display: 'flex', alignItems: 'center', width: 552, height: 250 }, [
        side(input.home),
        el('div', { display: 'flex', flexDirection: 'column', alignItems: 'center', width: 184, flexShrink: 0, gap: 6 }, [
          el('div', { fontSize: 52, fontWeight: 700 }, input.centre),
          el('div', { fontSize: 20, color: '#f5c400', fontWeight: 600 }, input.caption),
        ]),
        side(input.away),
      ]),
    ],
  );
}

/** The PNG of a match card, from the build's picture cache when the same card was drawn before. */
export async function renderMatchCard(input: MatchCardInput): Promise<Uint8Array> {
  return cachedPng(matchCardElement(input), MATCH_CARD_SIZE.width, MATCH_CARD_SIZE.height);
}
