import type { ApiTransfer, ApiTransferEntry } from '../../store/provider-types.ts';
import { LIGA_PRO_CLUBS, SERIE_B_CLUBS } from './data/clubs.ts';
import { LIBERTADORES_FOREIGN, SUDAMERICANA_FOREIGN } from './data/foreign.ts';
import type { TeamInfo } from './data/types.ts';
import type { CompetitionBuild } from './model.ts';
import { teamRef } from './match.ts';
import type { People } from './people-build.ts';
import { ageAt, type DemoPlayer } from './people.ts';
import { teamInfo } from './registry.ts';
import { rngFor, type Rng } from './rng.ts';
import { DAY_MS, guayaquilDate } from './time.ts';

/**
 * Career moves of the demo's players, newest first like the provider's /transfers. The last move
 * always brings the player to the club he is registered with now. Players at Ecuadorian and cup
 * clubs arrived before the season started (their season statistics are all for one club); players
 * abroad moved in the last European window, which is what the transfer news is about.
 */

const ECUADORIAN_CLUBS = [...LIGA_PRO_CLUBS, ...SERIE_B_CLUBS];
const BIG_ECUADORIAN = [1153, 1158, 1152, 1148, 1157, 1156];
const CUP_CLUBS = [...LIBERTADORES_FOREIGN, ...SUDAMERICANA_FOREIGN];

/**
 * A transfer fee as the provider writes it ('€ 4.5M', '€ 300K'). What a club pays falls with the
 * player's age and is lower for goalkeepers, as on the real market: from 31 a fee is a fraction of
 * a prime-age one, from 33 at most a token €500K (most such moves are free, see moveType).
 */
function fee(rng: Rng, big: boolean, age: number, position: string): string {
  if (age >= 33) return formatFee(rng.pick([0.1, 0.15, 0.2, 0.3, 0.5]));
  const amounts = big ? [2, 3, 4.5, 6, 8, 12, 15] : [0.3, 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5];
  const byAge = age <= 27 ? 1 : age <= 29 ? 0.6 : age <= 31 ? 0.3 : 0.15;
  return formatFee(rng.pick(amounts) * byAge * (position === 'Goalkeeper' ? 0.3 : 1));
}

function formatFee(millions: number): string {
  if (millions >= 1) return `€ ${Math.round(millions * 10) / 10}M`;
  return `€ ${Math.max(50, Math.round(millions * 20) * 50)}K`;
}

function moveType(rng: Rng, big: boolean, age: number, position: string): string {
  const roll = rng.next();
  if (roll < 0.3) return 'N/A';
  // Players at the end of their careers mostly move for free.
  if (roll < (age >= 33 ? 0.75 : 0.52)) return 'Free';
  if (roll < (age >= 33 ? 0.88 : 0.72)) return 'Loan';
  return fee(rng, big, age, position);
}

function previousClubPool(player: DemoPlayer, current: TeamInfo): TeamInfo[] {
  if (player.nation === 'ecuador') return ECUADORIAN_CLUBS.filter((t) => t.id !== current.id);
  const sameCountry = CUP_CLUBS.filter((t) => t.nation === player.nation && t.id !== current.id);
  return sameCountry.length >= 2 ? sameCountry : CUP_CLUBS.filter((t) => t.id !== current.id);
}

function history(rng: Rng, player: DemoPlayer, current: TeamInfo, latestMs: number, abroad: boolean): ApiTransfer[] {
  const moves = rng.int(2, 4);
  const transfers: ApiTransfer[] = [];
  let into = current;
  let date = latestMs;
  for (let i = 0; i < moves; i++) {
    let pool = previousClubPool(player, into);
    // The move abroad comes from one of Ecuador's exporting clubs (or a big cup club).
    if (abroad && i === 0) pool = BIG_ECUADORIAN.map((id) => teamInfo(id)!).concat(CUP_CLUBS.filter((t) => t.strength > 0.8));
    const from = rng.pick(pool.filter((t) => t.id !== into.id));
    const age = ageAt(player.birthDate, date);
    transfers.push({
      date: guayaquilDate(date),
      type: abroad && i === 0 ? fee(rng, true, age, player.position) : moveType(rng, into.strength > 0.78, age, player.position),
      teams: { in: teamRef(into), out: teamRef(from) },
    });
    into = from;
    date -= rng.int(160, 560) * DAY_MS;
    // Careers start at 17 or so: no moves before that.
    if (Date.parse(player.birthDate) + 17 * 365 * DAY_MS > date) break;
  }
  return transfers;
}

export function buildTransfers(people: People, builds: CompetitionBuild[], seed: number, anchorMs: number): ApiTransferEntry[] {
  const rng = rngFor(seed, 'transfers');
  const seasonStartMs = Math.min(...builds.filter((b) => b.league.league.id === 242).flatMap((b) => b.fixtures.map((f) => f.data.fixture.timestamp * 1000)));
  const entries: ApiTransferEntry[] = [];
  const add = (player: DemoPlayer, latestMs: number, abroad: boolean) => {
    const current = teamInfo(player.teamId);
    if (!current) return;
    const transfers = history(rng, player, current, latestMs, abroad);
    entries.push({ player: { id: player.id, name: player.name }, update: `${transfers[0].date}T00:00:00+00:00`, transfers });
  };
  const clubIds = new Set([...ECUADORIAN_CLUBS, ...CUP_CLUBS].map((t) => t.id));
  for (const [teamId, squad] of people.squads) {
    if (!clubIds.has(teamId)) continue;
    const ecuadorianClub = ECUADORIAN_CLUBS.some((t) => t.id === teamId);
    for (const p of squad) {
      const imported = p.nation !== teamInfo(teamId)!.nation;
      if (!imported && !(ecuadorianClub && rng.chance(0.45))) continue;
      add(p, seasonStartMs - rng.int(20, 60) * DAY_MS, false);
    }
  }
  for (const p of people.abroad) add(p, anchorMs - rng.int(70, 140) * DAY_MS, true);
  return entries.sort((a, b) => b.update.localeCompare(a.update) || a.player.id - b.player.id);
}
