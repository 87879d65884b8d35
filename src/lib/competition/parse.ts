import { COMPETITION_NAMES, competitionName } from '../config.ts';
import { countryName } from '../format/countries.ts';
import { asId, asString, isRecord, wire } from '../http/read.ts';
import type { TournamentJson } from '../../../contract/shapes.ts';
import type { Tournament } from './types.ts';

/** Parses a `/api/football/tournaments` item; null without a numeric id and a name. */
export function parseTournament(raw: unknown): Tournament | null {
  if (!isRecord(raw)) return null;
  const r = wire<TournamentJson>(raw);
  const id = asId(r.id);
  const name = asString(r.name);
  if (id === null || !name) return null;
  const spanish = COMPETITION_NAMES[id];
  return {
    id,
    name: competitionName(id, name),
    shortName: spanish?.shortName ?? (asString(r.shortName) || name),
    type: r.type === 'Cup' ? 'Cup' : 'League',
    country: countryName(asString(r.country)),
    season: typeof r.season === 'number' ? r.season : 0,
    logo: asString(r.logo),
    startDate: asString(r.startDate),
    endDate: asString(r.endDate),
    current: r.current !== false,
  };
}

/** What a list of competitions calls one: 'Liga', 'Copa', or its own kind ('Eliminatoria', 'Amistoso'). */
export function tournamentKind(tournament: Pick<Tournament, 'id' | 'type'>): string {
  return COMPETITION_NAMES[tournament.id]?.kind ?? (tournament.type === 'Cup' ? 'Copa' : 'Liga');
}
