import { LIGA_PRO_CLUBS, SERIE_B_CLUBS, VENUES } from './data/clubs.ts';
import { ABROAD_CLUBS, FRIENDLY_OPPONENTS, LIBERTADORES_FOREIGN, SUDAMERICANA_FOREIGN, conmebolNations } from './data/foreign.ts';
import type { TeamInfo } from './data/types.ts';
import { hashString } from './rng.ts';

/**
 * Every team the demo knows, in a fixed order. A team's position in this list (its ordinal) fixes
 * its players' ids, so ids do not depend on the seed and the media renderer can tell a player's
 * club colours and shirt number from the id alone.
 */
export const NATIONS = conmebolNations(VENUES.rodrigoPaz);
export const ECUADOR_ID = 2382;

export const ALL_TEAMS: readonly TeamInfo[] = [
  ...LIGA_PRO_CLUBS, ...SERIE_B_CLUBS, ...LIBERTADORES_FOREIGN, ...SUDAMERICANA_FOREIGN,
  ...NATIONS, ...FRIENDLY_OPPONENTS, ...ABROAD_CLUBS,
];

const byId = new Map<number, TeamInfo>(ALL_TEAMS.map((t) => [t.id, t]));
const ordinalOf = new Map<number, number>(ALL_TEAMS.map((t, i) => [t.id, i]));

export function teamInfo(id: number): TeamInfo | undefined {
  return byId.get(id);
}

export const PLAYER_ID_BASE = 800000;
/** Squad slots per team in the id space (squads use 25; national sides up to 26). */
export const SLOTS_PER_TEAM = 40;
export const COACH_ID_BASE = 970000;

export function playerIdFor(teamId: number, slot: number): number {
  const ordinal = ordinalOf.get(teamId);
  if (ordinal === undefined) throw new Error(`Unknown demo team ${teamId}`);
  return PLAYER_ID_BASE + ordinal * SLOTS_PER_TEAM + slot;
}

export function coachIdFor(teamId: number): number {
  return COACH_ID_BASE + (ordinalOf.get(teamId) ?? 0);
}

/** The team whose id block holds this player id (his first club), or undefined. */
export function teamOfPlayerId(playerId: number): { team: TeamInfo; slot: number } | undefined {
  if (!Number.isInteger(playerId) || playerId < PLAYER_ID_BASE) return undefined;
  const offset = playerId - PLAYER_ID_BASE;
  const team = ALL_TEAMS[Math.floor(offset / SLOTS_PER_TEAM)];
  if (!team) return undefined;
  return { team, slot: offset % SLOTS_PER_TEAM };
}

export type PositionName = 'Goalkeeper' | 'Defender' | 'Midfielder' | 'Attacker';

/** Club squad layout by slot: 3 goalkeepers, 8 defenders, 8 midfielders, 6 forwards. */
export const CLUB_SQUAD_LAYOUT: readonly PositionName[] = [
  ...Array<PositionName>(3).fill('Goalkeeper'), ...Array<PositionName>(8).fill('Defender'),
  ...Array<PositionName>(8).fill('Midfielder'), ...Array<PositionName>(6).fill('Attacker'),
];

const NUMBER_POOLS: Record<PositionName, readonly number[]> = {
  Goalkeeper: [1, 12, 22, 25, 31],
  Defender: [2, 3, 4, 5, 6, 13, 14, 15, 24, 26],
  Midfielder: [8, 10, 16, 18, 20, 21, 23, 28, 32],
  Attacker: [7, 9, 11, 17, 19, 27, 29, 30, 33],
};

/**
 * A national side's numbers: a World Cup or qualifiers list has 26 players numbered 1 to 26, the
 * goalkeepers 1, 12 and 23. The pools cover 1..26 exactly, so a call-up of 3 goalkeepers, 9
 * defenders, 8 midfielders and 6 forwards uses every number once.
 */
const NATIONAL_NUMBER_POOLS: Record<PositionName, readonly number[]> = {
  Goalkeeper: [1, 12, 23],
  Defender: [2, 3, 4, 5, 6, 13, 14, 15, 24],
  Midfielder: [8, 10, 16, 18, 20, 21, 22, 26],
  Attacker: [7, 9, 11, 17, 19, 25],
};

/**
 * Shirt numbers by slot: each position draws from its usual numbers, shuffled per team (by team
 * id, not by seed) so that media and generator agree without sharing state. National sides draw
 * from 1..26 only.
 */
export function shirtNumberFor(teamId: number, slot: number, layout: readonly PositionName[] = CLUB_SQUAD_LAYOUT): number {
  const position = layout[slot] ?? 'Midfielder';
  let indexInPosition = 0;
  for (let i = 0; i < slot; i++) if (layout[i] === position) indexInPosition++;
  // The pools are disjoint, so numbers never repeat within a squad.
  const pool = (teamInfo(teamId)?.national ? NATIONAL_NUMBER_POOLS : NUMBER_POOLS)[position];
  const shift = hashString(`numbers:${teamId}:${position}`) % pool.length;
  if (indexInPosition < pool.length) return pool[(indexInPosition + shift) % pool.length];
  return 34 + slot;
}

const ABROAD_POSITIONS: readonly PositionName[] = ['Defender', 'Defender', 'Midfielder', 'Midfielder', 'Attacker', 'Attacker', 'Goalkeeper'];

/** Position of a player abroad, fixed by his id so the media renderer can draw the right shirt. */
export function abroadPositionFor(teamId: number, slot: number): PositionName {
  return ABROAD_POSITIONS[hashString(`abroad:${teamId}:${slot}`) % ABROAD_POSITIONS.length];
}

export function abroadNumberFor(teamId: number, slot: number): number {
  const position = abroadPositionFor(teamId, slot);
  const pool = NUMBER_POOLS[position];
  return pool[(slot + hashString(`numbers:${teamId}:${position}`)) % pool.length];
}

