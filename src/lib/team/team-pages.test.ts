import { beforeEach, describe, expect, it } from 'vitest';
import { matchContext } from '../loaders/matches.ts';
import { resultFor } from '../match/result.ts';
import { profilesFromEntries } from '../loaders/players.ts';
import { newsAboutTeam } from '../loaders/teams.ts';
import { toTeamMatchSummary } from '../match/scoreboard.ts';
import { parseMatch } from '../match/parse.ts';
import { compareStatistics, pitchRows } from '../match/detail-view.ts';
import { eventMinute, parseDetailedMatch, parseGrid, parseMatchDetail } from '../match/parse-detail.ts';
import { parseSquads, squadByPosition } from './parse-squad.ts';
import { parseTeamStatisticsResponse } from './parse-statistics.ts';
import { clubTransferSummaries, dearestMoves, groupTransfersByTeam, parseFee, parseTransfers, transferTypeLabel, type TransferMove } from './transfers.ts';
import type { Match, ResultMatch } from '../match/types.ts';
import type { NewsItem } from '../news/types.ts';
import { capture } from '../../../tests/helpers/captures.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

function parsed(raw: unknown): Match {
  const result = parseDetailedMatch(raw);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('match detail (fixture-by-id-full.json, a real /fixtures?id= answer)', () => {
  const raw = capture('fixture-by-id-full.json').response[0];

  it('reads every event in minute order, stoppage time kept apart', () => {
    const detail = parseMatchDetail(raw)!;
    expect(detail.events).toHaveLength(raw.events.length);
    const kinds = detail.events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'yellow-card')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'substitution')).toHaveLength(10);
    expect(kinds.filter((k) => k === 'goal')).toHaveLength(1);
    const last = detail.events.at(-1)!;
    expect(eventMinute(last)).toBe("90+1'");
    // A substitution names the player going off as `player` and the one coming on as `assist`: in this
    // answer (Manchester United 1-0 Fulham, 16 August 2024) every `player` of a change is in the
    // starting XI and every `assist` on the bench, e.g. Zirkzee on for Mount at 61'.
    const changes = detail.events.filter((e) => e.kind === 'substitution');
    expect(changes.slice(0, 2).map((e) => ({ minute: eventMinute(e), team: e.teamName, off: e.player, on: e.assist }))).toEqual([
      { minute: "61'", team: 'Manchester United', off: { id: 157997, name: 'A. Diallo' }, on: { id: 284324, name: 'A. Garnacho' } },
      { minute: "61'", team: 'Manchester United', off: { id: 19220, name: 'M. Mount' }, on: { id: 70100, name: 'J. Zirkzee' } },
    ]);
    const starters = new Set(detail.lineups.flatMap((l) => l.startXI.map((p) => p.id)));
    const bench = new Set(detail.lineups.flatMap((l) => l.substitutes.map((p) => p.id)));
    for (const change of changes) {
      expect(starters.has(change.player!.id), `${change.player!.name} went off`).toBe(true);
      expect(bench.has(change.assist!.id), `${change.assist!.name} came on`).toBe(true);
    }
    // "assist": {id: null, name: null} is no assistant at all, not a nameless one.
    expect(detail.events.find((e) => e.kind === 'yellow-card')!.assist).toBeNull();
  });

  it('reads both line-ups and draws the formation from grid', () => {
    const detail = parseMatchDetail(raw)!;
    expect(detail.lineups).toHaveLength(2);
    const [home] = detail.lineups;
    expect(home.formation).toBe('4-2-3-1');
    expect(home.coach).toEqual({ id: 1993, name: 'E. ten Hag' });
    expect(home.startXI).toHaveLength(11);
    expect(home.substitutes.length).toBeGreaterThan(0);
    const rows = pitchRows(home.startXI)!;
    // Goalkeeper, then one row per line of 4-2-3-1.
    expect(rows.map((r) => r.players.length)).toEqual([1, 4, 2, 3, 1]);
    expect(rows[0].players[0].pos).toBe('G');
    expect(rows[1].players.map((p) => p.grid!.col)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a player without an id (shown without a link) and falls back to a list without a usable grid', () => {
    const copy = structuredClone(raw);
    copy.lineups[0].startXI[3].player.id = null;
    copy.lineups[0].substitutes[0].player.id = null;
    const detail = parseMatchDetail(copy)!;
    expect(detail.lineups[0].startXI).toHaveLength(11);
    expect(detail.lineups[0].startXI[3].id).toBeNull();
    expect(detail.lineups[0].startXI[3].name).toBe(raw.lineups[0].startXI[3].player.name);
    expect(detail.lineups[0].substitutes[0].id).toBeNull();
    expect(pitchRows(detail.lineups[0].startXI)).not.toBeNull();

    copy.lineups[0].startXI[5].player.grid = null;
    expect(pitchRows(parseMatchDetail(copy)!.lineups[0].startXI)).toBeNull();
    copy.lineups[0].startXI[5].player.grid = copy.lineups[0].startXI[4].player.grid;
    expect(pitchRows(parseMatchDetail(copy)!.lineups[0].startXI)).toBeNull();
  });

  it('parses grids strictly', () => {
    expect(parseGrid('2:4')).toEqual({ row: 2, col: 4 });
    expect(parseGrid('0:1')).toBeNull();
    expect(parseGrid('2-4')).toBeNull();
    expect(parseGrid(null)).toBeNull();
  });

  it('compares statistics home vs away, possession as a share', () => {
    const detail = parseMatchDetail(raw)!;
    const rows = compareStatistics(detail.statistics[0], detail.statistics[1]);
    const possession = rows.find((r) => r.type === 'Ball Possession')!;
    expect(possession.label).toBe('Posesión');
    expect(possession.home).toBe('55%');
    expect(possession.homeShare).toBeCloseTo(0.55, 2);
    // null (none recorded) shows as 0 on both sides, with no bar.
    const red = rows.find((r) => r.type === 'Red Cards')!;
    expect(red.homeShare).toBeNull();
  });

  it('is attached by the detailed parser, and absent when the answer has no detail lists', () => {
    expect(parsed(raw).details?.events.length).toBe(raw.events.length);
    // The scoreboards' parser leaves it out: their islands never show it.
    const summary = parseMatch(raw);
    expect(summary.ok && summary.value.details).toBeUndefined();
    const { events: _e, lineups: _l, statistics: _s, players: _p, ...bare } = raw;
    expect(parsed(bare).details).toBeUndefined();
  });
});

describe('match events of Liga Pro (liga-pro-fixture-items.json)', () => {
  const { segundoTempo } = capture('liga-pro-fixture-items.json');
  it('tells VAR, penalties and cards apart', () => {
    const events = parseMatchDetail(segundoTempo)!.events;
    expect(events.map((e) => e.kind)).toEqual(['yellow-card', 'yellow-card', 'yellow-card', 'yellow-card', 'var', 'penalty-goal']);
    expect(eventMinute(events.at(-1)!)).toBe("45+6'");
    expect(events[4].detail).toBe('Penalty confirmed');
  });
});

describe('team match summary (spec §3) of real fixtures', () => {
  const { segundoTempo, agendaFT } = capture('liga-pro-fixture-items.json');
  it("gives 'H - A' for a played or live match, with its state", () => {
    const live = toTeamMatchSummary(parsed(segundoTempo));
    expect(live.score).toBe(`${segundoTempo.goals.home} - ${segundoTempo.goals.away}`);
    expect(live.status).toBe('2H');
    expect(live.elapsedMinutes).toBe(49);
    expect(live.statusLong).toBe('Second Half');
    expect(live.homeTeam).toBe(segundoTempo.teams.home.name);
    const finished = toTeamMatchSummary(parsed(agendaFT));
    expect(finished.score).toBe(`${agendaFT.goals.home} - ${agendaFT.goals.away}`);
  });
  it("gives 'Próximo' before kick-off", () => {
    const upcoming = structuredClone(agendaFT);
    upcoming.fixture.status = { long: 'Not Started', short: 'NS', elapsed: null, extra: null };
    upcoming.goals = { home: null, away: null };
    const summary = toTeamMatchSummary(parsed(upcoming));
    expect(summary.score).toBe('Próximo');
    expect(summary.status).toBe('NS');
  });
});

describe('transfers (transfers-by-player.json) and their grouping into highs and lows', () => {
  const body = capture('transfers-by-player.json');

  it('reads every move newest first', () => {
    const moves = parseTransfers(body);
    if (!moves.ok) throw new Error(moves.error);
    expect(moves.value).toHaveLength(body.response[0].transfers.length);
    expect(moves.value[0].date >= moves.value.at(-1)!.date).toBe(true);
    expect(moves.value[0]).toMatchObject({ player: { id: 35845, name: 'H. Burbano' }, to: { id: 1146, name: 'Cortulua' }, from: { id: 1470, name: 'Cucuta' } });
  });

  it('makes each move a high of the club joined and a low of the club left', () => {
    const moves = parseTransfers(body);
    if (!moves.ok) throw new Error(moves.error);
    const groups = groupTransfersByTeam(moves.value);
    const cucuta = groups.find((g) => g.teamId === 1470)!;
    expect(cucuta).toMatchObject({ teamName: 'Cucuta', teamLogo: 'https://media.api-sports.io/football/teams/1470.png' });
    expect(cucuta.highs.map((m) => [m.date, m.from?.name])).toEqual([['2020-01-01', 'Aldosivi']]);
    expect(cucuta.lows.map((m) => [m.date, m.to?.name])).toEqual([['2021-01-19', 'Cortulua']]);
    // Newest activity first.
    expect(groups[0].latest >= groups.at(-1)!.latest).toBe(true);
    expect(groups[0].teamId === 1146 || groups[0].teamId === 1470).toBe(true);
  });

  it('sums up each club within the window only: no club without moves in it, Liga Pro first', () => {
    const club = (id: number, name: string) => ({ id, name, logo: '' });
    const move = (date: string, from: number, to: number, id: number): TransferMove => ({
      player: { id, name: `Jugador ${id}` },
      date,
      type: 'Free',
      from: club(from, `Club ${from}`),
      to: club(to, `Club ${to}`),
    });
    const groups = groupTransfersByTeam([
      move('2026-08-01', 1, 2, 10), // 2 (Liga Pro) gets one high, 1 one low
      move('2026-03-01', 3, 1, 11), // 1 gets a high, 3 a low
      move('2025-06-01', 4, 3, 12), // before the window: 4 has nothing else
      move('2026-10-01', 5, 6, 13), // two clubs from the cups, the newest activity of all
    ]);
    const rank = (id: number) => (id === 2 || id === 3 ? 0 : 2);
    const summaries = clubTransferSummaries(groups, '2025-11-22', rank);
    expect(summaries.map((s) => [s.teamId, s.highs, s.lows, s.latest])).toEqual([
      [2, 1, 0, '2026-08-01'],
      [3, 0, 1, '2026-03-01'],
      [5, 0, 1, '2026-10-01'],
      [6, 1, 0, '2026-10-01'],
      [1, 1, 1, '2026-08-01'],
    ]);
    // Club 4 only moved before the window; club 3's 2025 high is not counted nor its latest date.
    expect(summaries.find((s) => s.teamId === 4)).toBeUndefined();
  });

  it('keeps only the given clubs and drops a move listed twice', () => {
    const moves = parseTransfers(body);
    if (!moves.ok) throw new Error(moves.error);
    const twice: TransferMove[] = [...moves.value, ...moves.value];
    const groups = groupTransfersByTeam(twice, new Set([1470]));
    expect(groups).toHaveLength(1);
    expect(groups[0].highs).toHaveLength(1);
    expect(groups[0].lows).toHaveLength(1);
  });

  it('labels the type as the provider gives it, in Spanish where it is a word', () => {
    expectAnswers(transferTypeLabel, { Loan: 'Cesión', Free: 'Libre', 'N/A': '', 'Back from Loan': 'Vuelta de cesión' });
  });

  it('writes fees the way readers in Ecuador write money: decimal comma, the sign first', () => {
    expectAnswers(transferTypeLabel, { '€ 2.5M': '€2,5\u00a0M', '€ 1.5M': '€1,5\u00a0M', '€ 12M': '€12\u00a0M', '€ 250K': '€250\u00a0k', '$ 3M': '$3\u00a0M' });
    expect(parseFee('€ 1.5M')).toEqual({ amount: 1_500_000, currency: 'EUR' });
    // Not a fee we can read: shown as given rather than guessed at.
    expect(parseFee('Swap')).toBeNull();
    expect(transferTypeLabel('€ 1,5 millones')).toBe('€ 1,5 millones');
  });
});

describe('team season statistics (teams-statistics.json)', () => {
  it('reads record, goals, biggest results, clean sheets and cards by period', () => {
    const list = parseTeamStatisticsResponse(capture('teams-statistics.json'));
    if (!list.ok) throw new Error(list.error);
    const [stats] = list.value;
    expect(stats.teamId).toBe(173);
    expect(stats.form).toBe('DDLWLWLWDWDWWWW');
    expect(stats.played).toEqual({ home: 7, away: 8, total: 15 });
    expect(stats.wins.total + stats.draws.total + stats.losses.total).toBe(15);
    expect(stats.goalsFor.total).toBe(30);
    expect(stats.biggest.wins).toEqual({ home: '4-0', away: '1-3' });
    // No home defeat: no score, not '0-0'.
    expect(stats.biggest.loses.home).toBeNull();
    expect(stats.cleanSheet.total).toBe(4);
    expect(stats.failedToScore).toEqual({ home: 0, away: 2, total: 2 });
    expect(stats.cards.yellow.find((p) => p.period === '76-90')?.total).toBe(7);
    expect(stats.lineups[0]).toEqual({ formation: '4-2-3-1', played: 4 });
  });
});

describe('squads and players', () => {
  it('groups a squad by position, by shirt number, and drops lines without id or name', () => {
    const squads = parseSquads({
      response: [
        {
          team: { id: 9, name: 'Club', logo: '' },
          players: [
            { id: 3, name: 'C', number: 9, position: 'Attacker' },
            { id: 1, name: 'A', number: 12, position: 'Goalkeeper' },
            { id: 2, name: 'B', number: 1, position: 'Goalkeeper' },
            { id: null, name: 'Sin id', number: 5, position: 'Defender' },
            { id: 4, name: '', number: 6, position: 'Defender' },
          ],
        },
      ],
    });
    if (!squads.ok) throw new Error(squads.error);
    const groups = squadByPosition(squads.value[0].players);
    expect(groups.map((g) => [g.label, g.players.map((p) => p.name)])).toEqual([
      ['Porteros', ['B', 'A']],
      ['Delanteros', ['C']],
    ]);
  });

  it('merges a player met in several competitions, one statistics entry per competition', () => {
    const body = capture('players-with-statistics.json');
    const entry = body.response[0];
    const other = structuredClone(entry);
    other.statistics[0].league.id = 999;
    const profiles = profilesFromEntries([entry, entry, other, { player: { id: null, name: 'x' } }, { player: { id: 5, name: '' } }]);
    expect(profiles.size).toBe(1);
    const profile = profiles.get(entry.player.id)!;
    expect(profile.seasons.map((s) => s.league.id)).toEqual([entry.statistics[0].league.id, 999]);
  });
});

describe('match context and club news', () => {
  const base = parsed(capture('liga-pro-fixture-items.json').agendaFT);
  const at = (id: number, home: number, away: number, ts: number, goals: [number, number]): ResultMatch =>
    ({ ...base, kind: 'Result', id, timestamp: ts, home: { ...base.home, id: home, winner: null }, away: { ...base.away, id: away, winner: null }, goals: { home: goals[0], away: goals[1] } }) as ResultMatch;
  let matches: ResultMatch[];
  beforeEach(() => {
    matches = [at(1, 10, 20, 100, [1, 0]), at(2, 20, 10, 200, [2, 2]), at(3, 10, 30, 300, [0, 1]), at(4, 10, 20, 400, [3, 1])];
  });

  it('finds earlier meetings either way round and each club’s form before the match', () => {
    const byTeam = new Map<number, Match[]>();
    for (const m of matches) for (const id of [m.home.id, m.away.id]) byTeam.set(id, [...(byTeam.get(id) ?? []), m]);
    const context = matchContext(matches[3], byTeam);
    expect(context.headToHead.map((m) => m.id)).toEqual([2, 1]);
    expect(context.homeForm.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(context.awayForm.map((m) => m.id)).toEqual([2, 1]);
    expect(resultFor(matches[0], 10)).toBe('W');
    expect(resultFor(matches[0], 20)).toBe('L');
    expect(resultFor(matches[1], 10)).toBe('D');
  });

  it('finds news naming the club in their keywords, accents aside', () => {
    const item = (id: string, keywords: string[]) => ({ id, keywords }) as NewsItem;
    const news = [item('a', ['Liga Pro', 'Barcelona SC']), item('b', ['Barcelona']), item('c', ['LDU de Quito', 'barcelona sc'])];
    expect(newsAboutTeam(news, { name: 'Barcelona SC' }).map((n) => n.id)).toEqual(['a', 'c']);
  });
});

describe('transfer windows', () => {
  it('splits moves at one year before today', async () => {
    const { oneYearBefore, splitByDate } = await import('./transfers.ts');
    expect(oneYearBefore('2026-11-22')).toBe('2025-11-22');
    const move = (date: string) => ({ player: { id: 1, name: 'x' }, date, type: '', to: null, from: null });
    const { recent, older } = splitByDate([move('2026-01-14'), move('2025-11-22'), move('2025-11-21')], '2025-11-22');
    expect(recent.map((m) => m.date)).toEqual(['2026-01-14', '2025-11-22']);
    expect(older.map((m) => m.date)).toEqual(['2025-11-21']);
  });
});

describe('the dearest moves of the year (issue 33)', () => {
  const move = (date: string, name: string, type: string): TransferMove => ({ player: { id: null, name }, date, type, to: null, from: null });
  it('ranks the window’s fees in euros, dearest first, the newest first among equals', () => {
    const moves = [
      move('2026-11-01', 'A. Newest', 'Free'),
      move('2026-06-01', 'B. Mid', '€ 2.5M'),
      move('2025-12-12', 'J. Chicaiza', '€ 15M'),
      move('2026-02-01', 'C. Equal', '€ 2.5M'),
      move('2025-11-25', 'D. Before', '€ 30M'),
      move('2026-03-01', 'E. Dollars', '$ 20M'),
      move('2026-04-01', 'F. Unknown', 'N/A'),
    ];
    expect(dearestMoves(moves, '2025-11-26', 3).map((m) => m.player.name)).toEqual(['J. Chicaiza', 'B. Mid', 'C. Equal']);
    expect(dearestMoves(moves, '2025-11-26', 10).map((m) => m.player.name)).toEqual(['J. Chicaiza', 'B. Mid', 'C. Equal']);
  });
});
