import { LIGA_PRO_CLUBS, SERIE_B_CLUBS } from './data/clubs.ts';
import { ABROAD_CLUBS, FRIENDLY_OPPONENTS, LIBERTADORES_FOREIGN, SUDAMERICANA_FOREIGN } from './data/foreign.ts';
import { FORMATIONS, NAME_POOLS } from './data/names.ts';
import type { NationKey, TeamInfo } from './data/types.ts';
import { NameBook, createPlayer, qualityFor, type DemoPlayer } from './people.ts';
import {
  CLUB_SQUAD_LAYOUT, ECUADOR_ID, NATIONS, abroadNumberFor, abroadPositionFor, coachIdFor, playerIdFor, shirtNumberFor,
  type PositionName,
} from './registry.ts';
import { rngFor, type Rng } from './rng.ts';

/** Everyone in the demo season: squads, coaches, preferred formations, referees. */
export interface People {
  names: NameBook;
  /** Club squads and the generated national sides, by team id. */
  squads: Map<number, DemoPlayer[]>;
  /** Ecuadorians at clubs outside the demo's competitions (for /extranjero). */
  abroad: DemoPlayer[];
  coaches: Map<number, { id: number; name: string }>;
  formations: Map<number, string>;
  referees: { ecuador: string[]; conmebol: Array<{ name: string; nation: NationKey }> };
  /** Every player by id (club and national-only players, players abroad). */
  byId: Map<number, DemoPlayer>;
}

const REGIONAL_IMPORTS: NationKey[] = ['argentina', 'colombia', 'uruguay', 'venezuela', 'paraguay', 'argentina', 'colombia'];

function squadNation(rng: Rng, team: TeamInfo, slot: number, importSlots: ReadonlySet<number>): NationKey {
  if (!importSlots.has(slot)) return team.nation;
  if (team.nation !== 'ecuador' && slot === [...importSlots][0] && rng.chance(0.3)) return 'ecuador';
  const choices = REGIONAL_IMPORTS.filter((n) => n !== team.nation);
  return rng.pick(choices);
}

function buildSquad(seed: number, team: TeamInfo, names: NameBook, anchorMs: number, imports: number): DemoPlayer[] {
  const rng = rngFor(seed, `squad:${team.id}`);
  // Imports take outfield places; a club's few foreigners are usually among its better players.
  const outfield = CLUB_SQUAD_LAYOUT.map((p, i) => (p === 'Goalkeeper' ? -1 : i)).filter((i) => i >= 0);
  const importSlots = new Set(rng.shuffle(outfield).slice(0, imports));
  const taken = new Set<string>();
  return CLUB_SQUAD_LAYOUT.map((position, slot) => {
    const nation = squadNation(rng, team, slot, importSlots);
    const player = createPlayer(rng, names, {
      id: playerIdFor(team.id, slot),
      teamId: team.id,
      nation,
      position,
      number: shirtNumberFor(team.id, slot),
      quality: qualityFor(rng, team, importSlots.has(slot) ? 0.05 : 0),
      anchorMs,
      taken,
    });
    taken.add(player.name);
    return player;
  });
}

function coachName(rng: Rng, names: NameBook, team: TeamInfo): string {
  const nation: NationKey = team.nation === 'ecuador' && !team.national
    ? rng.pick<NationKey>(['ecuador', 'argentina', 'uruguay', 'colombia', 'ecuador', 'argentina'])
    : team.nation;
  return names.person(rng, nation).name;
}

function refereeName(rng: Rng, nation: NationKey): string {
  const pool = NAME_POOLS[nation];
  const first = rng.pick(pool.first);
  const second = rng.chance(0.4) ? `${rng.pick(pool.first)[0]}. ` : '';
  return `${first[0]}. ${second}${rng.pick(pool.last)}`;
}

export function buildPeople(seed: number, anchorMs: number): People {
  const names = new NameBook();
  const squads = new Map<number, DemoPlayer[]>();
  const coaches = new Map<number, { id: number; name: string }>();
  const formations = new Map<number, string>();

  for (const team of LIGA_PRO_CLUBS) squads.set(team.id, buildSquad(seed, team, names, anchorMs, 4));
  for (const team of SERIE_B_CLUBS) squads.set(team.id, buildSquad(seed, team, names, anchorMs, 1));
  for (const team of [...LIBERTADORES_FOREIGN, ...SUDAMERICANA_FOREIGN]) {
    squads.set(team.id, buildSquad(seed, team, names, anchorMs, team.nation === 'brazil' || team.nation === 'argentina' ? 3 : 2));
  }
  // National sides other than Ecuador have no club squads in the demo: their players exist for them alone.
  for (const team of [...NATIONS.filter((t) => t.id !== ECUADOR_ID), ...FRIENDLY_OPPONENTS]) {
    squads.set(team.id, buildSquad(seed, team, names, anchorMs, 0));
  }

  const abroadRng = rngFor(seed, 'abroad');
  const abroad: DemoPlayer[] = [];
  ABROAD_CLUBS.forEach((club, index) => {
    const count = index < 5 ? 2 : 1;
    for (let slot = 0; slot < count; slot++) {
      const position: PositionName = abroadPositionFor(club.id, slot);
      abroad.push(createPlayer(abroadRng, names, {
        id: playerIdFor(club.id, slot),
        teamId: club.id,
        nation: 'ecuador',
        position,
        number: abroadNumberFor(club.id, slot),
        quality: Math.min(0.97, 0.8 + abroadRng.next() * 0.15),
        anchorMs,
        ageRange: [19, 33],
      }));
    }
  });

  const teamsWithStaff = [...LIGA_PRO_CLUBS, ...SERIE_B_CLUBS, ...LIBERTADORES_FOREIGN, ...SUDAMERICANA_FOREIGN, ...NATIONS, ...FRIENDLY_OPPONENTS];
  for (const team of teamsWithStaff) {
    const rng = rngFor(seed, `staff:${team.id}`);
    coaches.set(team.id, { id: coachIdFor(team.id), name: coachName(rng, names, team) });
    formations.set(team.id, FORMATIONS[rng.weightedIndex([5, 4, 3, 2, 1.5, 1, 1, 1])]);
  }

  const refRng = rngFor(seed, 'referees');
  const ecuadorRefs = new Set<string>();
  while (ecuadorRefs.size < 18) ecuadorRefs.add(refereeName(refRng, 'ecuador'));
  const conmebol: Array<{ name: string; nation: NationKey }> = [];
  for (const nation of ['argentina', 'brazil', 'uruguay', 'colombia', 'chile', 'paraguay', 'peru', 'venezuela', 'bolivia', 'ecuador'] as NationKey[]) {
    for (let i = 0; i < 3; i++) conmebol.push({ name: refereeName(refRng, nation), nation });
  }

  const byId = new Map<number, DemoPlayer>();
  for (const squad of squads.values()) for (const p of squad) byId.set(p.id, p);
  for (const p of abroad) byId.set(p.id, p);
  return { names, squads, abroad, coaches, formations, referees: { ecuador: [...ecuadorRefs], conmebol }, byId };
}

const ECUADOR_CALL_UP: Record<PositionName, number> = { Goalkeeper: 3, Defender: 9, Midfielder: 8, Attacker: 6 };

/**
 * Ecuador's squad: the best Ecuadorians at home and abroad, 26 of them, with national shirt
 * numbers. The player objects are copies: their club numbers stay as they are.
 */
export function ecuadorSquad(people: People): DemoPlayer[] {
  const candidates = [...people.byId.values()].filter((p) => p.nation === 'ecuador' && !p.injured);
  const squad: DemoPlayer[] = [];
  const layout: PositionName[] = [];
  // Players come from many clubs: of two with the same short name ('É. Zambrano') only the better
  // is called up, so the squad list never shows two players it cannot tell apart.
  const names = new Set<string>();
  for (const position of ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'] as PositionName[]) {
    const best = candidates.filter((p) => p.position === position && !names.has(p.name)).sort((a, b) => b.quality - a.quality || a.id - b.id);
    for (const p of best) {
      if (layout.filter((x) => x === position).length === ECUADOR_CALL_UP[position]) break;
      if (names.has(p.name)) continue;
      names.add(p.name);
      layout.push(position);
      squad.push({ ...p, number: shirtNumberFor(ECUADOR_ID, layout.length - 1, layout) });
    }
  }
  return squad;
}
