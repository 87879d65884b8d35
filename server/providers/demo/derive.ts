import { playerParts } from '../../../contract/fixture-players.ts';
import type {
  ApiFixtureEvent, ApiFixtureFull, ApiPlayerStatistics, ApiStandingRecord, ApiStandingRow, ApiTeamStatistics,
} from '../../store/provider-types.ts';
import { isFinishedStatus, viewFixtureAt } from './scripted-match.ts';
import type { CompetitionBuild, FixtureRecord, PlaceOdds } from './model.ts';
import { teamRef } from './match.ts';
import type { DemoPlayer } from './people.ts';
import { teamInfo } from './registry.ts';
import { hashString } from './rng.ts';
import { providerDate } from './time.ts';

/**
 * Everything derived from results: standings, team statistics and player season statistics. These
 * are computed from the fixtures as they stand at `viewAt`, so when a scripted match reaches full
 * time a recomputation takes it into account and the tables keep agreeing with the results.
 */

/** The fixtures of a competition that count at `viewAtMs`: finished ones, scripted ones that reached full time. */
export function finishedAt(records: FixtureRecord[], viewAtMs: number): Array<{ record: FixtureRecord; data: ApiFixtureFull }> {
  const out: Array<{ record: FixtureRecord; data: ApiFixtureFull }> = [];
  for (const record of records) {
    if (record.scripted) {
      const view = viewFixtureAt(record.data, viewAtMs);
      if (isFinishedStatus(view.fixture.status.short)) out.push({ record, data: record.data });
    } else if (isFinishedStatus(record.data.fixture.status.short)) {
      out.push({ record, data: record.data });
    }
  }
  return out;
}

export interface TableRow {
  teamId: number;
  points: number;
  goalsDiff: number;
  all: ApiStandingRecord;
  home: ApiStandingRecord;
  away: ApiStandingRecord;
  /** Last five results, newest first ('WWDLW'). */
  form: string;
}

const emptyRecord = (): ApiStandingRecord => ({ played: 0, win: 0, draw: 0, lose: 0, goals: { for: 0, against: 0 } });

function addResult(r: ApiStandingRecord, scored: number, conceded: number): void {
  r.played++;
  if (scored > conceded) r.win++;
  else if (scored === conceded) r.draw++;
  else r.lose++;
  r.goals.for += scored;
  r.goals.against += conceded;
}

/** League table from finished fixtures (others are ignored), provider tie-breaks: points, goal difference, goals. */
export function computeTable(fixtures: ApiFixtureFull[], teamIds: number[]): TableRow[] {
  const rows = new Map<number, TableRow>(teamIds.map((id) => [id, {
    teamId: id, points: 0, goalsDiff: 0, all: emptyRecord(), home: emptyRecord(), away: emptyRecord(), form: '',
  }]));
  const results = new Map<number, Array<{ at: number; id: number; letter: string }>>();
  for (const f of fixtures) {
    if (!isFinishedStatus(f.fixture.status.short)) continue;
    const h = f.goals.home ?? 0;
    const a = f.goals.away ?? 0;
    const home = rows.get(f.teams.home.id);
    const away = rows.get(f.teams.away.id);
    if (!home || !away) continue;
    addResult(home.all, h, a);
    addResult(home.home, h, a);
    addResult(away.all, a, h);
    addResult(away.away, a, h);
    const letter = (x: number, y: number) => (x > y ? 'W' : x === y ? 'D' : 'L');
    for (const [id, l] of [[home.teamId, letter(h, a)], [away.teamId, letter(a, h)]] as Array<[number, string]>) {
      const list = results.get(id) ?? [];
      list.push({ at: f.fixture.timestamp, id: f.fixture.id, letter: l });
      results.set(id, list);
    }
  }
  for (const row of rows.values()) {
    row.points = row.all.win * 3 + row.all.draw;
    row.goalsDiff = row.all.goals.for - row.all.goals.against;
    const list = (results.get(row.teamId) ?? []).sort((x, y) => y.at - x.at || y.id - x.id);
    row.form = list.slice(0, 5).map((r) => r.letter).join('');
  }
  const nameOf = (id: number) => teamInfo(id)?.name ?? String(id);
  return [...rows.values()].sort((x, y) =>
    y.points - x.points || y.goalsDiff - x.goalsDiff || y.all.goals.for - x.all.goals.for || y.all.win - x.all.win
    || nameOf(x.teamId).localeCompare(nameOf(y.teamId), 'es'));
}

export function computeStandings(build: CompetitionBuild, viewAtMs: number): ApiStandingRow[][] {
  const counted = finishedAt(build.fixtures, viewAtMs);
  const update = providerDate(Math.floor(viewAtMs / 60_000) * 60_000);
  return build.groups.map((group) => {
    const mine = counted.filter((c) => group.counts(c.record)).map((c) => c.data);
    const table = computeTable(mine, group.teamIds);
    // Movement is measured against the table before the latest round, as the provider shows it.
    const latest = mine.reduce<ApiFixtureFull | null>((acc, f) => (!acc || f.fixture.timestamp > acc.fixture.timestamp ? f : acc), null);
    const before = latest ? computeTable(mine.filter((f) => f.league.round !== latest.league.round), group.teamIds) : table;
    const previousRank = new Map(before.map((r, i) => [r.teamId, i + 1]));
    // The most each team can still reach: 3 points for each of its matches of this table not yet finished.
    const finishedIds = new Set(mine.map((f) => f.fixture.id));
    const left = new Map<number, number>();
    for (const r of build.fixtures) {
      if (!group.counts(r) || finishedIds.has(r.data.fixture.id)) continue;
      for (const id of [r.data.teams.home.id, r.data.teams.away.id]) left.set(id, (left.get(id) ?? 0) + 1);
    }
    const most = (row: (typeof table)[number]) => row.points + 3 * (left.get(row.teamId) ?? 0);
    const oddsOf = (row: (typeof table)[number]): PlaceOdds => ({
      surelyWithin: (places) => table.filter((o) => o !== row && most(o) >= row.points).length < places,
      possiblyWithin: (places) => table.filter((o) => o !== row && o.points > most(row)).length < places,
    });
    return table.map((row, i) => {
      const rank = i + 1;
      const was = previousRank.get(row.teamId) ?? rank;
      const team = teamInfo(row.teamId)!;
      return {
        rank,
        team: teamRef(team),
        points: row.points,
        goalsDiff: row.goalsDiff,
        group: group.name,
        form: row.form || null,
        status: was === rank ? 'same' : was > rank ? 'up' : 'down',
        description: group.describe(rank, oddsOf(row)),
        all: row.all,
        home: row.home,
        away: row.away,
        update,
      };
    });
  });
}

// ---------------------------------------------------------------- team statistics

const MINUTE_BUCKETS = ['0-15', '16-30', '31-45', '46-60', '61-75', '76-90', '91-105', '106-120'] as const;

const bucketOf = (elapsed: number) => MINUTE_BUCKETS[Math.min(5, Math.max(0, Math.ceil(elapsed / 15) - 1))];

function minuteTable(minutes: number[]): Record<string, { total: number | null; percentage: string | null }> {
  const total = minutes.length;
  const table: Record<string, { total: number | null; percentage: string | null }> = {};
  for (const b of MINUTE_BUCKETS) {
    const n = minutes.filter((m) => bucketOf(m) === b).length;
    table[b] = n ? { total: n, percentage: `${((n / total) * 100).toFixed(2)}%` } : { total: null, percentage: null };
  }
  return table;
}

const average = (goals: number, played: number) => (played ? (goals / played).toFixed(1) : '0.0');

/** Adds the minutes of a match's goals for and against the team and of its cards; returns its penalties scored. */
function recordMinutes(events: ApiFixtureEvent[], teamId: number, minutes: Record<'forMinutes' | 'againstMinutes' | 'yellowMinutes' | 'redMinutes', number[]>): number {
  let penalties = 0;
  for (const e of events) {
    if (e.type === 'Goal') {
      if (e.team.id === teamId) {
        minutes.forMinutes.push(e.time.elapsed);
        if (e.detail === 'Penalty') penalties++;
      } else minutes.againstMinutes.push(e.time.elapsed);
    } else if (e.type === 'Card' && e.team.id === teamId) {
      (e.detail === 'Red Card' ? minutes.redMinutes : minutes.yellowMinutes).push(e.time.elapsed);
    }
  }
  return penalties;
}

/** The competition as a team's or player's statistics name it. */
function leagueRef({ league: { league, country, seasons } }: CompetitionBuild) {
  return { id: league.id, name: league.name, country: country.name, logo: league.logo, flag: country.flag, season: seasons[0].year };
}

export function computeTeamStatistics(build: CompetitionBuild, viewAtMs: number): ApiTeamStatistics[] {
  const counted = finishedAt(build.fixtures, viewAtMs).map((c) => c.data).sort((a, b) => a.fixture.timestamp - b.fixture.timestamp);
  const league = leagueRef(build);
  return build.teams.map((team) => {
    const mine = counted.filter((f) => f.teams.home.id === team.id || f.teams.away.id === team.id);
    const [played, wins, draws, loses, goalsFor, goalsAgainst, cleanSheet, failed, mostFor, mostAgainst] = Array.from({ length: 10 }, () => ({ home: 0, away: 0 }));
    const minutes = { forMinutes: [] as number[], againstMinutes: [] as number[], yellowMinutes: [] as number[], redMinutes: [] as number[] };
    const formations = new Map<string, number>();
    let form = '';
    let penaltiesScored = 0;
    const bestWin: Record<'home' | 'away', { margin: number; score: string } | null> = { home: null, away: null };
    const worstLoss: Record<'home' | 'away', { margin: number; score: string } | null> = { home: null, away: null };
    const streak = { wins: 0, draws: 0, loses: 0 };
    let run: { kind: 'wins' | 'draws' | 'loses'; length: number } | null = null;
    for (const f of mine) {
      const where: 'home' | 'away' = f.teams.home.id === team.id ? 'home' : 'away';
      const scored = (where === 'home' ? f.goals.home : f.goals.away) ?? 0;
      const conceded = (where === 'home' ? f.goals.away : f.goals.home) ?? 0;
      played[where]++;
      goalsFor[where] += scored;
      goalsAgainst[where] += conceded;
      if (conceded === 0) cleanSheet[where]++;
      if (scored === 0) failed[where]++;
      mostFor[where] = Math.max(mostFor[where], scored);
      mostAgainst[where] = Math.max(mostAgainst[where], conceded);
      const kind = scored > conceded ? 'wins' : scored === conceded ? 'draws' : 'loses';
      ({ wins, draws, loses })[kind][where]++;
      form += kind === 'wins' ? 'W' : kind === 'draws' ? 'D' : 'L';
      run = run && run.kind === kind ? { kind, length: run.length + 1 } : { kind, length: 1 };
      streak[kind] = Math.max(streak[kind], run.length);
      const score = `${f.goals.home ?? 0}-${f.goals.away ?? 0}`;
      const margin = Math.abs(scored - conceded);
      if (kind === 'wins' && (!bestWin[where] || margin > bestWin[where]!.margin)) bestWin[where] = { margin, score };
      if (kind === 'loses' && (!worstLoss[where] || margin > worstLoss[where]!.margin)) worstLoss[where] = { margin, score };
      penaltiesScored += recordMinutes(f.events ?? [], team.id, minutes);
      const lineup = f.lineups?.find((l) => l.team.id === team.id);
      if (lineup?.formation) formations.set(lineup.formation, (formations.get(lineup.formation) ?? 0) + 1);
    }
    const total = (x: { home: number; away: number }) => x.home + x.away;
    return {
      league,
      team: teamRef(team),
      form: form || null,
      fixtures: {
        played: { ...played, total: total(played) },
        wins: { ...wins, total: total(wins) },
        draws: { ...draws, total: total(draws) },
        loses: { ...loses, total: total(loses) },
      },
      goals: {
        for: {
          total: { ...goalsFor, total: total(goalsFor) },
          average: { home: average(goalsFor.home, played.home), away: average(goalsFor.away, played.away), total: average(total(goalsFor), total(played)) },
          minute: minuteTable(minutes.forMinutes),
        },
        against: {
          total: { ...goalsAgainst, total: total(goalsAgainst) },
          average: { home: average(goalsAgainst.home, played.home), away: average(goalsAgainst.away, played.away), total: average(total(goalsAgainst), total(played)) },
          minute: minuteTable(minutes.againstMinutes),
        },
      },
      biggest: {
        streak,
        wins: { home: bestWin.home?.score ?? null, away: bestWin.away?.score ?? null },
        loses: { home: worstLoss.home?.score ?? null, away: worstLoss.away?.score ?? null },
        goals: { for: mostFor, against: mostAgainst },
      },
      clean_sheet: { ...cleanSheet, total: total(cleanSheet) },
      failed_to_score: { ...failed, total: total(failed) },
      penalty: {
        scored: { total: penaltiesScored, percentage: penaltiesScored ? '100.00%' : '0%' },
        missed: { total: 0, percentage: '0%' },
        total: penaltiesScored,
      },
      lineups: [...formations.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([formation, n]) => ({ formation, played: n })),
      cards: { yellow: minuteTable(minutes.yellowMinutes), red: minuteTable(minutes.redMinutes) },
    };
  });
}

// ---------------------------------------------------------------- player statistics

const newTally = () => ({
  appearances: 0, lineups: 0, minutes: 0, subIn: 0, subOut: 0, bench: 0, goals: 0, assists: 0, conceded: 0, saves: 0,
  yellow: 0, red: 0, penaltiesScored: 0, shots: 0, shotsOn: 0, passes: 0, keyPasses: 0, tackles: 0, blocks: 0,
  interceptions: 0, duels: 0, duelsWon: 0, dribbles: 0, dribblesWon: 0, foulsDrawn: 0, foulsCommitted: 0, ratingSum: 0, captain: false,
});
/** A player's season so far in a competition. */
type Tally = ReturnType<typeof newTally>;

/** Deterministic per player and match: the small numbers events do not record (passes, duels…). */
const noise = (playerId: number, fixtureId: number, key: string) => (hashString(`${key}:${playerId}:${fixtureId}`) % 1000) / 1000;

interface Participant {
  id: number;
  teamId: number;
  /** On the pitch from this minute to that one. */
  from: number;
  to: number;
  started: boolean;
  /** Substituted or sent off. */
  leftEarly: boolean;
}

/** A player's goals (own goals apart), assists and cards in one match's events. */
function eventCounts(events: ApiFixtureEvent[], playerId: number) {
  const count = (test: (e: ApiFixtureEvent) => boolean) => events.filter(test).length;
  return {
    goals: count((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.player.id === playerId),
    assists: count((e) => e.type === 'Goal' && e.assist.id === playerId),
    yellow: count((e) => e.type === 'Card' && e.detail === 'Yellow Card' && e.player.id === playerId),
    red: count((e) => e.type === 'Card' && e.detail === 'Red Card' && e.player.id === playerId),
  };
}

/**
 * What one match adds to a player's season: appearances, goals and cards from the events, what events
 * do not record (passes, duels…) by his position and a deterministic noise, a rating on the provider's scale.
 */
function tallyMatch(
  t: Tally,
  p: Participant,
  match: { person: DemoPlayer | undefined; minutes: number; fixtureId: number; events: ApiFixtureEvent[]; result: number; rivalGoals: number; teamSaves: number; captain: boolean },
): void {
  const { person, minutes, fixtureId, events, result, rivalGoals, teamSaves, captain } = match;
  const share = minutes / 90;
  const position = person?.position ?? 'Midfielder';
  t.appearances++;
  t.minutes += minutes;
  if (p.started) t.lineups++;
  else t.subIn++;
  if (p.started && p.leftEarly) t.subOut++;
  const { goals, assists, yellow, red } = eventCounts(events, p.id);
  t.goals += goals;
  t.assists += assists;
  t.yellow += yellow;
  t.red += red;
  t.penaltiesScored += events.filter((e) => e.type === 'Goal' && e.detail === 'Penalty' && e.player.id === p.id).length;
  const n = (key: string) => noise(p.id, fixtureId, key);
  const attacking = position === 'Attacker' ? 3 : position === 'Midfielder' ? 1.6 : position === 'Defender' ? 0.5 : 0;
  const missedShots = Math.round(attacking * share * n('shots') * 2);
  t.shots += goals + missedShots;
  t.shotsOn += goals + Math.round(missedShots * n('on') * 0.6);
  t.passes += Math.round((position === 'Goalkeeper' ? 26 : position === 'Attacker' ? 22 : 40) * share * (0.7 + n('passes') * 0.6));
  t.keyPasses += Math.round((position === 'Midfielder' ? 1.6 : position === 'Attacker' ? 1.1 : 0.3) * share * n('key') * 2);
  const defending = position === 'Defender' ? 2.5 : position === 'Midfielder' ? 1.7 : position === 'Attacker' ? 0.5 : 0;
  t.tackles += Math.round(defending * share * n('tackles') * 2);
  t.blocks += Math.round(defending * 0.3 * share * n('blocks') * 2);
  t.interceptions += Math.round(defending * 0.6 * share * n('interceptions') * 2);
  const duels = position === 'Goalkeeper' ? 0 : Math.round(9 * share * (0.5 + n('duels')));
  t.duels += duels;
  t.duelsWon += Math.round(duels * (0.35 + (person?.quality ?? 0.5) * 0.3));
  const dribbles = Math.round((position === 'Attacker' ? 3 : position === 'Midfielder' ? 2 : 0.5) * share * n('dribbles') * 2);
  t.dribbles += dribbles;
  t.dribblesWon += Math.round(dribbles * (0.4 + n('dribbled') * 0.3));
  t.foulsDrawn += Math.round(1.5 * share * n('drawn') * 2);
  t.foulsCommitted += Math.round(1.3 * share * n('committed') * 2);
  if (position === 'Goalkeeper') {
    t.conceded += events.filter((e) => e.type === 'Goal' && e.team.id !== p.teamId && e.time.elapsed >= p.from && e.time.elapsed <= p.to).length;
    t.saves += Math.round(teamSaves * share);
  }
  if (captain && p.started) t.captain = true;
  t.ratingSum += matchRating(person, p, { fixtureId, events, result, rivalGoals });
}

/**
 * A player's rating for one match on the provider's scale (one decimal, 5.0–9.8), from what he did in
 * its events (goals, assists, cards), his side's result, a clean sheet for a goalkeeper, his quality
 * and a deterministic noise: the figure `/fixtures?ids=` gives each player and the season's average.
 */
function matchRating(person: DemoPlayer | undefined, p: Participant, match: { fixtureId: number; events: ApiFixtureEvent[]; result: number; rivalGoals: number }): number {
  const { fixtureId, events, result, rivalGoals } = match;
  const { goals, assists, yellow, red } = eventCounts(events, p.id);
  const cleanSheet = person?.position === 'Goalkeeper' && rivalGoals === 0 ? 0.4 : 0;
  const rating = 6.1 + (person?.quality ?? 0.5) * 1.1 + goals * 0.75 + assists * 0.4 - yellow * 0.15 - red * 1.2 + result + cleanSheet + (noise(p.id, fixtureId, 'rating') - 0.5) * 0.8;
  return Math.round(Math.min(9.8, Math.max(5, rating)) * 10) / 10;
}

/** A player's season in a competition as the provider's statistics entry. */
function statisticsEntry(p: DemoPlayer, t: Tally, team: NonNullable<ReturnType<typeof teamInfo>>, league: ApiPlayerStatistics['league']): ApiPlayerStatistics {
  const played = t.appearances > 0;
  return {
    team: teamRef(team),
    league,
    games: {
      appearences: t.appearances,
      lineups: t.lineups,
      minutes: t.minutes,
      number: p.number,
      position: p.position,
      rating: played ? (t.ratingSum / t.appearances).toFixed(1) : null,
      captain: t.captain,
    },
    substitutes: { in: t.subIn, out: t.subOut, bench: t.bench },
    shots: { total: played ? t.shots : null, on: played ? t.shotsOn : null },
    goals: {
      total: t.goals,
      conceded: p.position === 'Goalkeeper' ? t.conceded : 0,
      assists: t.assists,
      saves: p.position === 'Goalkeeper' ? t.saves : null,
    },
    passes: {
      total: played ? t.passes : null,
      key: played ? t.keyPasses : null,
      accuracy: played ? Math.round(70 + p.quality * 20) : null,
    },
    tackles: { total: played ? t.tackles : null, blocks: played ? t.blocks : null, interceptions: played ? t.interceptions : null },
    duels: { total: played ? t.duels : null, won: played ? t.duelsWon : null },
    dribbles: { attempts: played ? t.dribbles : null, success: played ? t.dribblesWon : null, past: null },
    fouls: { drawn: played ? t.foulsDrawn : null, committed: played ? t.foulsCommitted : null },
    cards: { yellow: t.yellow, yellowred: 0, red: t.red },
    penalty: { won: null, commited: null, scored: t.penaltiesScored, missed: 0, saved: p.position === 'Goalkeeper' ? 0 : null },
  };
}

/** Every squad member of these competitions, by id. */
export function squadPlayersById(builds: Iterable<CompetitionBuild>): Map<number, DemoPlayer> {
  const byId = new Map<number, DemoPlayer>();
  for (const build of builds) for (const squad of build.squads.values()) for (const p of squad) byId.set(p.id, p);
  return byId;
}

/** Each player's minutes in a match as the match page and /fixtures/players count them (one rule: a shoot-out adds none). */
function minutesByPlayer(f: ApiFixtureFull): Map<number, number | null> {
  const minutes = new Map<number, number | null>();
  for (const team of playerParts(f)) for (const p of team.players) if (p.id !== null) minutes.set(p.id, p.minutes);
  return minutes;
}

/** Each side of a played match: who took part (from when to when), who stayed on the bench, its result. */
function sidesOf(f: ApiFixtureFull): Array<{ teamId: number; participants: Participant[]; benched: number[]; result: number; rivalGoals: number }> {
  const events = f.events ?? [];
  return (f.lineups ?? []).map((lineup) => {
    const teamId = lineup.team.id;
    const teamGoals = teamId === f.teams.home.id ? f.goals.home ?? 0 : f.goals.away ?? 0;
    const rivalGoals = teamId === f.teams.home.id ? f.goals.away ?? 0 : f.goals.home ?? 0;
    const result = teamGoals > rivalGoals ? 0.25 : teamGoals < rivalGoals ? -0.25 : 0;
    const outAt = new Map<number, number>();
    const inAt = new Map<number, number>();
    for (const e of events) {
      if (e.team.id !== teamId) continue;
      if (e.type === 'subst') {
        if (e.player.id != null) outAt.set(e.player.id, e.time.elapsed);
        if (e.assist.id != null) inAt.set(e.assist.id, e.time.elapsed);
      } else if (e.type === 'Card' && e.detail === 'Red Card' && e.player.id != null) {
        outAt.set(e.player.id, Math.min(outAt.get(e.player.id) ?? 90, e.time.elapsed));
      }
    }
    const participants: Participant[] = [];
    const benched: number[] = [];
    // A lineup entry without an id (a person the provider does not know) has no statistics to add to.
    for (const { player } of lineup.startXI) {
      if (player.id !== null) participants.push({ id: player.id, teamId, from: 0, to: outAt.get(player.id) ?? 90, started: true, leftEarly: outAt.has(player.id) });
    }
    for (const s of lineup.substitutes) {
      if (s.player.id === null) continue;
      const from = inAt.get(s.player.id);
      if (from === undefined) benched.push(s.player.id);
      else participants.push({ id: s.player.id, teamId, from, to: outAt.get(s.player.id) ?? 90, started: false, leftEarly: outAt.has(s.player.id) });
    }
    return { teamId, participants, benched, result, rivalGoals };
  });
}

/**
 * The provider's `players` list of a finished match (`/fixtures?ids=`), as far as the demo knows it:
 * each player who took part with his minutes and his rating, the same ratings the season's averages
 * are made of. Empty before full time: the demo rates a match once it is over.
 */
export function fixturePlayerRatings(f: ApiFixtureFull, playerById: ReadonlyMap<number, DemoPlayer>): NonNullable<ApiFixtureFull['players']> {
  if (!isFinishedStatus(f.fixture.status.short)) return [];
  const events = f.events ?? [];
  const minutesOf = minutesByPlayer(f);
  return sidesOf(f).map((side) => {
    const lineup = f.lineups!.find((l) => l.team.id === side.teamId)!;
    const names = new Map([...lineup.startXI, ...lineup.substitutes].map(({ player }) => [player.id, player.name]));
    return {
      team: { id: lineup.team.id, name: lineup.team.name, logo: lineup.team.logo },
      players: side.participants.map((p) => ({
        player: { id: p.id, name: names.get(p.id) ?? '' },
        statistics: [{ games: { minutes: minutesOf.get(p.id) ?? null, rating: matchRating(playerById.get(p.id), p, { fixtureId: f.fixture.id, events, result: side.result, rivalGoals: side.rivalGoals }).toFixed(1) } }],
      })),
    };
  });
}

export function computePlayerStatistics(build: CompetitionBuild, viewAtMs: number): Map<number, ApiPlayerStatistics> {
  const counted = finishedAt(build.fixtures, viewAtMs).map((c) => c.data);
  const playerById = squadPlayersById([build]);
  const tallies = new Map<number, Tally>();
  const tally = (id: number) => {
    let t = tallies.get(id);
    if (!t) tallies.set(id, (t = newTally()));
    return t;
  };
  // The captain is the most accomplished outfield regular: the best-rated veteran of the squad.
  const captains = new Set<number>();
  for (const squad of build.squads.values()) {
    const captain = squad.filter((p) => p.position !== 'Goalkeeper').sort((a, b) => b.quality + b.age / 100 - (a.quality + a.age / 100))[0];
    if (captain) captains.add(captain.id);
  }

  for (const f of counted) {
    const events = f.events ?? [];
    const minutesOf = minutesByPlayer(f);
    for (const side of sidesOf(f)) {
      const { teamId, result, rivalGoals } = side;
      const teamSaves = Number(f.statistics?.find((s) => s.team.id === teamId)?.statistics.find((s) => s.type === 'Goalkeeper Saves')?.value ?? 0);
      for (const id of side.benched) tally(id).bench++;
      for (const p of side.participants) {
        const person = playerById.get(p.id);
        tallyMatch(tally(p.id), p, { person, minutes: minutesOf.get(p.id) ?? 0, fixtureId: f.fixture.id, events, result, rivalGoals, teamSaves, captain: captains.has(p.id) });
      }
    }
  }

  const league = leagueRef(build);
  const out = new Map<number, ApiPlayerStatistics>();
  for (const [teamId, squad] of build.squads) {
    const team = teamInfo(teamId)!;
    for (const p of squad) {
      out.set(p.id, statisticsEntry(p, tallies.get(p.id) ?? newTally(), team, league));
    }
  }
  return out;
}
