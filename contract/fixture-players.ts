/**
 * `GET /fixtures/players?fixture=`: each player's part in one match, in API-Football's shape, worked
 * out from what the store holds of the match: its line-ups and events. Both sides need the same
 * answer: the API serves it, and the build draws the match page's player table from the fixtures it
 * already has (one bulk read per competition, never one request per match page).
 *
 * Only what the line-ups and events say is filled in: minutes (from substitutions and red cards),
 * goals, assists, cards, penalties scored and missed, goals conceded by a goalkeeper while on the
 * pitch, and the rating where the provider gave one (the fixture's `players` list). Everything else the
 * provider measures (shots, passes, duels …) is null: the store keeps none of it and none is made up.
 * Pure; imports types only.
 */

import type { ApiFixtureEvent, ApiFixtureFull, ApiLineup, ApiLineupPlayer } from './api-football.ts';

type Ref = ApiFixtureEvent['player'];
type LineupEntry = { player: Omit<ApiLineupPlayer['player'], 'grid'> };

/** The parts of a fixture with details (`/fixtures?id=`, contract/api-football.ts) this needs. */
export interface FixtureForPlayers {
  fixture: { status: Pick<ApiFixtureFull['fixture']['status'], 'short' | 'elapsed'> };
  score?: { extratime?: ApiFixtureFull['score']['extratime'] };
  events?: Array<Omit<ApiFixtureEvent, 'team' | 'comments'> & { team: Pick<ApiFixtureEvent['team'], 'id'> }>;
  lineups?: Array<Pick<ApiLineup, 'team'> & { startXI: LineupEntry[]; substitutes: LineupEntry[] }>;
  /** The provider's ratings of the players' match, where it gave them (the store keeps nothing else of this list). */
  players?: Array<{ players: Array<{ player: { id: number }; statistics: Array<{ games: { rating: string | null } }> }> }>;
}

export interface FixturePlayerStatistics {
  games: { minutes: number | null; number: number | null; position: string | null; rating: string | null; captain: boolean | null; substitute: boolean };
  offsides: number | null;
  shots: { total: number | null; on: number | null };
  goals: { total: number | null; conceded: number | null; assists: number | null; saves: number | null };
  passes: { total: number | null; key: number | null; accuracy: string | null };
  tackles: { total: number | null; blocks: number | null; interceptions: number | null };
  duels: { total: number | null; won: number | null };
  dribbles: { attempts: number | null; success: number | null; past: number | null };
  fouls: { drawn: number | null; committed: number | null };
  cards: { yellow: number; red: number };
  penalty: { won: number | null; commited: number | null; scored: number | null; missed: number | null; saved: number | null };
}

export interface FixturePlayersTeam {
  team: { id: number; name: string; logo: string };
  players: Array<{ player: { id: number | null; name: string; photo: string }; statistics: [FixturePlayerStatistics] }>;
}

const NOT_STARTED = new Set(['TBD', 'NS', 'PST', 'CANC']);
const IN_PLAY = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE']);

/**
 * Minutes the match lasts (or has lasted, while in play): 90, or 120 only when extra time was played.
 * Which field to trust: `score.extratime`, which the provider leaves null unless extra time was
 * played (0-0 when it was, goalless). Not the status code: `PEN` (and `P` during the shoot-out) says
 * only that penalties decided it, and a CONMEBOL tie level on aggregate goes straight to them after
 * 90 minutes, so counting from the code gave every starter 120 minutes (issue 33: /partidos/9110097).
 * Nor the provider's own per-player `games.minutes`, which the store does not keep and which counts
 * stoppage nowhere: like it (fixture-by-id-full.json: on at 90+1', 1 minute), stoppage adds nothing,
 * since no field says how long it really was. A shoot-out adds no minutes.
 */
function matchLength(f: FixtureForPlayers): number {
  const { short, elapsed } = f.fixture.status;
  const extratime = f.score?.extratime;
  const extraTime = ['ET', 'BT', 'AET'].includes(short) || (extratime != null && (extratime.home != null || extratime.away != null));
  const full = extraTime ? 120 : 90;
  return IN_PLAY.has(short) && elapsed !== null ? Math.min(Math.max(elapsed, 0), full) : full;
}

/**
 * The minute a change takes effect, as the provider counts minutes: a change in stoppage time
 * ("90+1") leaves the one going off on `length - 1` and the one coming on 1 minute, as its real
 * answers do.
 */
function changeMinute(elapsed: number, length: number): number {
  return Math.max(0, Math.min(elapsed, length - 1));
}

const key = (teamId: number, ref: { id: number | null; name: string | null }) => `${teamId}:${ref.id ?? `name:${ref.name ?? ''}`}`;

/** One player's part in a match, as the line-ups and events tell it. */
export interface PlayerPart {
  id: number | null;
  name: string;
  number: number | null;
  pos: string | null;
  substitute: boolean;
  /** null: on the bench all match (or so far). */
  minutes: number | null;
  goals: number;
  assists: number;
  penalties: number;
  missed: number;
  yellow: number;
  red: number;
  /** Goals let in while on the pitch (goalkeepers; 0 for the others). */
  conceded: number;
}

export interface TeamPlayerParts {
  team: { id: number; name: string; logo: string };
  players: PlayerPart[];
}

/**
 * Each team's players (starters, then substitutes, as the line-up lists them) with their part in
 * the match: the one rule for minutes and figures, which the API's `/fixtures/players`, the build's
 * player tables, the live match island and the demo's season figures all follow.
 */
export function playerParts(f: FixtureForPlayers): TeamPlayerParts[] {
  if (NOT_STARTED.has(f.fixture.status.short)) return [];
  const length = matchLength(f);
  const events = f.events ?? [];
  return (f.lineups ?? []).map((lineup) => {
    const teamId = lineup.team.id;
    const mine = events.filter((e) => e.team.id === teamId);
    const cameOn = new Map<string, number>();
    const wentOff = new Map<string, number>();
    for (const e of mine) {
      // The provider's convention: `player` leaves the pitch, `assist` comes on.
      if (e.type.toLowerCase() === 'subst') {
        const at = changeMinute(e.time.elapsed, length);
        if (e.player.id !== null || e.player.name) wentOff.set(key(teamId, e.player), at);
        if (e.assist.id !== null || e.assist.name) cameOn.set(key(teamId, e.assist), at);
      } else if (e.type === 'Card' && /red|second/i.test(e.detail ?? '')) {
        const k = key(teamId, e.player);
        wentOff.set(k, Math.min(wentOff.get(k) ?? length, Math.min(e.time.elapsed, length)));
      }
    }
    const same = (ref: Ref, id: number | null, name: string) => (id !== null ? ref.id === id : ref.id === null && ref.name === name);
    const conceded = (from: number, to: number) =>
      events.filter((e) => e.type === 'Goal' && !/missed/i.test(e.detail ?? '') && e.team.id !== teamId && e.time.elapsed > from && e.time.elapsed <= to).length;
    const line = (entry: LineupEntry, substitute: boolean): PlayerPart => {
      const p = entry.player;
      const k = key(teamId, p);
      const from = substitute ? cameOn.get(k) : 0;
      const played = from !== undefined;
      const to = wentOff.get(k) ?? length;
      const by = (test: (e: (typeof events)[number]) => boolean) => mine.filter(test).length;
      const goal = (e: (typeof events)[number], detail: (d: string) => boolean) => e.type === 'Goal' && detail(e.detail ?? '') && same(e.player, p.id, p.name);
      return {
        id: p.id,
        name: p.name,
        number: p.number,
        pos: p.pos,
        substitute,
        minutes: played ? (substitute ? Math.max(1, to - from) : to) : null,
        goals: by((e) => goal(e, (d) => !/own|missed/i.test(d))),
        assists: by((e) => e.type === 'Goal' && !/own|missed/i.test(e.detail ?? '') && same(e.assist, p.id, p.name)),
        penalties: by((e) => goal(e, (d) => /penalty/i.test(d) && !/missed/i.test(d))),
        missed: by((e) => goal(e, (d) => /missed/i.test(d))),
        yellow: by((e) => e.type === 'Card' && /yellow/i.test(e.detail ?? '') && !/second/i.test(e.detail ?? '') && same(e.player, p.id, p.name)),
        red: by((e) => e.type === 'Card' && /red|second/i.test(e.detail ?? '') && same(e.player, p.id, p.name)),
        conceded: played && p.pos === 'G' ? conceded(from, to) : 0,
      };
    };
    return {
      team: { id: lineup.team.id, name: lineup.team.name, logo: lineup.team.logo },
      players: [...lineup.startXI.map((e) => line(e, false)), ...lineup.substitutes.map((e) => line(e, true))],
    };
  });
}

/** `/fixtures/players`: each team's players with their match figures, in the provider's shape. */
export function fixturePlayers(f: FixtureForPlayers): FixturePlayersTeam[] {
  // Read defensively: the build reads this list off the wire.
  const ratings = new Map((f.players ?? []).flatMap((side) => (side.players ?? []).map((p) => [p.player?.id, p.statistics?.[0]?.games?.rating ?? null] as const)));
  return playerParts(f).map(({ team, players }) => ({
    team,
    players: players.map((p) => {
      const played = p.minutes !== null;
      const statistics: FixturePlayerStatistics = {
        games: { minutes: p.minutes, number: p.number, position: p.pos, rating: (p.id !== null && ratings.get(p.id)) || null, captain: null, substitute: p.substitute },
        offsides: null,
        shots: { total: null, on: null },
        goals: { total: p.goals > 0 ? p.goals : null, conceded: p.conceded, assists: played ? p.assists : null, saves: null },
        passes: { total: null, key: null, accuracy: null },
        tackles: { total: null, blocks: null, interceptions: null },
        duels: { total: null, won: null },
        dribbles: { attempts: null, success: null, past: null },
        fouls: { drawn: null, committed: null },
        cards: { yellow: p.yellow, red: p.red },
        penalty: { won: null, commited: null, scored: played ? p.penalties : null, missed: played ? p.missed : null, saved: null },
      };
      return { player: { id: p.id, name: p.name, photo: '' }, statistics: [statistics] as [FixturePlayerStatistics] };
    }),
  }));
}
