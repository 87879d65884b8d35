import type { ApiTeamEntry } from '../../../contract/api-football.ts';
import { asBoolean, asId, asNumberOrNull, asString, isRecord, parseListResponse, wire, type Parsed, type ParsedList } from '../http/read.ts';
import { countryName } from '../format/countries.ts';
import { phoneName } from './names.ts';
import { PLACEHOLDER_IMAGE } from '../config.ts';
import { type Team, type TeamVenue } from './types.ts';

/** Spec §3 team defaults. */
export const TEAM_DEFAULTS = {
  name: 'Unknown Team',
  country: 'Ecuador',
  leagueId: 242,
} as const;

/**
 * The name a phone shows where the full one does not fit. The spec's code or first three letters
 * ("QUI" for LDU de Quito, "UNI" for Universidad Católica) are names no fan says: a reader of a
 * phone table met codes where the desktop had names, so the name fans use is the short name.
 */
export function teamShortName(id: number, name: string): string {
  return phoneName(id, name);
}

function parseVenue(value: unknown): TeamVenue | null {
  const r = wire<ApiTeamEntry['venue']>(value);
  const venue: TeamVenue = {
    id: asId(r.id),
    name: asString(r.name),
    address: asString(r.address),
    city: asString(r.city),
    capacity: asNumberOrNull(r.capacity),
    surface: asString(r.surface),
    image: asString(r.image),
  };
  return venue.id === null && !venue.name && !venue.city ? null : venue;
}

export interface TeamParseOptions {
  /** The competition the list was asked for; without it the spec's Liga Pro default applies. */
  leagueId?: number;
}

/** Parses a `/teams` item (`{team, venue}`, or a bare team object); only a missing id is an error. */
export function parseTeamEntry(raw: unknown, options: TeamParseOptions = {}): Parsed<Team> {
  if (!isRecord(raw)) return { ok: false, error: 'Team entry is not an object' };
  const entry = wire<ApiTeamEntry>(raw);
  const t = wire<ApiTeamEntry['team']>(entry.team ?? raw);
  const id = asId(t.id);
  if (id === null) return { ok: false, error: 'Team has no valid id' };
  const rawName = asString(t.name).trim();
  const code = asString(t.code).trim();
  const venue = parseVenue(entry.venue);
  return {
    ok: true,
    value: {
      id,
      name: rawName || TEAM_DEFAULTS.name,
      code,
      shortName: teamShortName(id, rawName || TEAM_DEFAULTS.name),
      logo: asString(t.logo) || PLACEHOLDER_IMAGE,
      country: countryName(asString(t.country)) || TEAM_DEFAULTS.country,
      currentLeagueId: options.leagueId ?? TEAM_DEFAULTS.leagueId,
      founded: asNumberOrNull(t.founded),
      national: asBoolean(t.national),
      city: venue?.city ?? '',
      stadium: venue?.name ?? '',
      venue,
    },
  };
}

export function parseTeamList(body: unknown, options: TeamParseOptions = {}): ParsedList<Team> {
  return parseListResponse(body, (raw) => parseTeamEntry(raw, options));
}
