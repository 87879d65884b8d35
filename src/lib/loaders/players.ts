import type { RequestOptions } from '../http/client.ts';
import { getLeaguePlayerEntries } from '../team/api.ts';
import { countryName } from '../format/countries.ts';
import { parsePlayerEntry, parseSeasonStatistics } from '../player/parse.ts';
import { asId, asRecord, asString } from '../http/read.ts';
import type { TransferMove } from '../team/transfers.ts';
import type { Player, PlayerSeasonStatistics } from '../player/types.ts';
import { ratingsByPlayer, type PlayerMatchRating } from '../match/ratings.ts';
import { loadAllFixtures, loadTournamentsRequired } from './competitions.ts';
import { memo, required } from './memo.ts';
import { loadAbroadEntries, loadTransfers } from './teams.ts';

/**
 * Build-time reads of the players: one paged bulk read per competition (each player with every
 * statistics entry of the season), merged by id once. A player page is a Map look-up.
 */

export interface PlayerProfile extends Player {
  /** The season's statistics per competition (and club), the main competition first. */
  seasons: PlayerSeasonStatistics[];
  /** For players abroad: the club's country. */
  clubCountry?: string;
}

function statisticsKey(raw: unknown): string {
  const r = asRecord(raw);
  return `${asId(asRecord(r.league).id)}|${asId(asRecord(r.team).id)}`;
}

/** Parses merged raw entries: the first entry's bio, every distinct statistics entry. */
export function profilesFromEntries(entries: readonly unknown[]): Map<number, PlayerProfile> {
  const raw = new Map<number, { entry: Record<string, unknown>; statistics: unknown[]; keys: Set<string> }>();
  for (const item of entries) {
    const entry = asRecord(item);
    const id = asId(asRecord(entry.player).id);
    if (id === null) continue;
    let slot = raw.get(id);
    if (!slot) {
      slot = { entry, statistics: [], keys: new Set() };
      raw.set(id, slot);
    }
    for (const s of Array.isArray(entry.statistics) ? entry.statistics : []) {
      const key = statisticsKey(s);
      if (slot.keys.has(key)) continue;
      slot.keys.add(key);
      slot.statistics.push(s);
    }
  }
  const profiles = new Map<number, PlayerProfile>();
  for (const [id, { entry, statistics }] of raw) {
    const parsed = parsePlayerEntry({ ...entry, statistics });
    // No name, no page: nothing shows a placeholder player.
    if (!parsed.ok || !parsed.value.name) continue;
    // An entry of /players/abroad names the player's club beside the statistics, whose first entry
    // may be the national team's (qualifiers, friendlies): the club is the one named.
    const club = asRecord(entry.team);
    const clubId = asId(club.id);
    const team = clubId === null ? parsed.value.team : { id: clubId, name: asString(club.name), logo: asString(club.logo) };
    const clubCountry = countryName(asString(club.country));
    profiles.set(id, { ...parsed.value, team, seasons: statistics.map(parseSeasonStatistics), ...(clubCountry ? { clubCountry } : {}) });
  }
  return profiles;
}

/** Every player of every competition by id; a competition that fails stops the build (its pages would be missing). */
export function loadPlayers(options?: RequestOptions): Promise<Map<number, PlayerProfile>> {
  return memo('players', async () => {
    const tournaments = await loadTournamentsRequired(options);
    const lists = await Promise.all(tournaments.map((t) => required(`players of league ${t.id}`, getLeaguePlayerEntries(t.id, undefined, options))));
    const abroad = (await loadPlayersAbroad(options)) ?? [];
    const profiles = profilesFromEntries(lists.flat());
    for (const player of abroad) {
      const known = profiles.get(player.id);
      // Called up for the qualifiers, a player abroad is in their lists too, with the national team's
      // statistics first: his club is still the one /players/abroad names.
      if (!known) profiles.set(player.id, player);
      else profiles.set(player.id, { ...known, team: player.team, ...(player.clubCountry ? { clubCountry: player.clubCountry } : {}) });
    }
    return profiles;
  });
}

/** Ecuadorian players at foreign clubs (for /extranjero), or null when unavailable. */
export function loadPlayersAbroad(options?: RequestOptions): Promise<PlayerProfile[] | null> {
  return memo('players:abroad', async () => {
    const entries = await loadAbroadEntries(options);
    if (!entries) return null;
    return [...profilesFromEntries(entries).values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  });
}

/** Each player's moves, newest first. */
export function loadTransfersByPlayer(options?: RequestOptions): Promise<Map<number, TransferMove[]>> {
  return memo('transfers:by-player', async () => {
    const byPlayer = new Map<number, TransferMove[]>();
    for (const move of (await loadTransfers(options)) ?? []) {
      if (move.player.id === null) continue;
      byPlayer.set(move.player.id, [...(byPlayer.get(move.player.id) ?? []), move]);
    }
    return byPlayer;
  });
}

/** Each player's rated matches of the current seasons, newest first (the players' tables of every competition's matches). */
export function loadPlayerRatings(options?: RequestOptions): Promise<Map<number, PlayerMatchRating[]>> {
  return memo('player-ratings', async () => ratingsByPlayer(await loadAllFixtures(options)));
}
