import type { ApiInjury } from '../../../contract/api-football.ts';
import { asId, asString, wire, type Parsed } from '../http/read.ts';
import type { PersonRef } from './types.ts';

/**
 * Who misses a match (issue 35), from the provider's /injuries: "Baja" for "Missing Fixture", "Duda"
 * for "Questionable", and the reason in Spanish where we know the provider's words (else none: never
 * an English word on the page, never a guess).
 */

export interface Absence {
  fixtureId: number;
  teamId: number;
  player: PersonRef;
  status: 'Baja' | 'Duda';
  /** "lesión de rodilla", "suspendido", or '' when the provider's reason is not one we can say in Spanish. */
  reason: string;
}

const STATUS: Readonly<Record<string, Absence['status']>> = { 'missing fixture': 'Baja', questionable: 'Duda' };

const REASONS: Readonly<Record<string, string>> = {
  'knee injury': 'lesión de rodilla',
  'muscle injury': 'lesión muscular',
  'ankle injury': 'lesión de tobillo',
  'broken ankle': 'fractura de tobillo',
  'hamstring injury': 'lesión en el isquiotibial',
  'calf injury': 'lesión en el gemelo',
  'thigh injury': 'lesión en el muslo',
  'groin injury': 'lesión en la ingle',
  'back injury': 'lesión de espalda',
  'foot injury': 'lesión en el pie',
  'hip injury': 'lesión de cadera',
  'shoulder injury': 'lesión de hombro',
  'tendon injury': 'lesión de tendón',
  'achilles tendon injury': 'lesión en el tendón de Aquiles',
  'knock': 'golpe',
  'illness': 'enfermedad',
  'virus': 'virus',
  'concussion': 'conmoción cerebral',
  'injury': 'lesión',
  'suspended': 'suspendido',
  'red card': 'suspendido por expulsión',
  'yellow cards': 'suspendido por acumulación de amarillas',
  'personal reasons': 'motivos personales',
};

/** One entry of `/api/football/injuries`; an entry without a player, a club, a fixture or a known type is left out. */
export function parseAbsence(raw: unknown): Parsed<Absence> {
  const entry = wire<ApiInjury>(raw);
  const player = wire<ApiInjury['player']>(entry.player);
  const name = asString(player.name).trim();
  const status = STATUS[asString(player.type).trim().toLowerCase()];
  const teamId = asId(wire<ApiInjury['team']>(entry.team).id);
  const fixtureId = asId(wire<ApiInjury['fixture']>(entry.fixture).id);
  if (!name || !status || teamId === null || fixtureId === null) return { ok: false, error: 'injury entry without a player, a known type, a club or a fixture' };
  return { ok: true, value: { fixtureId, teamId, player: { id: asId(player.id), name }, status, reason: REASONS[asString(player.reason).trim().toLowerCase()] ?? '' } };
}

/** Each fixture's absences, in the order the provider listed them. */
export function absencesByFixture(absences: readonly Absence[]): Map<number, Absence[]> {
  const byFixture = new Map<number, Absence[]>();
  for (const absence of absences) byFixture.set(absence.fixtureId, [...(byFixture.get(absence.fixtureId) ?? []), absence]);
  return byFixture;
}
