import { COMPETITION_NAMES } from '../config.ts';
import { countryName } from './countries.ts';
import type { Tournament } from './types.ts';

type Raw = Record<string, unknown>;

/** Parses a `/api/football/tournaments` item; null without a numeric id and a name. */
export function parseTournament(raw: unknown): Tournament | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Raw;
  const id = typeof r.id === 'number' ? r.id : Number(r.id);
  const name = typeof r.name === 'string' ? r.name : '';
  if (!Number.isInteger(id) || id <= 0 || !name) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const spanish = COMPETITION_NAMES[id];
  return {
    id,
    name: spanish?.name ?? name,
    shortName: spanish?.shortName ?? (str(r.shortName) || name),
    type: r.type === 'Cup' ? 'Cup' : 'League',
    country: countryName(str(r.country)),
    season: typeof r.season === 'number' ? r.season : 0,
    logo: str(r.logo),
    startDate: str(r.startDate),
    endDate: str(r.endDate),
    current: r.current !== false,
  };
}

/** What a list of competitions calls one: 'Liga', 'Copa', or its own kind ('Eliminatoria', 'Amistoso'). */
export function tournamentKind(tournament: Pick<Tournament, 'id' | 'type'>): string {
  return COMPETITION_NAMES[tournament.id]?.kind ?? (tournament.type === 'Cup' ? 'Copa' : 'Liga');
}
