import { playerParts, type FixtureForPlayers, type FixturePlayerStatistics, type FixturePlayersTeam } from '../../../contract/fixture-players.ts';
import { asId, asList, asNumberOrNull, asString, wire } from '../http/read.ts';
import type { LineupPlayer, Match, MatchEvent, MatchPlayerLine, MatchPlayerTeam } from './types.ts';

/**
 * Players' part in one match: the provider's `/fixtures/players` answer (or the `players` list of a
 * `/fixtures?id=` item) in the project's types, and the marks a line-up shows beside each name
 * (substitution with its minute, goals, assists, cards). The live match sections ship this module (with
 * `livePlayers`: a match in play gets its table worked out again at each change, the minutes run
 * with it), so it must not import the parsers' module: shared with the match island, that would go
 * into the islands' chunk of every data page. The build reads a fixture with its players through
 * parse-match-with-players.ts.
 */

const count = (value: unknown) => asNumberOrNull(value) ?? 0;

function playerLine(raw: unknown): MatchPlayerLine | null {
  const r = wire<FixturePlayersTeam['players'][number]>(raw);
  const player = wire<FixturePlayersTeam['players'][number]['player']>(r.player);
  const name = asString(player.name).trim();
  if (!name) return null;
  const stats = wire<FixturePlayerStatistics>(asList(r.statistics)[0]);
  const games = wire<FixturePlayerStatistics['games']>(stats.games);
  const goals = wire<FixturePlayerStatistics['goals']>(stats.goals);
  const cards = wire<FixturePlayerStatistics['cards']>(stats.cards);
  const rating = asNumberOrNull(games.rating);
  return {
    id: asId(player.id),
    name,
    number: asNumberOrNull(games.number),
    pos: asString(games.position).trim().toUpperCase(),
    substitute: games.substitute === true,
    minutes: asNumberOrNull(games.minutes),
    rating: rating !== null && rating > 0 ? rating : null,
    goals: count(goals.total),
    assists: count(goals.assists),
    yellow: count(cards.yellow),
    red: count(cards.red),
  };
}

/** One team of a `/fixtures/players` answer; null without players. */
export function parseMatchPlayerTeam(raw: unknown): MatchPlayerTeam | null {
  const r = wire<FixturePlayersTeam>(raw);
  const team = wire<FixturePlayersTeam['team']>(r.team);
  const players = asList(r.players).map(playerLine).filter((p): p is MatchPlayerLine => p !== null);
  return players.length ? { team: { id: asId(team.id), name: asString(team.name).trim() }, players } : null;
}

export function parseMatchPlayers(list: unknown): MatchPlayerTeam[] {
  return asList(list).map(parseMatchPlayerTeam).filter((t): t is MatchPlayerTeam => t !== null);
}

const EVENT_TYPE: Partial<Record<MatchEvent['kind'], string>> = {
  goal: 'Goal', 'own-goal': 'Goal', 'penalty-goal': 'Goal', 'missed-penalty': 'Goal',
  'yellow-card': 'Card', 'red-card': 'Card', 'second-yellow': 'Card', substitution: 'subst',
};

/**
 * The players' table of a match as the island holds it (line-ups, events and status already read),
 * by the one rule the API's `/fixtures/players` and the build follow (contract/fixture-players.ts):
 * each event handed back in the provider's words (its type from the kind, its detail kept as sent).
 */
export function livePlayers(match: Match): MatchPlayerTeam[] {
  const details = match.details;
  if (!details) return [];
  const ref = (p: MatchEvent['player']) => ({ id: p?.id ?? null, name: p?.name ?? null });
  const entry = (p: LineupPlayer) => ({ player: { id: p.id, name: p.name, number: p.number, pos: p.pos } });
  const fixture = {
    fixture: { status: match.status },
    score: match.score,
    events: details.events.map((e) => ({
      time: { elapsed: e.minute ?? 0, extra: e.extra },
      team: { id: e.teamId },
      player: ref(e.player),
      assist: ref(e.assist),
      type: EVENT_TYPE[e.kind] ?? e.kind,
      detail: e.detail,
    })),
    lineups: details.lineups.map((l) => ({ team: l.team, startXI: l.startXI.map(entry), substitutes: l.substitutes.map(entry) })),
  } as unknown as FixtureForPlayers;
  // Straight from the parts (no provider shape to build and read back): fewer bytes in the island.
  return playerParts(fixture).map(({ team, players }) => ({
    team: { id: team.id, name: team.name },
    players: players.map((p) => ({ id: p.id, name: p.name, number: p.number, pos: p.pos ?? '', substitute: p.substitute, minutes: p.minutes, rating: null, goals: p.goals, assists: p.assists, yellow: p.yellow, red: p.red })),
  }));
}

/** "7,3": a match rating as es-EC writes decimals; '' without one. */
export function formatRating(rating: number | null): string {
  return rating === null ? '' : rating.toFixed(1).replace('.', ',');
}

/** What a line-up shows beside one player's name. Minutes as the events print them ("62'", "90+2'"). */
export interface LineupMarks {
  /** Minute the player came on (substitutes). */
  on: string | null;
  /** Minute the player went off (substituted). */
  off: string | null;
  /** Minutes of his goals (penalties included; own goals apart). */
  goals: string[];
  ownGoals: string[];
  /** Minutes of the goals he set up (the goal event's `assist`). */
  assists: string[];
  yellow: string[];
  /** A straight red or a second yellow. */
  red: string[];
}

const minuteText = (e: MatchEvent) => (e.minute === null ? '' : e.extra ? `${e.minute}+${e.extra}'` : `${e.minute}'`);

function samePerson(ref: MatchEvent['player'], player: Pick<LineupPlayer, 'id' | 'name'>): boolean {
  if (!ref) return false;
  return player.id !== null ? ref.id === player.id : ref.id === null && ref.name === player.name;
}

/**
 * The marks of one player of a team's line-up, from the match's events (the provider's substitution
 * convention: `player` leaves, `assist` comes on).
 */
export function lineupMarks(events: readonly MatchEvent[], teamId: number | null, player: Pick<LineupPlayer, 'id' | 'name'>): LineupMarks {
  const marks: LineupMarks = { on: null, off: null, goals: [], ownGoals: [], assists: [], yellow: [], red: [] };
  for (const e of events) {
    // Providers differ on which team an own goal is listed under: the scorer is found by himself.
    if (e.kind !== 'own-goal' && teamId !== null && e.teamId !== null && e.teamId !== teamId) continue;
    if (e.kind === 'substitution') {
      if (samePerson(e.assist, player)) marks.on = minuteText(e);
      if (samePerson(e.player, player)) marks.off = minuteText(e);
      continue;
    }
    if ((e.kind === 'goal' || e.kind === 'penalty-goal') && samePerson(e.assist, player)) marks.assists.push(minuteText(e));
    if (!samePerson(e.player, player)) continue;
    if (e.kind === 'goal' || e.kind === 'penalty-goal') marks.goals.push(minuteText(e));
    else if (e.kind === 'own-goal') marks.ownGoals.push(minuteText(e));
    else if (e.kind === 'yellow-card') marks.yellow.push(minuteText(e));
    else if (e.kind === 'red-card' || e.kind === 'second-yellow') marks.red.push(minuteText(e));
  }
  return marks;
}
