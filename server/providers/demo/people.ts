import { FAMOUS_COMBINATIONS, NAME_POOLS } from './data/names.ts';
import type { NationKey, TeamInfo } from './data/types.ts';
import type { PositionName } from './registry.ts';
import type { Rng } from './rng.ts';
import { DAY_MS } from './time.ts';

/** One invented person of the demo season (player), with the hidden quality that drives selection. */
export interface DemoPlayer {
  id: number;
  /** The club (or national side, for players who only play for one) he is registered with. */
  teamId: number;
  firstname: string;
  lastname: string;
  /** Provider style: 'J. Pérez'. */
  name: string;
  nation: NationKey;
  birthDate: string;
  birthPlace: string;
  age: number;
  heightCm: number;
  weightKg: number;
  injured: boolean;
  position: PositionName;
  number: number;
  /** 0..1; better players start more, rate higher and get called up. */
  quality: number;
}

const HISPANIC: ReadonlySet<NationKey> = new Set([
  'ecuador', 'argentina', 'uruguay', 'paraguay', 'colombia', 'chile', 'peru', 'venezuela', 'bolivia', 'mexico', 'costarica',
]);

const initials = (first: string) => first.split(' ').map((w) => `${w[0]}.`).join(' ');

/** Generates unique, non-famous names for the whole season. */
export class NameBook {
  used = new Set<string>();

  /**
   * A new person of `nation`. `taken` holds the short names ('J. Pérez') already in his squad: a
   * squad list shows only that, so two of them there could not be told apart.
   */
  person(rng: Rng, nation: NationKey, taken?: ReadonlySet<string>): { firstname: string; lastname: string; name: string } {
    const pool = NAME_POOLS[nation];
    for (let attempt = 0; ; attempt++) {
      const first = rng.pick(pool.first);
      const surname = rng.pick(pool.last);
      const firstWord = first.split(' ')[0];
      if (FAMOUS_COMBINATIONS.has(`${first} ${surname}`) || FAMOUS_COMBINATIONS.has(`${firstWord} ${surname}`)) continue;
      let second = '';
      if (HISPANIC.has(nation) && rng.chance(0.55)) {
        second = rng.pick(pool.last);
        if (second === surname) second = '';
      }
      const lastname = second ? `${surname} ${second}` : surname;
      // Unbounded: every pool has far more first names × surnames than a squad has players.
      if (taken?.has(`${initials(first)} ${surname}`)) continue;
      const key = `${first} ${lastname}`;
      // Short names like 'J. Pérez' may repeat across clubs, as they do in real leagues; full names do not.
      if (this.used.has(key) && attempt < 50) continue;
      this.used.add(key);
      return { firstname: first, lastname, name: `${initials(first)} ${surname}` };
    }
  }
}

const HEIGHT_RANGE: Record<PositionName, [number, number]> = {
  Goalkeeper: [182, 197],
  Defender: [174, 192],
  Midfielder: [166, 185],
  Attacker: [168, 191],
};

export function createPlayer(
  rng: Rng,
  names: NameBook,
  args: {
    id: number; teamId: number; nation: NationKey; position: PositionName; number: number; quality: number; anchorMs: number; ageRange?: [number, number];
    /** Short names already in his squad (NameBook.person). */
    taken?: ReadonlySet<string>;
  },
): DemoPlayer {
  const { firstname, lastname, name } = names.person(rng, args.nation, args.taken);
  const [minAge, maxAge] = args.ageRange ?? [18, 35];
  // Goalkeepers last longer; teenagers are rarer than players in their prime.
  const age = Math.min(maxAge + (args.position === 'Goalkeeper' ? 2 : 0), Math.max(minAge, Math.round(26 + rng.normal() * 4.2)));
  const birthMs = args.anchorMs - age * 365.25 * DAY_MS - rng.int(1, 360) * DAY_MS;
  const birthDate = new Date(birthMs).toISOString().slice(0, 10);
  const [hMin, hMax] = HEIGHT_RANGE[args.position];
  const heightCm = rng.int(hMin, hMax);
  const weightKg = Math.round(heightCm - 106 + rng.normal() * 4);
  return {
    id: args.id,
    teamId: args.teamId,
    firstname,
    lastname,
    name,
    nation: args.nation,
    birthDate,
    birthPlace: rng.pick(NAME_POOLS[args.nation].cities),
    age: ageAt(birthDate, args.anchorMs),
    heightCm,
    weightKg,
    injured: rng.chance(0.035),
    position: args.position,
    number: args.number,
    quality: args.quality,
  };
}

/** Whole years between a birth date and an instant. */
export function ageAt(birthDate: string, atMs: number): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const at = new Date(atMs);
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age--;
  return age;
}

/** Quality around the club's level: most squad members cluster near it, a few stand out. */
export function qualityFor(rng: Rng, team: TeamInfo, bonus = 0): number {
  return Math.min(0.98, Math.max(0.15, team.strength * 0.8 + 0.08 + bonus + rng.normal() * 0.07));
}
