/**
 * Validates API-Football v3 answers with the contract's schemas (contract/api-football.ts) before
 * they reach the store. An item that lacks what the store needs is rejected with a sentence saying
 * why; inside a kept item, what cannot be kept is dropped and reported through `warnings`, so an
 * operator can see what the provider sent. Nothing throws, whatever the input.
 */
import * as v from 'valibot';
import {
  collectDrops,
  FixtureSchema,
  issueText,
  LeagueEntrySchema,
  PlayerEntrySchema,
  SquadEntrySchema,
  StandingRowSchema,
  TeamEntrySchema,
  TeamStatisticsSchema,
  TransferEntrySchema,
  InjurySchema,
  type ApiFixtureFull,
  type ApiLeagueEntry,
  type ApiPlayerEntry,
  type ApiStandingRow,
  type ApiTeamEntry,
  type ApiTeamStatistics,
  type ApiTransferEntry,
  type ApiInjury,
} from '../../../contract/api-football.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { asId, asInteger, asRecord, describe, errorMessages, isRecord, type Parsed } from '../../../contract/read.ts';

/** Messages about things dropped inside items that were otherwise kept. */
export type Warnings = string[];

export interface SquadRecord {
  teamId: number;
  players: Array<{ id: number; number: number | null; position: string | null }>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/**
 * One item through its schema. `what` names it when it is not an object at all; `label` prefixes
 * its issues; `where` prefixes what was dropped inside it (e.g. "fixture 12 ").
 */
function validate<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  warnings: Warnings,
  names: { what: string; label?: string; where?: string },
): Parsed<v.InferOutput<S>> {
  if (!isRecord(raw)) return fail(`${names.what} is ${describe(raw)}`);
  const { value: result, dropped } = collectDrops(() => v.safeParse(schema, raw));
  if (!result.success) return fail(issueText(result.issues, names.label));
  for (const message of dropped) warnings.push(`${names.where ?? ''}${message}`);
  return ok(result.output);
}

/**
 * Parses every item of a list, keeping the valid ones. Each dropped item adds a warning naming
 * `what` and its position, so an operator can see what the provider sent that could not be kept.
 */
export function parseList<T>(
  items: unknown,
  parseItem: (raw: unknown, warnings: Warnings) => Parsed<T>,
  what: string,
  warnings: Warnings,
): Parsed<T[]> {
  if (!Array.isArray(items)) return fail(`${what}: expected a list, got ${describe(items)}`);
  const kept: T[] = [];
  items.forEach((raw, index) => {
    const result = parseItem(raw, warnings);
    if (result.ok) kept.push(result.value);
    else warnings.push(`${what} #${index + 1} dropped: ${result.error}`);
  });
  return ok(kept);
}

// ---------------------------------------------------------------- envelope

export interface ProviderMessage {
  key: string;
  message: string;
}

/** The provider's `errors` field as a list of messages (empty when all is well). */
export const providerErrorMessages = (errors: unknown): ProviderMessage[] => errorMessages(errors);

export function parseEnvelope(body: unknown): Parsed<Envelope<unknown>> {
  if (!isRecord(body)) return fail(`response body is ${describe(body)}, not an API-Football envelope`);
  if (!('response' in body)) return fail('response body has no "response" field');
  const paging = asRecord(body.paging);
  const parameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(asRecord(body.parameters))) {
    if (typeof value === 'string' || typeof value === 'number') parameters[key] = String(value);
  }
  const errors = Array.isArray(body.errors) || isRecord(body.errors) ? body.errors : [];
  const response = body.response;
  return ok({
    get: typeof body.get === 'string' ? body.get : '',
    parameters,
    errors: errors as Envelope<unknown>['errors'],
    results: asInteger(body.results) ?? (Array.isArray(response) ? response.length : 0),
    // A response without paging is a single page.
    paging: { current: asId(paging.current) ?? 1, total: asId(paging.total) ?? 1 },
    response,
  });
}

// ---------------------------------------------------------------- leagues, teams, players

export function parseLeagueEntry(raw: unknown, warnings: Warnings = []): Parsed<ApiLeagueEntry> {
  const id = asId(asRecord(asRecord(raw).league).id);
  return validate(LeagueEntrySchema, raw, warnings, { what: 'league entry', label: id ? `league ${id}:` : '', where: `league ${id} ` });
}

/** The season marked current, if the provider marks one. */
export function currentSeason(entry: ApiLeagueEntry): number | null {
  const current = entry.seasons.filter((s) => s.current);
  if (current.length === 0) return null;
  return Math.max(...current.map((s) => s.year));
}

export function parseTeamEntry(raw: unknown, warnings: Warnings = []): Parsed<ApiTeamEntry> {
  return validate(TeamEntrySchema, raw, warnings, { what: 'team entry' });
}

export function parsePlayerEntry(raw: unknown, warnings: Warnings = []): Parsed<ApiPlayerEntry> {
  const id = asId(asRecord(asRecord(raw).player).id);
  return validate(PlayerEntrySchema, raw, warnings, { what: 'player entry', where: `player ${id} ` });
}

/** One item of GET /players/squads: a team and its squad numbers and positions. */
export function parseSquad(raw: unknown, warnings: Warnings = []): Parsed<SquadRecord> {
  const teamId = asId(asRecord(asRecord(raw).team).id);
  const squad = validate(SquadEntrySchema, raw, warnings, { what: 'squad entry', label: 'squad', where: `squad of team ${teamId} ` });
  if (!squad.ok) return squad;
  return ok({
    teamId: squad.value.team.id,
    players: squad.value.players.map((p) => ({ id: p.id, number: p.number, position: p.position })),
  });
}

// ---------------------------------------------------------------- fixtures

/**
 * One fixture, with events, lineups and statistics when the provider sent them (GET /fixtures?ids=…).
 * A list the provider did not send stays absent: an empty list would claim "nothing happened".
 */
export function parseFixture(raw: unknown, warnings: Warnings = []): Parsed<ApiFixtureFull> {
  const id = asId(asRecord(asRecord(raw).fixture).id);
  return validate(FixtureSchema, raw, warnings, { what: 'fixture', label: id ? `fixture ${id}:` : '', where: `fixture ${id} ` });
}

// ---------------------------------------------------------------- standings

const RECORDS = new Set(['all', 'home', 'away']);

function parseStandingRow(raw: unknown): Parsed<ApiStandingRow> {
  const r = asRecord(raw);
  const rank = asId(r.rank);
  const teamId = asId(asRecord(r.team).id);
  const result = v.safeParse(StandingRowSchema, raw);
  if (result.success) return ok(result.output);
  const [first] = result.issues;
  const key = (issue: v.BaseIssue<unknown>) => (issue.path ?? []).map((item) => String(item.key));
  const [field] = key(first);
  if (rank === null || field === 'team') return fail(issueText(result.issues, rank === null ? '' : `standings row ${rank}`));
  const where = `standings row ${rank} (team ${teamId})`;
  if (!RECORDS.has(field)) return fail(`${where} has no ${field}`);
  // Every count the record lacks, named at once: a table row with made-up zeros would mislead readers.
  const missing = result.issues.filter((issue) => key(issue)[0] === field).map((issue) => key(issue).slice(1).join('.'));
  return fail(`${where} ${field} lacks ${missing.join(', ')}`);
}

/**
 * The `response` of GET /standings: every group of every entry, in the provider's order. Liga Pro
 * sends several groups per season (first stage, then final-phase groups). Groups left empty after
 * dropping invalid rows are left out; an empty response means the competition has no table.
 */
export function parseStandingsResponse(response: unknown, warnings: Warnings = []): Parsed<ApiStandingRow[][]> {
  if (!Array.isArray(response)) return fail(`standings response is ${describe(response)}, expected a list`);
  const groups: ApiStandingRow[][] = [];
  for (const [entryIndex, entry] of response.entries()) {
    const standings = asRecord(asRecord(entry).league).standings;
    if (!Array.isArray(standings)) return fail(`standings entry #${entryIndex + 1} has no league.standings list`);
    for (const [groupIndex, group] of standings.entries()) {
      const rows = parseList(group, parseStandingRow, `standings group #${groupIndex + 1} row`, warnings);
      if (!rows.ok) {
        warnings.push(rows.error);
        continue;
      }
      if (rows.value.length > 0) groups.push(rows.value);
    }
  }
  return ok(groups);
}

// ---------------------------------------------------------------- team statistics

/**
 * The `response` of GET /teams/statistics: one object, stored whole. The provider answers with an
 * empty list (or object) when it has nothing for the team; that is `null`, not an error.
 */
export function parseTeamStatisticsResponse(response: unknown): Parsed<ApiTeamStatistics | null> {
  if (Array.isArray(response)) {
    if (response.length === 0) return ok(null);
    return fail('team statistics response is a non-empty list, expected one object');
  }
  if (isRecord(response) && Object.keys(response).length === 0) return ok(null);
  return validate(TeamStatisticsSchema, response, [], { what: 'team statistics response', label: 'team statistics:' });
}

// ---------------------------------------------------------------- transfers

export function parseTransferEntry(raw: unknown, warnings: Warnings = []): Parsed<ApiTransferEntry> {
  const id = asId(asRecord(asRecord(raw).player).id);
  return validate(TransferEntrySchema, raw, warnings, { what: 'transfer entry', label: 'transfer entry', where: `transfers of player ${id}: ` });
}

// ---------------------------------------------------------------- injuries

/** One entry of GET /injuries: a player expected to miss (or in doubt for) a fixture. */
export function parseInjury(raw: unknown, warnings: Warnings = []): Parsed<ApiInjury> {
  const fixture = asId(asRecord(asRecord(raw).fixture).id);
  return validate(InjurySchema, raw, warnings, { what: 'injury', label: 'injury', where: `injuries of fixture ${fixture}: ` });
}
