import { FRI, MON, SAT, SUN, THU, TUE } from '../schedule.ts';
import { LIBERTADORES_FOREIGN, SUDAMERICANA_FOREIGN } from './foreign.ts';
import type { TeamInfo } from './types.ts';

/**
 * The demo's competitions (server/providers/demo/competitions.ts builds them): how the provider
 * names each one, its format and the notes of its tables, and where its matches fall on the season's
 * calendar. Weeks are counted from the anchor's (schedule.ts); days are schedule.ts's FRI to THU.
 */

/** A competition as the provider lists it, and the first of its fixture ids. */
export interface LeagueMeta {
  id: number;
  name: string;
  shortName: string;
  type: 'League' | 'Cup';
  country: { name: string; code: string | null; flag: string | null };
  standings: boolean;
  fixtureBase: number;
}

const ECUADOR_COUNTRY = { name: 'Ecuador', code: 'EC', flag: '/media/flags/ec.png' };
const WORLD_COUNTRY = { name: 'World', code: null, flag: null };

export const LIGA_PRO: LeagueMeta = {
  id: 242, name: 'Liga Pro', shortName: 'Liga Pro', type: 'League', country: ECUADOR_COUNTRY, standings: true, fixtureBase: 9_420_000,
};
export const SERIE_B: LeagueMeta = {
  id: 243, name: 'Liga Pro Serie B', shortName: 'Serie B', type: 'League', country: ECUADOR_COUNTRY, standings: true, fixtureBase: 9_430_000,
};
export const ELIMINATORIAS: LeagueMeta = {
  id: 34, name: 'World Cup - Qualification South America', shortName: 'Eliminatorias', type: 'Cup', country: WORLD_COUNTRY, standings: true,
  fixtureBase: 9_340_000,
};
export const FRIENDLIES: LeagueMeta = {
  id: 10, name: 'Friendlies', shortName: 'Amistosos', type: 'Cup', country: WORLD_COUNTRY, standings: false, fixtureBase: 9_100_000,
};

/** A table's notes by rank: each [last rank, note] covers the ranks after the entry before it. */
export type RankNotes = ReadonlyArray<readonly [lastRank: number, note: string | null]>;

// ---------------------------------------------------------------- Liga Pro and Serie B

export const LIGA_PRO_FIRST_STAGE_NOTES: RankNotes = [[6, 'Hexagonal Final'], [12, 'Hexagonal de Clasificación'], [Infinity, 'Cuadrangular de Descenso']];
/** The final phase: groups of the first stage's table, from its `from`-th place on. */
export const LIGA_PRO_FINAL_GROUPS: ReadonlyArray<{ name: string; from: number; size: number; notes: RankNotes }> = [
  { name: 'Hexagonal Final', from: 0, size: 6, notes: [[1, 'Campeón - Copa Libertadores'], [4, 'Copa Libertadores'], [Infinity, 'Copa Sudamericana']] },
  { name: 'Hexagonal de Clasificación', from: 6, size: 6, notes: [[2, 'Copa Sudamericana'], [Infinity, null]] },
  { name: 'Cuadrangular de Descenso', from: 12, size: 4, notes: [[2, null], [Infinity, 'Descenso - Serie B']] },
];
/** Week 1 opens with the Hexagonal de Clasificación, then the Hexagonal Final, then the Cuadrangular. */
export const FINAL_PHASE_OPENING = ['Hexagonal de Clasificación', 'Hexagonal Final', 'Cuadrangular de Descenso'];
/** Final-phase week (1..10) of each round; the anchor's week is week 7. */
export const FINAL_WEEKS: Record<string, number[]> = {
  'Hexagonal Final': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  'Hexagonal de Clasificación': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  'Cuadrangular de Descenso': [1, 2, 4, 5, 7, 9],
};
export const ANCHOR_WEEK = 7;

/** Serie B: two stages of eighteen weekly rounds (`firstWeek` is round 1's); round 16 of the second is the anchor's weekend. */
export const SERIE_B_STAGES = [
  { name: 'Primera Etapa', firstWeek: -34 },
  { name: 'Segunda Etapa', firstWeek: -15 },
];
export const SERIE_B_STAGE_NOTES: RankNotes = [[1, 'Ganador de etapa'], [Infinity, null]];
/** The table of both stages together. */
export const SERIE_B_OVERALL: { name: string; notes: RankNotes } = {
  name: 'Tabla Acumulada', notes: [[2, 'Ascenso - Liga Pro'], [8, null], [Infinity, 'Descenso - Segunda Categoría']],
};

// ---------------------------------------------------------------- CONMEBOL cups

/** The CONMEBOL cups' match weeks (midweeks, Tuesday to Thursday); the finals are on a Saturday. */
export interface CupWeeks {
  groups: number[];
  r16: [number, number];
  qf: [number, number];
  sf: [number, number];
  final: number;
}

export interface CupPlan extends LeagueMeta {
  /** Ecuador's clubs in the cup (team ids), then the foreign ones. */
  ecuadorians: number[];
  foreign: TeamInfo[];
  weeks: CupWeeks;
}

export const LIBERTADORES: CupPlan = {
  id: 13, name: 'CONMEBOL Libertadores', shortName: 'Libertadores', type: 'Cup', country: WORLD_COUNTRY, standings: true, fixtureBase: 9_130_000,
  ecuadorians: [1158, 1153, 1152, 1156], foreign: LIBERTADORES_FOREIGN,
  weeks: { groups: [-35, -34, -32, -31, -27, -26], r16: [-16, -15], qf: [-10, -9], sf: [-5, -4], final: 2 },
};
export const SUDAMERICANA: CupPlan = {
  id: 11, name: 'CONMEBOL Sudamericana', shortName: 'Sudamericana', type: 'Cup', country: WORLD_COUNTRY, standings: true, fixtureBase: 9_110_000,
  ecuadorians: [1157, 1155, 1992, 1150], foreign: SUDAMERICANA_FOREIGN,
  weeks: { groups: [-35, -34, -32, -31, -27, -26], r16: [-15, -14], qf: [-9, -8], sf: [-5, -4], final: 1 },
};
export const CUP_GROUP_NOTES: RankNotes = [[2, 'Octavos de final'], [Infinity, null]];

// ---------------------------------------------------------------- Ecuador's national team

/**
 * The FIFA windows, on the real calendar: a qualifier or friendly on the window's Thursday and one
 * on the Tuesday after, while Liga Pro stops on the weekend between. The Thursday is the first one
 * on or after these days (2025: 20 March, 5 June, 4 September, 9 October, 13 November). June has a
 * window in odd years only: in even ones the World Cup (11 June to 19 July 2026) or the Copa América
 * is played then, so the demo's national sides play no qualifier or friendly in June or July.
 */
export const FIFA_WINDOWS: ReadonlyArray<[month: number, fromDay: number]> = [[3, 19], [6, 4], [9, 3], [10, 8], [11, 12]];
/**
 * Windows around the anchor's (0 is the first window whose Thursday is in the anchor's week or
 * later): the qualifiers' nine windows, five of them played, and Ecuador's three friendly windows.
 */
export const QUALIFIER_WINDOWS = [-7, -5, -3, -2, -1, 0, 2, 3, 4];
/** Ecuador's friendlies: [opponent id, window (as above), day, Ecuador at home]; each pair fills a window. */
export const ECUADOR_FRIENDLIES: Array<[number, number, number, boolean]> = [
  [16, -6, THU, false], [2384, -6, TUE, false], [990601, -4, THU, true], [990603, -4, TUE, true],
  [990602, 1, THU, false], [30, 1, TUE, true],
];

// ---------------------------------------------------------------- kickoffs

export type Time = [hour: number, minute: number];

/** Kick-off windows (Ecuador time): Liga Pro and Serie B 15:00–20:30, the cups 17:00–21:30. */
export const LEAGUE_TIMES: Time[] = [[15, 0], [15, 30], [16, 0], [17, 0], [17, 30], [18, 0], [19, 0], [19, 30], [20, 0], [20, 30]];
export const LEAGUE_DAY_TIMES: Record<number, Time[]> = {
  [FRI]: [[19, 0], [19, 30], [20, 0]],
  [SAT]: [[15, 0], [15, 30], [17, 30], [18, 0], [19, 30], [20, 0], [20, 30]],
  [SUN]: [[15, 0], [15, 30], [17, 0], [17, 30], [19, 0], [19, 30], [20, 0]],
  [MON]: [[19, 0], [19, 30], [20, 0]],
};
/** The order a round's matches fill the weekend: Friday night, two or three each on Saturday and Sunday, Monday night. */
export const LIGA_PRO_DAYS = [FRI, SAT, SUN, MON, SAT, SUN, SAT, SUN];
export const SERIE_B_DAYS = [SAT, SUN, SAT, SUN, MON, FRI];
export const CUP_TIMES: Time[] = [[17, 0], [19, 0], [19, 30], [21, 0], [21, 30]];
export const QUALIFIER_TIMES: Time[] = [[15, 0], [16, 0], [17, 0], [18, 0], [19, 30], [20, 30]];
export const FINAL_TIME: Time = [17, 0];
/** Today's kickoffs (minutes from the anchor): Liga Pro has one finished, one just finished, two live (first and second half), one to come; Serie B three finished, two of them scripted. */
export const LIGA_PRO_TODAY = [-330, -180, -90, -30, 30];
export const SERIE_B_TODAY = [-300, -150, -120];
