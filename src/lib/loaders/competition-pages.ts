import { getLeagueTeams, getTeamPlayers } from '../competition/api.ts';
import { getNews } from '../news/api.ts';
import { COMPETITION_NAMES, LEAGUES, TRACKED_COMPETITIONS } from '../config.ts';
import { buildBracket, type BracketRound } from '../competition/bracket.ts';
import { leagueTablesView, pendingMatches, slimGroups, type LiveTablesData } from '../competition/league-tables.ts';
import { competitionPath, toScoreboardMatch } from '../match/scoreboard.ts';
import { currentStandingsGroups } from '../competition/parse-standings.ts';
import { squadByPosition } from '../team/parse-squad.ts';
import { groupPhases, groupRounds, roundsNow, type Phase, type Round, type RoundsNow } from '../competition/phases.ts';
import type { LeagueStandings, StandingsGroup, Tournament } from '../competition/types.ts';
import type { Match } from '../match/types.ts';
import type { Player, TopScorer } from '../player/types.ts';
import type { Team } from '../team/types.ts';
import { isoDay } from '../format/date.ts';
import type { NewsItem } from '../news/types.ts';
import { loadAllFixtures, loadSeasonFixtures, loadServerTime, loadStandings, loadTopScorers, loadTournament, loadTournamentsRequired } from './competitions.ts';
import { refreshDelay } from '../live/matchday-store.ts';
import { memo, optional } from './memo.ts';

/**
 * Data of the competition pages (issue 11): league fronts, tournament pages and their sections,
 * cups, qualifiers, national team, international and the day dashboard. Everything comes from the
 * per-build loaders (competitions.ts), so a competition's fixtures, table and scorers are read once
 * per build whatever number of pages show them.
 */

export const SECTIONS = ['calendario', 'posiciones', 'goleadores', 'equipos'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = {
  calendario: 'Calendario',
  posiciones: 'Posiciones',
  goleadores: 'Goleadores',
  equipos: 'Equipos',
};

/** Competitions offered by the switchers of /posiciones, /goleadores and /calendario (spec §2). */
export const SWITCHER_COMPETITIONS: readonly number[] = [LEAGUES.ligaPro, LEAGUES.serieB, LEAGUES.libertadores, LEAGUES.sudamericana];

/** News keywords of each competition (the articles' own keywords). */
const NEWS_KEYWORDS: Readonly<Record<number, string[]>> = {
  [LEAGUES.ligaPro]: ['Liga Pro'],
  [LEAGUES.serieB]: ['Serie B'],
  [LEAGUES.libertadores]: ['Copa Libertadores'],
  [LEAGUES.sudamericana]: ['Copa Sudamericana'],
  [LEAGUES.eliminatorias]: ['Eliminatorias'],
  [LEAGUES.amistosos]: ['Selección'],
};
export const NEWS_LIMIT = 4;

export interface CompetitionView {
  tournament: Tournament;
  /** The competition's front page (/serie-a, /libertadores, else /torneos/{id}). */
  frontPath: string;
  matches: Match[];
  rounds: Round[];
  phases: Phase[];
  now: RoundsNow;
  standings: LeagueStandings | null;
  /** The tables of the phase being played (see currentStandingsGroups). */
  currentGroups: StandingsGroup[];
  /**
   * "Provisional: si terminara ahora" by group name: `standings` are the stored tables plus the
   * scores of the matches in play (leagueTablesView), on every page that shows them.
   */
  tableNotes: Record<string, string>;
  /** What the pages' live script needs to keep the tables so (null when no match of today can still move them). */
  liveTables: LiveTablesData | null;
  scorers: TopScorer[] | null;
  teams: Team[] | null;
  /** Team id → short name (code), for tables on a phone. */
  shortNames: Record<number, string>;
  bracket: BracketRound[];
  /** YYYY-MM-DD (Guayaquil) of "today" on the API's clock. */
  today: string;
  /** When the data was read, on the API's clock (epoch ms), and that clock minus the build's. */
  builtAt: number;
  clockOffsetMs: number;
  /**
   * Why the competition has no data, in Spanish for readers, when it is one of the portal's own
   * (TRACKED_COMPETITIONS) and the API does not list it; null otherwise. Its pages then say so.
   */
  unavailable: { title: string; reason: string } | null;
}

/** A competition's teams, or null when unavailable (logged). */
export function loadLeagueTeams(league: number): Promise<Team[] | null> {
  return memo(`teams:${league}`, () => optional(`teams of league ${league}`, getLeagueTeams(league)));
}

/**
 * The ids of /torneos/{id} pages: every tournament the API lists, and the portal's own competitions
 * even when it does not (their pages are linked from the menu and every competition page).
 */
export async function tournamentIds(): Promise<number[]> {
  const listed = (await loadTournamentsRequired()).map((t) => t.id);
  return [...listed, ...TRACKED_COMPETITIONS.filter((id) => !listed.includes(id))];
}

/** "las Eliminatorias": each of the portal's competitions as a sentence names it. */
const NAMES_IN_A_SENTENCE: Readonly<Record<number, string>> = {
  [LEAGUES.ligaPro]: 'la Liga Pro Serie A',
  [LEAGUES.serieB]: 'la Liga Pro Serie B',
  [LEAGUES.libertadores]: 'la Copa Libertadores',
  [LEAGUES.sudamericana]: 'la Copa Sudamericana',
  [LEAGUES.eliminatorias]: 'las Eliminatorias',
};

const CUPS: readonly number[] = [LEAGUES.libertadores, LEAGUES.sudamericana];
const ECUADORIAN: readonly number[] = [LEAGUES.ligaPro, LEAGUES.serieB];

/**
 * What the pages of one of the portal's competitions show when the API does not list it: the store
 * has no season of it because the provider's plan or calendar does not cover it yet, or its sync has
 * never succeeded (a failed sync keeps the last good data, so a competition once listed stays). The
 * site cannot tell those apart, hence one reason true of all of them. No season, dates or logo are
 * made up: the header shows none.
 */
export function unavailableCompetition(id: number): Pick<CompetitionView, 'tournament' | 'unavailable'> {
  const names = COMPETITION_NAMES[id] ?? { name: `Competición ${id}`, shortName: `Competición ${id}` };
  return {
    tournament: {
      id,
      name: names.name,
      shortName: names.shortName,
      type: CUPS.includes(id) ? 'Cup' : 'League',
      country: ECUADORIAN.includes(id) ? 'Ecuador' : 'World',
      season: 0,
      logo: '',
      startDate: '',
      endDate: '',
      current: false,
    },
    unavailable: {
      title: `Todavía no tenemos datos de ${NAMES_IN_A_SENTENCE[id] ?? names.name}`,
      reason: 'El proveedor de datos aún no nos entrega esta temporada. Esta página se completará en cuanto lleguen sus partidos.',
    },
  };
}

/** "Eliminatorias Sudamericanas 2026", or only the name when the season is not known. */
export function seasonTitle(tournament: Pick<Tournament, 'name' | 'season'>): string {
  return tournament.season ? `${tournament.name} ${tournament.season}` : tournament.name;
}

/**
 * Everything a competition's pages show; for one of the portal's own competitions the API does not
 * list, an empty view that says why (`unavailable`); undefined for any other unlisted id.
 */
export function loadCompetitionView(id: number): Promise<CompetitionView | undefined> {
  return memo(`competition-view:${id}`, async () => {
    const tournament = await loadTournament(id);
    if (!tournament) {
      if (!TRACKED_COMPETITIONS.includes(id)) return undefined;
      // Nothing to ask the API about a competition it does not have (it would answer 404).
      const time = await loadServerTime();
      return {
        ...unavailableCompetition(id),
        frontPath: competitionPath(id),
        matches: [],
        rounds: [],
        phases: [],
        now: roundsNow([]),
        standings: null,
        currentGroups: [],
        tableNotes: {},
        liveTables: null,
        scorers: null,
        teams: null,
        shortNames: {},
        bracket: [],
        today: time.today,
        builtAt: time.now,
        clockOffsetMs: time.clockOffsetMs,
      };
    }
    const [matches, standings, scorers, teams, time] = await Promise.all([
      loadSeasonFixtures(id),
      loadStandings(id),
      loadTopScorers(id),
      loadLeagueTeams(id),
      loadServerTime(),
    ]);
    const rounds = groupRounds(matches);
    const shortNames: Record<number, string> = {};
    for (const team of teams ?? []) shortNames[team.id] = team.shortName;
    const tables = standings && leagueTablesView(id, standings.groups, matches);
    const shown = standings && tables ? { ...standings, groups: tables.groups } : null;
    const pending = pendingMatches(matches, id, time.today);
    return {
      tournament,
      frontPath: competitionPath(id),
      matches,
      rounds,
      phases: groupPhases(rounds),
      now: roundsNow(rounds),
      standings: shown,
      currentGroups: shown ? currentStandingsGroups(shown) : [],
      tableNotes: tables?.notes ?? {},
      liveTables:
        standings && refreshDelay(pending, time.now) !== null
          ? { league: id, today: time.today, builtAt: time.now, clockOffsetMs: time.clockOffsetMs, groups: slimGroups(standings.groups), matches: pending.map(toScoreboardMatch) }
          : null,
      scorers,
      teams,
      shortNames,
      bracket: tournament.type === 'Cup' ? buildBracket(rounds) : [],
      today: time.today,
      builtAt: time.now,
      clockOffsetMs: time.clockOffsetMs,
      unavailable: null,
    };
  });
}

/** Every table of a competition as its standings page lists them: a league's current phase first, a cup's groups in order. */
export function orderedGroups(view: CompetitionView): StandingsGroup[] {
  const groups = view.standings?.groups ?? [];
  if (view.tournament.type === 'Cup') return groups;
  return [...view.currentGroups, ...groups.filter((g) => !view.currentGroups.includes(g))];
}

/**
 * Tables no match can change any more: a league's first stage once its final phase is under way
 * (currentStandingsGroups). A standings page shows them without the live island's data and refreshes.
 */
export function settledGroups(view: CompetitionView): StandingsGroup[] {
  const [firstStage] = view.standings?.groups ?? [];
  if (view.tournament.type === 'Cup' || !firstStage || !view.currentGroups.length) return [];
  return view.currentGroups.includes(firstStage) ? [] : [firstStage];
}

/** A competition's matches of its view's "today" (the only ones a refresh can change). */
export function todaysMatches(view: CompetitionView): Match[] {
  return view.matches.filter((m) => m.timestamp > 0 && isoDay(m.timestamp * 1000) === view.today);
}

/**
 * Like loadCompetitionView, for pages of a competition: every id they ask for is listed or one of the
 * portal's own, so an undefined view is a bug in the page, and fails the build.
 */
export async function requireCompetitionView(id: number): Promise<CompetitionView> {
  const view = await loadCompetitionView(id);
  if (!view) throw new Error(`[build] competition ${id} is neither listed by the API nor one of the portal's own`);
  return view;
}

/** Latest news about some keywords, or [] when the news API failed (logged). */
export function loadKeywordNews(keywords: readonly string[], limit = NEWS_LIMIT): Promise<NewsItem[]> {
  return memo(`news:${keywords.join('|')}:${limit}`, async () => {
    const page = await optional(`news about ${keywords.join(', ')}`, getNews({ keywords: [...keywords], sortByKeywords: true, limit }));
    return page?.items ?? [];
  });
}

/** Latest news of a competition (empty when it has no keywords or none matched). */
export function loadCompetitionNews(id: number): Promise<NewsItem[]> {
  const keywords = NEWS_KEYWORDS[id];
  return keywords ? loadKeywordNews(keywords) : Promise.resolve([]);
}

/**
 * What a competition is playing now, for the tournament list: the phases of the rounds under way,
 * else of the next rounds, else that the season is over (or has not started).
 */
export function currentPhaseLabel(now: RoundsNow): string {
  const live = now.current.filter((r) => r.state !== 'done');
  const rounds = live.length ? live : now.next;
  if (rounds.length) return [...new Set(rounds.map((r) => r.phaseLabel))].join(' · ');
  return now.current.length ? 'Temporada terminada' : '';
}

/** Every tournament with the phase it is in (the /torneos list). */
export function loadTournamentList(): Promise<Array<{ tournament: Tournament; phase: string }>> {
  return memo('tournament-list', async () => {
    const tournaments = await loadTournamentsRequired();
    const views = await Promise.all(tournaments.map((t) => loadCompetitionView(t.id)));
    return tournaments.map((tournament, i) => ({ tournament, phase: views[i] ? currentPhaseLabel(views[i].now) : '' }));
  });
}

// ---------------------------------------------------------------------------------------------
// The national team (/seleccion, /eliminatorias)

export interface NationalTeamView {
  team: Team | null;
  /** The squad (statistics of the qualifiers) by position, goalkeepers first: grouped as a club's (parse-squad.ts). */
  squad: Array<{ label: string; players: Player[] }> | null;
  /** Ecuador's matches in the qualifiers and friendlies, in kickoff order. */
  matches: Match[];
  qualifiers: CompetitionView | undefined;
  news: NewsItem[];
}

/** Every page of a team's players (the squad); null when the first page failed (logged). */
function loadTeamPlayers(team: number, leagueId: number): Promise<Player[] | null> {
  return memo(`players:${team}:${leagueId}`, async () => {
    const first = await optional(`players of team ${team}`, getTeamPlayers(team, 1, leagueId));
    if (!first) return null;
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => optional(`players of team ${team}, page ${i + 2}`, getTeamPlayers(team, i + 2, leagueId))),
    );
    return [...first.players, ...rest.flatMap((page) => page?.players ?? [])];
  });
}

/** Ecuador's national team: found among the qualifiers' teams by country, never by a fixed id. */
export function loadNationalTeam(): Promise<NationalTeamView> {
  return memo('national-team', async () => {
    // Ecuador is looked for among the qualifiers' teams, else the friendlies' when the API has no
    // qualifiers (a competition it does not list is never asked about: it would answer 404).
    const [hasQualifiers, hasFriendlies] = await Promise.all([loadTournament(LEAGUES.eliminatorias), loadTournament(LEAGUES.amistosos)]).then((ts) => ts.map(Boolean));
    const teamsOf = hasQualifiers ? LEAGUES.eliminatorias : hasFriendlies ? LEAGUES.amistosos : null;
    const [qualifiers, teams, friendlies, news] = await Promise.all([
      loadCompetitionView(LEAGUES.eliminatorias),
      teamsOf === null ? null : loadLeagueTeams(teamsOf),
      hasFriendlies ? loadSeasonFixtures(LEAGUES.amistosos) : [],
      loadKeywordNews(['Selección', 'Ecuador', 'Eliminatorias']),
    ]);
    const team = (teams ?? []).find((t) => t.national && (t.code === 'ECU' || t.name === 'Ecuador')) ?? null;
    const plays = (m: Match) => team !== null && (m.home.id === team.id || m.away.id === team.id);
    const matches = [...(qualifiers?.matches ?? []), ...friendlies].filter(plays).sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
    const players = team && teamsOf !== null ? await loadTeamPlayers(team.id, teamsOf) : null;
    return { team, squad: players ? squadByPosition(players) : null, matches, qualifiers, news };
  });
}

// ---------------------------------------------------------------------------------------------
// International (/internacional)

export interface InternationalView {
  competitions: Array<{ tournament: Tournament; phase: string; latest: Round | undefined }>;
  news: NewsItem[];
}

/** The international competitions (continental cups, qualifiers, friendlies), their latest round and news. */
export function loadInternational(): Promise<InternationalView> {
  return memo('international', async () => {
    const [list, news] = await Promise.all([loadTournamentList(), loadKeywordNews(['Copa Libertadores', 'Copa Sudamericana', 'Eliminatorias'])]);
    const international = list.filter(({ tournament }) => tournament.country !== 'Ecuador');
    const views = await Promise.all(international.map(({ tournament }) => loadCompetitionView(tournament.id)));
    return {
      competitions: international.map((entry, i) => ({ ...entry, latest: views[i]?.now.current[0] ?? views[i]?.now.next[0] })),
      news,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The day dashboard (/football)

/** Days before and after today that get their own dashboard page (/football/{YYYY-MM-DD}). */
export const DASHBOARD_DAYS_AROUND = 3;

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface DashboardDay {
  day: string;
  today: string;
  previous: string | null;
  next: string | null;
  matches: Match[];
  /** Whether a match of the day can still change (live, or still to start): the scoreboard then refreshes. */
  canChange: boolean;
  builtAt: number;
  clockOffsetMs: number;
}

/** The days with a dashboard page, today in the middle. */
export async function dashboardDays(): Promise<string[]> {
  const { today } = await loadServerTime();
  return Array.from({ length: DASHBOARD_DAYS_AROUND * 2 + 1 }, (_, i) => shiftDay(today, i - DASHBOARD_DAYS_AROUND));
}

/** A day's matches across every competition (from the season fixtures already read for the build). */
export async function loadDashboardDay(day?: string): Promise<DashboardDay> {
  const [time, all, days] = await Promise.all([loadServerTime(), loadAllFixtures(), dashboardDays()]);
  const shown = day ?? time.today;
  const index = days.indexOf(shown);
  const matches = all.filter((m) => m.timestamp > 0 && isoDay(m.timestamp * 1000) === shown);
  return {
    day: shown,
    today: time.today,
    previous: index > 0 ? days[index - 1]! : null,
    next: index >= 0 && index < days.length - 1 ? days[index + 1]! : null,
    matches,
    canChange: refreshDelay(matches, time.now) !== null,
    builtAt: time.now,
    clockOffsetMs: time.clockOffsetMs,
  };
}

/** The path of a dashboard day: /football for today, /football/{day} for the others. */
export function dashboardPath(day: string, today: string): string {
  return day === today ? '/football' : `/football/${day}`;
}
