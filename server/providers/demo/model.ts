/**
 * The demo season's model, shared by the modules that build it (competitions, generate) and those
 * that read it (derive, articles, transfers). Types only: kept apart so that no two of them import
 * each other.
 */
import type { ApiFixtureFull, ApiLeagueEntry } from '../../store/provider-types.ts';
import type { TeamInfo } from './data/types.ts';
import type { People } from './people-build.ts';
import type { DemoPlayer } from './people.ts';
import type { SeasonCalendar } from './schedule.ts';

export interface FixtureRecord {
  data: ApiFixtureFull;
  /** Revealed by the live clock (the stored object is the full plan). */
  scripted: boolean;
  /** Standings group the match counts for (null: knockout or friendly). */
  group: string | null;
}

export interface StandingsGroup {
  name: string;
  teamIds: number[];
  /** Which fixtures the group's table is made of. */
  counts: (record: FixtureRecord) => boolean;
  /** The row's note ('Clasificado al Mundial'); `odds` tells what the matches left can still change. */
  describe: (rank: number, odds: PlaceOdds) => string | null;
}

/** What is still possible for one team of a table, given the points of all and the matches left. */
export interface PlaceOdds {
  /** Whether it finishes among the first `places` whatever the matches left (ties counted against it). */
  surelyWithin: (places: number) => boolean;
  /** Whether it can still finish among the first `places` (ties counted for it). */
  possiblyWithin: (places: number) => boolean;
}

export interface CompetitionBuild {
  league: ApiLeagueEntry;
  shortName: string;
  teams: TeamInfo[];
  /** Squad per team for this competition (Ecuador's is its call-up list). */
  squads: Map<number, DemoPlayer[]>;
  fixtures: FixtureRecord[];
  groups: StandingsGroup[];
}

export interface SeasonContext {
  seed: number;
  anchorMs: number;
  /** The anchor rounded down to 5 minutes: today's kickoffs are placed from it. */
  baseMs: number;
  /** 00:00 in Guayaquil on the anchor's day. */
  dayStartMs: number;
  season: number;
  people: People;
  /** The one calendar every competition books its matches in. */
  calendar: SeasonCalendar;
}

/** Everything that depends only on (seed, anchor): the context and every competition built from it. */
export interface SeasonModel {
  ctx: SeasonContext;
  builds: CompetitionBuild[];
}
