import type { ApiSquadEntry } from '../../../contract/api-football.ts';
import { asId, asList, asNumberOrNull, asString, parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import type { Squad, SquadPlayer } from './types.ts';

export function parseSquad(raw: unknown): Parsed<Squad> {
  const r = wire<ApiSquadEntry>(raw);
  const team = wire<ApiSquadEntry['team']>(r.team);
  const id = asId(team.id);
  if (id === null) return { ok: false, error: 'Squad without a team id' };
  const players: SquadPlayer[] = [];
  for (const item of asList(r.players)) {
    const p = wire<ApiSquadEntry['players'][number]>(item);
    const playerId = asId(p.id);
    const name = asString(p.name).trim();
    // A squad line without an id or name cannot be shown as a player (no placeholder names).
    if (playerId === null || !name) continue;
    players.push({ id: playerId, name, age: asNumberOrNull(p.age), number: asNumberOrNull(p.number), position: asString(p.position).trim(), photo: asString(p.photo) });
  }
  return { ok: true, value: { team: { id, name: asString(team.name).trim(), logo: asString(team.logo) }, players } };
}

export function parseSquads(body: unknown): ParsedList<Squad> {
  return parseListResponse(body, parseSquad);
}

/** Squad positions in the order a team sheet lists them, in Spanish. */
export const POSITION_GROUPS: ReadonlyArray<{ key: string; label: string; match: RegExp }> = [
  { key: 'G', label: 'Porteros', match: /^(g|goalkeeper|portero)/i },
  { key: 'D', label: 'Defensas', match: /^(d|defender|defensa)/i },
  { key: 'M', label: 'Centrocampistas', match: /^(m|midfielder|centrocampista|volante)/i },
  { key: 'F', label: 'Delanteros', match: /^(f|a|attacker|forward|delantero)/i },
];

/** "Attacker" → "Delantero" (singular, for a player's page); unknown words as given. */
export function positionLabel(position: string): string {
  const singular: Record<string, string> = { G: 'Portero', D: 'Defensa', M: 'Centrocampista', F: 'Delantero' };
  const group = POSITION_GROUPS.find((g) => g.match.test(position.trim()));
  return group ? singular[group.key] : position === 'Unknown' ? '' : position;
}

/** Squad players grouped by position (goalkeepers first), each by shirt number; unknown positions last. */
export function squadByPosition<T extends { position: string; number: number | null; name: string }>(players: readonly T[]): Array<{ label: string; players: T[] }> {
  const groups = POSITION_GROUPS.map((g) => ({ label: g.label, players: [] as T[] }));
  const others: T[] = [];
  for (const player of players) {
    const index = POSITION_GROUPS.findIndex((g) => g.match.test(player.position));
    (index === -1 ? others : groups[index].players).push(player);
  }
  const byNumber = (a: T, b: T) => (a.number ?? 999) - (b.number ?? 999) || a.name.localeCompare(b.name, 'es');
  return [...groups, { label: 'Otros', players: others }].filter((g) => g.players.length).map((g) => ({ ...g, players: g.players.sort(byNumber) }));
}
