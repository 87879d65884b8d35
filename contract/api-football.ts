/**
 * API-Football v3's shapes, written once as schemas (valibot); the TypeScript types are inferred
 * from them. The sync and the ingest validate every provider answer with these schemas before it
 * reaches the store (server/providers/api-football/parse.ts), the store keeps what they output
 * whole, and the data API answers with it, so a client written against the provider reads ours
 * unchanged and the site reads one shape (the `Api*` types).
 *
 * The schemas normalise as they check, the way the provider's real answers require (see
 * tests/fixtures/api-football): numbers sometimes arrive as numeric strings, nested objects as
 * null, absent labels and logos become '', absent facts stay null (nothing is made up). An item of
 * a nested list that fails is dropped and reported (see `collectDrops`), never the whole answer.
 *
 * Server side only at run time: the islands import these types with `import type`, so no page
 * ships the schema library.
 */
import * as v from 'valibot';
import { asId, asInteger, asNumberOrNull, describe, isRecord } from './read.ts';

// ---------------------------------------------------------------- building blocks

/**
 * A field that may be absent: read as null, so the field's own schema decides (valibot reports
 * an absent key of a non-optional schema before looking at it).
 */
const absentAsNull = <S extends v.GenericSchema>(schema: S) => v.optional(schema, null);

/** Reads a value with a plain function: the field is never an issue, only normalised. */
const read = <T>(fn: (value: unknown) => T) => absentAsNull(v.pipe(v.unknown(), v.transform(fn)));

const id = read(asId);
const integer = read(asInteger);
const count = read(asNumberOrNull);
const textOrNull = read((value) => (typeof value === 'string' ? value : null));
/** For fields that carry no meaning when absent (logos, labels): absent becomes ''. */
const text = read((value) => (typeof value === 'string' ? value : ''));
const boolOrNull = read((value) => (typeof value === 'boolean' ? value : null));
/** Flags the provider sets when true (an injury, a captaincy): absent is false. */
const flag = read((value) => value === true);

/** A field the store cannot do without; its issue reads "<path> is missing". */
const required = <T>(fn: (value: unknown) => T | null, message = MISSING) =>
  absentAsNull(
    v.pipe(
      v.unknown(),
      v.transform(fn),
      v.check((value): value is T => value !== null, message),
      v.transform((value) => value as T),
    ),
  );
const requiredId = (message?: string) => required(asId, message);
const requiredInteger = (message?: string) => required(asInteger, message);
const requiredText = (message?: string) => required((value) => (typeof value === 'string' ? value : null), message);

/** Issues whose message starts with this are about a field: read "<path> is …". */
export const MISSING = 'is missing';

/** Objects the provider sometimes sends as null are read as empty, so their fields come out null. */
const emptyIfNotObject = v.transform((value: unknown) => (isRecord(value) ? value : {}));

const nested = <E extends v.ObjectEntries>(entries: E) => absentAsNull(v.pipe(v.unknown(), emptyIfNotObject, v.object(entries)));

let drops: string[] | null = null;

/**
 * Runs a parse and returns, beside its value, the messages of the nested list items it dropped
 * (`<what> #n dropped: <why>`). Schemas run synchronously, so one collector at a time suffices.
 */
export function collectDrops<T>(run: () => T): { value: T; dropped: string[] } {
  const outer = drops;
  const dropped: string[] = [];
  drops = dropped;
  try {
    return { value: run(), dropped };
  } finally {
    drops = outer;
  }
}

/** The first issue as one sentence: "<label> <path> is missing", or the issue's own sentence. */
export function issueText(issues: readonly v.BaseIssue<unknown>[], label = ''): string {
  const [issue] = issues;
  if (!issue) return 'invalid';
  if (!issue.message.startsWith('is ')) return issue.message;
  const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
  return [label, path, issue.message].filter(Boolean).join(' ');
}

/**
 * A nested list: the items that pass are kept, each one that fails is reported as dropped; a
 * list not sent is none. `what` names the items in the report ("event #2 dropped: …").
 */
const keptList = <S extends v.GenericSchema>(item: S, what: string, label = what) =>
  read((value): v.InferOutput<S>[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      drops?.push(`${what}: expected a list, got ${describe(value)}`);
      return [];
    }
    const kept: v.InferOutput<S>[] = [];
    value.forEach((raw, index) => {
      const result = v.safeParse(item, raw);
      if (result.success) kept.push(result.output);
      else drops?.push(`${what} #${index + 1} dropped: ${isRecord(raw) ? issueText(result.issues, label) : `${label} is ${describe(raw)}`}`);
    });
    return kept;
  });

/** A list kept only when the provider sent one: not sent means not known, never "none". */
const optionalList = <S extends v.GenericSchema>(item: S, what: string, label = what) => v.optional(keptList(item, what, label));

// ---------------------------------------------------------------- shared pieces

/** `{id, name, logo}`: a team as fixtures, standings and statistics refer to it. */
export const TeamRefSchema = nested({ id: requiredId(), name: text, logo: text });

const leagueRef = { id: requiredId(), name: text, country: text, logo: text, flag: textOrNull, season: requiredId() };

/** A competition as the provider embeds it in fixtures, standings and statistics. */
export const LeagueRefSchema = nested(leagueRef);

const scorePair = nested({ home: integer, away: integer });

// ---------------------------------------------------------------- /leagues

export const LeagueEntrySchema = v.object({
  league: nested({
    id: requiredId(),
    name: requiredText(),
    type: absentAsNull(v.picklist(['League', 'Cup'], (issue) => `is ${describe(issue.input)}, expected 'League' or 'Cup'`)),
    logo: text,
  }),
  country: nested({ name: text, code: textOrNull, flag: textOrNull }),
  seasons: keptList(nested({ year: requiredId('season without a year'), start: text, end: text, current: flag }), 'season'),
});

// ---------------------------------------------------------------- /teams

export const TeamSchema = nested({
  id: requiredId(),
  name: requiredText(),
  code: textOrNull,
  country: textOrNull,
  founded: integer,
  national: flag,
  logo: text,
});

export const VenueSchema = nested({
  id,
  name: textOrNull,
  address: textOrNull,
  city: textOrNull,
  capacity: integer,
  surface: textOrNull,
  image: textOrNull,
});

export const TeamEntrySchema = v.object({ team: TeamSchema, venue: VenueSchema });

// ---------------------------------------------------------------- /players

export const PlayerSchema = nested({
  id: requiredId(),
  name: requiredText(),
  firstname: textOrNull,
  lastname: textOrNull,
  age: integer,
  birth: nested({ date: textOrNull, place: textOrNull, country: textOrNull }),
  nationality: textOrNull,
  height: textOrNull,
  weight: textOrNull,
  // The provider flags injuries it knows of; an absent flag is not an injury.
  injured: flag,
  photo: text,
});

const counts = <K extends string>(...keys: K[]) => nested(Object.fromEntries(keys.map((key) => [key, count])) as Record<K, typeof count>);

/** One entry of a player's `statistics` list (one team, one league, one season). */
export const PlayerStatisticsSchema = nested({
  team: TeamRefSchema,
  league: LeagueRefSchema,
  games: nested({
    appearences: integer,
    lineups: integer,
    minutes: integer,
    number: integer,
    position: text,
    rating: textOrNull,
    captain: flag,
  }),
  substitutes: counts('in', 'out', 'bench'),
  shots: counts('total', 'on'),
  goals: counts('total', 'conceded', 'assists', 'saves'),
  // Accuracy arrives as a number in season statistics and as a numeric string in a match's.
  passes: counts('total', 'key', 'accuracy'),
  tackles: counts('total', 'blocks', 'interceptions'),
  duels: counts('total', 'won'),
  dribbles: counts('attempts', 'success', 'past'),
  fouls: counts('drawn', 'committed'),
  cards: counts('yellow', 'yellowred', 'red'),
  penalty: counts('won', 'commited', 'scored', 'missed', 'saved'),
});

export const PlayerEntrySchema = v.object({
  player: PlayerSchema,
  statistics: keptList(PlayerStatisticsSchema, 'statistics'),
});

/** One item of `/players/squads`: a team and its squad numbers and positions. */
export const SquadEntrySchema = v.object({
  team: TeamRefSchema,
  players: keptList(
    nested({ id: requiredId('squad player without an id'), name: text, age: integer, number: integer, position: textOrNull, photo: text }),
    'player',
  ),
});

// ---------------------------------------------------------------- /fixtures

const person = nested({ id, name: textOrNull });

export const FixtureEventSchema = nested({
  time: nested({ elapsed: requiredInteger(), extra: integer }),
  team: TeamRefSchema,
  player: person,
  assist: person,
  /** 'Goal' | 'Card' | 'subst' | 'Var' */
  type: requiredText(),
  // The provider sends null for some details (a VAR check still open): null is kept, not made ''.
  detail: textOrNull,
  comments: textOrNull,
});

export const LineupPlayerSchema = v.pipe(
  v.object({
    // `id` is null for people missing from the provider's database (youth substitutes in Liga Pro):
    // they played or sat on the bench, so they are kept by name.
    player: nested({ id, name: text, number: integer, pos: textOrNull, grid: textOrNull }),
  }),
  v.check((entry) => entry.player.id !== null || entry.player.name !== '', 'lineup player has neither an id nor a name'),
);

export const LineupSchema = nested({
  team: nested({ id: requiredId(), name: text, logo: text, colors: v.optional(v.unknown()) }),
  coach: nested({ id, name: textOrNull, photo: textOrNull }),
  formation: textOrNull,
  startXI: keptList(LineupPlayerSchema, 'startXI', 'lineup player'),
  substitutes: keptList(LineupPlayerSchema, 'substitutes', 'lineup player'),
});

export const TeamFixtureStatisticsSchema = nested({
  team: TeamRefSchema,
  statistics: keptList(
    nested({
      type: requiredText('statistic without a type'),
      value: read((value) => (typeof value === 'number' || typeof value === 'string' ? value : null)),
    }),
    'statistic',
  ),
});

/**
 * One side's players in a match's `players` list (`/fixtures?ids=`), kept to what the store uses:
 * who took part and the provider's rating of his match ("7.2"; null when it gave none).
 */
export const FixturePlayersSideSchema = nested({
  team: TeamRefSchema,
  players: keptList(
    nested({
      player: nested({ id: requiredId('match player without an id'), name: text }),
      statistics: keptList(nested({ games: nested({ minutes: integer, rating: textOrNull }) }), 'statistics'),
    }),
    'player',
  ),
});

const side = nested({ id: requiredId(), name: text, logo: text, winner: boolOrNull });

/** A `/fixtures` item. Field order is the order a missing field is reported in. */
export const FixtureCoreSchema = v.object({
  fixture: nested({
    id: requiredId(),
    referee: textOrNull,
    timezone: text,
    timestamp: requiredInteger(),
    date: requiredText(),
    periods: nested({ first: integer, second: integer }),
    venue: nested({ id, name: textOrNull, city: textOrNull }),
    status: nested({ long: text, short: requiredText(), elapsed: integer, extra: v.optional(integer) }),
  }),
  league: nested({
    ...leagueRef,
    round: text,
    standings: v.optional(read((value) => (typeof value === 'boolean' ? value : undefined))),
  }),
  teams: nested({ home: side, away: side }),
  goals: scorePair,
  score: nested({ halftime: scorePair, fulltime: scorePair, extratime: scorePair, penalty: scorePair }),
});

/**
 * A fixture with the detail lists `/fixtures?ids=` adds: events, line-ups, statistics, players. A list the
 * provider did not send stays absent: an empty list would claim "nothing happened".
 */
export const FixtureSchema = v.object({
  ...FixtureCoreSchema.entries,
  events: optionalList(FixtureEventSchema, 'event'),
  lineups: optionalList(LineupSchema, 'lineup'),
  statistics: optionalList(TeamFixtureStatisticsSchema, 'statistics'),
  players: optionalList(FixturePlayersSideSchema, 'players'),
});

// ---------------------------------------------------------------- /standings

/** Played, won, drawn, lost and goals: a row with made-up zeros would mislead readers. */
const StandingRecordSchema = nested({
  played: requiredInteger(),
  win: requiredInteger(),
  draw: requiredInteger(),
  lose: requiredInteger(),
  goals: nested({ for: requiredInteger(), against: requiredInteger() }),
});

export const StandingRowSchema = nested({
  rank: requiredId('standings row without a rank'),
  team: TeamRefSchema,
  points: requiredInteger(),
  goalsDiff: requiredInteger(),
  group: text,
  form: textOrNull,
  status: textOrNull,
  description: textOrNull,
  all: StandingRecordSchema,
  home: StandingRecordSchema,
  away: StandingRecordSchema,
  update: text,
});

export const StandingsEntrySchema = v.object({
  league: nested({ ...leagueRef, standings: absentAsNull(v.array(v.array(StandingRowSchema))) }),
});

// ---------------------------------------------------------------- /teams/statistics

/** Like `nested`, keeping the fields it does not name as they came (averages, percentages …). */
const looseNested = <E extends v.ObjectEntries>(entries: E) => absentAsNull(v.pipe(v.unknown(), emptyIfNotObject, v.looseObject(entries)));

const homeAway = looseNested({ home: count, away: count, total: count });
/** Counts by period of the match ("0-15" … "106-120"). */
const byMinute = absentAsNull(v.pipe(v.unknown(), emptyIfNotObject, v.record(v.string(), looseNested({ total: count }))));
const goalsOf = looseNested({ total: homeAway, minute: byMinute });

/**
 * A club's season in one competition. Stored and served whole: what the store indexes by (league,
 * team) must be there; the figures are read leniently and whatever else the provider sends is kept.
 */
export const TeamStatisticsSchema = v.looseObject({
  league: LeagueRefSchema,
  team: TeamRefSchema,
  /** Results oldest first ("WWDLW"). */
  form: textOrNull,
  fixtures: looseNested({ played: homeAway, wins: homeAway, draws: homeAway, loses: homeAway }),
  goals: looseNested({ for: goalsOf, against: goalsOf }),
  biggest: looseNested({
    streak: looseNested({ wins: count, draws: count, loses: count }),
    /** Scores ("4-0"), null when there was none. */
    wins: looseNested({ home: textOrNull, away: textOrNull }),
    loses: looseNested({ home: textOrNull, away: textOrNull }),
  }),
  clean_sheet: homeAway,
  failed_to_score: homeAway,
  penalty: looseNested({ scored: looseNested({ total: count }), missed: looseNested({ total: count }) }),
  lineups: keptList(looseNested({ formation: text, played: count }), 'lineup'),
  cards: looseNested({ yellow: byMinute, red: byMinute }),
});

// ---------------------------------------------------------------- /transfers

export const TransferSchema = nested({
  date: requiredText('transfer without a date'),
  type: textOrNull,
  teams: nested({ in: TeamRefSchema, out: TeamRefSchema }),
});

export const TransferEntrySchema = v.object({
  player: nested({ id: requiredId(), name: text }),
  update: text,
  transfers: keptList(TransferSchema, 'transfer'),
});

// ---------------------------------------------------------------- /injuries

/**
 * A player the provider expects to miss a fixture: `type` "Missing Fixture" (out) or "Questionable"
 * (in doubt), `reason` in English ("Knee Injury", "Suspended", …). Listed per fixture, both clubs.
 */
export const InjurySchema = nested({
  player: nested({ id, name: requiredText('injury without a player name'), photo: textOrNull, type: requiredText('injury without a type'), reason: textOrNull }),
  team: TeamRefSchema,
  fixture: nested({ id: requiredId('injury without a fixture'), timezone: textOrNull, date: textOrNull, timestamp: integer }),
  league: nested({ id, season: id, name: text, country: text, logo: text, flag: textOrNull }),
});

// ---------------------------------------------------------------- types

export type ApiLeagueRef = v.InferOutput<typeof LeagueRefSchema>;
export type ApiTeamRef = v.InferOutput<typeof TeamRefSchema>;
export type ApiLeagueEntry = v.InferOutput<typeof LeagueEntrySchema>;
export type ApiTeam = v.InferOutput<typeof TeamSchema>;
export type ApiVenue = v.InferOutput<typeof VenueSchema>;
export type ApiTeamEntry = v.InferOutput<typeof TeamEntrySchema>;
export type ApiPlayer = v.InferOutput<typeof PlayerSchema>;
export type ApiPlayerStatistics = v.InferOutput<typeof PlayerStatisticsSchema>;
export type ApiPlayerEntry = v.InferOutput<typeof PlayerEntrySchema>;
export type ApiSquadEntry = v.InferOutput<typeof SquadEntrySchema>;
export type ApiFixtureEvent = v.InferOutput<typeof FixtureEventSchema>;
export type ApiLineupPlayer = v.InferOutput<typeof LineupPlayerSchema>;
export type ApiLineup = v.InferOutput<typeof LineupSchema>;
export type ApiTeamFixtureStatistics = v.InferOutput<typeof TeamFixtureStatisticsSchema>;
export type ApiFixtureCore = v.InferOutput<typeof FixtureCoreSchema>;
export type ApiFixtureFull = v.InferOutput<typeof FixtureSchema>;
export type ApiStandingRecord = v.InferOutput<typeof StandingRecordSchema>;
export type ApiStandingRow = v.InferOutput<typeof StandingRowSchema>;
export type ApiStandingsEntry = v.InferOutput<typeof StandingsEntrySchema>;
export type ApiTeamStatistics = v.InferOutput<typeof TeamStatisticsSchema>;
export type ApiTransfer = v.InferOutput<typeof TransferSchema>;
export type ApiTransferEntry = v.InferOutput<typeof TransferEntrySchema>;
export type ApiInjury = v.InferOutput<typeof InjurySchema>;
