import { describe, expect, it } from 'vitest';
import type { ApiFixtureFull } from '../../store/provider-types.ts';
import { isFinishedStatus, isLiveStatus, viewFixtureAt } from './scripted-match.ts';
import { generateDemoSeason, type DemoSeason } from './generate.ts';

const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
const season = generateDemoSeason({ seed: 2026, anchor: ANCHOR });
const byLeague = (s: DemoSeason, id: number) => s.competitions.find((c) => c.league.league.id === id)!;
const GYE = 5 * 3_600_000;
const localDay = (ms: number) => new Date(ms - GYE).toISOString().slice(0, 10);

/** Each fixture as the provider would show it at `atMs` (scripted ones through the clock). */
function shownAt(s: DemoSeason, leagueId: number, atMs: number): ApiFixtureFull[] {
  const c = byLeague(s, leagueId);
  const scripted = new Set(c.scriptedFixtureIds ?? []);
  return c.fixtures.map((f) => (scripted.has(f.fixture.id) ? viewFixtureAt(f, atMs) : f));
}

describe('demo season: determinism and shape', () => {
  it('gives the same season for the same seed and anchor, another for another seed', () => {
    const again = generateDemoSeason({ seed: 2026, anchor: new Date(ANCHOR.getTime()) });
    expect(JSON.stringify(again)).toBe(JSON.stringify(season));
    const other = generateDemoSeason({ seed: 7, anchor: ANCHOR });
    expect(JSON.stringify(other.competitions[0].fixtures)).not.toBe(JSON.stringify(season.competitions[0].fixtures));
  });

  it('rejects an invalid anchor instead of producing a broken season', () => {
    expect(() => generateDemoSeason({ anchor: new Date('not a date') })).toThrow(RangeError);
  });

  it('takes the season from the calendar year in Guayaquil', () => {
    // 2027-01-01 03:00 UTC is still 31 December 2026 in Ecuador.
    const s = generateDemoSeason({ seed: 1, anchor: new Date('2027-01-01T03:00:00Z') });
    expect(s.summary.season).toBe(2026);
    expect(s.competitions.every((c) => c.season === 2026 && c.league.seasons[0].year === 2026 && c.league.seasons[0].current)).toBe(true);
  });

  it('has the six competitions with the real club ids', () => {
    expect(season.competitions.map((c) => [c.league.league.id, c.shortName])).toEqual([
      [242, 'Liga Pro'], [243, 'Serie B'], [13, 'Libertadores'], [11, 'Sudamericana'], [34, 'Eliminatorias'], [10, 'Amistosos'],
    ]);
    const ligaPro = byLeague(season, 242).teams.map((t) => t.team.id).sort((a, b) => a - b);
    expect(ligaPro).toEqual([1148, 1149, 1150, 1151, 1152, 1153, 1154, 1155, 1156, 1157, 1158, 1162, 1980, 1992, 18762, 25737]);
    const ldu = byLeague(season, 242).teams.find((t) => t.team.id === 1158)!;
    expect(ldu.venue.name).toBe('Estadio Rodrigo Paz Delgado');
    expect(ldu.team.logo).toBe('/media/teams/1158.png');
    expect(byLeague(season, 242).teams.find((t) => t.team.id === 1150)!.venue.name).toBe('Estadio Olímpico Atahualpa');
    expect(byLeague(season, 34).teams.map((t) => t.team.id).sort((a, b) => a - b)).toEqual([6, 7, 8, 26, 30, 2379, 2380, 2381, 2382, 2383]);
    for (const id of [13, 11]) {
      const cup = byLeague(season, id);
      expect(cup.teams).toHaveLength(32);
      expect(cup.standings).toHaveLength(8);
      expect(cup.standings.every((g) => g.length === 4)).toBe(true);
    }
  });

  it('gives Liga Pro its first stage and three final-phase groups', () => {
    const groups = byLeague(season, 242).standings.map((g) => [g[0].group, g.length]);
    expect(groups).toEqual([['Primera Etapa', 16], ['Hexagonal Final', 6], ['Hexagonal de Clasificación', 6], ['Cuadrangular de Descenso', 4]]);
    const first = byLeague(season, 242).standings[0];
    const finalGroup = new Set(byLeague(season, 242).standings[1].map((r) => r.team.id));
    expect(first.slice(0, 6).every((r) => finalGroup.has(r.team.id))).toBe(true);
  });

  it('has played and upcoming fixtures in every competition', () => {
    for (const c of season.competitions) {
      const shown = shownAt(season, c.league.league.id, ANCHOR.getTime());
      expect(shown.some((f) => isFinishedStatus(f.fixture.status.short)), c.shortName).toBe(true);
      expect(shown.some((f) => f.fixture.status.short === 'NS' && f.fixture.timestamp * 1000 > ANCHOR.getTime()), c.shortName).toBe(true);
    }
  });

  it('keeps upcoming fixtures free of events, lineups, statistics and scores', () => {
    for (const c of season.competitions) {
      const scripted = new Set(c.scriptedFixtureIds ?? []);
      for (const f of c.fixtures.filter((x) => !scripted.has(x.fixture.id) && x.fixture.status.short === 'NS')) {
        expect(f.events ?? []).toEqual([]);
        expect(f.lineups ?? []).toEqual([]);
        expect(f.statistics ?? []).toEqual([]);
        expect(f.goals).toEqual({ home: null, away: null });
        expect(f.fixture.timestamp * 1000).toBeGreaterThan(ANCHOR.getTime());
      }
    }
  });
});

function checkMatchDay(s: DemoSeason, anchorMs: number) {
  const ligaPro = byLeague(s, 242);
  const today = ligaPro.fixtures.filter((f) => localDay(f.fixture.timestamp * 1000) === localDay(anchorMs)
    || Math.abs(f.fixture.timestamp * 1000 - anchorMs) < 7 * 3_600_000);
  const shown = today.map((f) => (ligaPro.scriptedFixtureIds!.includes(f.fixture.id) ? viewFixtureAt(f, anchorMs) : f));
  const finished = shown.filter((f) => isFinishedStatus(f.fixture.status.short));
  const live = shown.filter((f) => isLiveStatus(f.fixture.status.short));
  const later = shown.filter((f) => f.fixture.status.short === 'NS' && f.fixture.timestamp * 1000 > anchorMs);
  expect(finished.some((f) => f.fixture.timestamp * 1000 <= anchorMs - 2 * 3_600_000)).toBe(true);
  expect(live.length).toBeGreaterThanOrEqual(1);
  expect(live.length).toBeLessThanOrEqual(2);
  expect(later.length).toBeGreaterThanOrEqual(1);
  for (const f of today) expect((f.fixture.timestamp * 1000) % 300_000).toBe(0);
  // Scripted: exactly the matches of the day kicking off from three hours before the anchor.
  const expected = today.filter((f) => f.fixture.timestamp * 1000 >= anchorMs - 3 * 3_600_000).map((f) => f.fixture.id).sort();
  expect([...ligaPro.scriptedFixtureIds!].sort()).toEqual(expected);
  const serieB = byLeague(s, 243);
  expect(serieB.fixtures.some((f) => Math.abs(f.fixture.timestamp * 1000 - anchorMs) < 4 * 3_600_000)).toBe(true);
  return { live, finished, later };
}

describe('demo season: the match day around the anchor', () => {
  it('has finished, live and upcoming Liga Pro matches at 20:30', () => {
    const { live } = checkMatchDay(season, ANCHOR.getTime());
    expect(live.map((f) => f.fixture.status.short).sort()).toEqual(['1H', '2H']);
  });

  it('still has a full match day when started at 03:00 in Ecuador', () => {
    const early = new Date('2026-11-22T03:00:00-05:00');
    checkMatchDay(generateDemoSeason({ seed: 99, anchor: early }), early.getTime());
  });

  it('plans the cups at their final stages: knockouts played, a final to come', () => {
    for (const id of [13, 11]) {
      const cup = byLeague(season, id);
      const final = cup.fixtures.filter((f) => f.league.round === 'Final');
      expect(final).toHaveLength(1);
      expect(final[0].fixture.status.short).toBe('NS');
      const semis = cup.fixtures.filter((f) => f.league.round === 'Semi-finals');
      expect(semis).toHaveLength(4);
      expect(semis.every((f) => isFinishedStatus(f.fixture.status.short))).toBe(true);
      // Every knockout round is made of the previous round's tie winners.
      const rounds = ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'];
      for (let r = 1; r < rounds.length; r++) {
        const previous = cup.fixtures.filter((f) => f.league.round === rounds[r - 1]);
        const winners = new Set<number>();
        for (const second of previous.slice(previous.length / 2)) {
          const first = previous.find((f) => f.teams.home.id === second.teams.away.id && f.teams.away.id === second.teams.home.id)!;
          const home = second.goals.home! + first.goals.away!;
          const away = second.goals.away! + first.goals.home!;
          const homeWins = home !== away ? home > away : second.score.penalty.home! > second.score.penalty.away!;
          winners.add(homeWins ? second.teams.home.id : second.teams.away.id);
        }
        const entrants = cup.fixtures.filter((f) => f.league.round === rounds[r]).flatMap((f) => [f.teams.home.id, f.teams.away.id]);
        expect(new Set(entrants)).toEqual(winners);
      }
      // Each finalist won its semi-final on aggregate (or on penalties after the second leg).
      for (const finalist of [final[0].teams.home.id, final[0].teams.away.id]) {
        const legs = semis.filter((f) => f.teams.home.id === finalist || f.teams.away.id === finalist);
        expect(legs).toHaveLength(2);
        const scored = (f: ApiFixtureFull, id: number) => (f.teams.home.id === id ? f.goals.home! : f.goals.away!);
        const rival = legs[0].teams.home.id === finalist ? legs[0].teams.away.id : legs[0].teams.home.id;
        const mine = scored(legs[0], finalist) + scored(legs[1], finalist);
        const theirs = scored(legs[0], rival) + scored(legs[1], rival);
        if (mine === theirs) {
          const second = legs[1];
          const pens = second.teams.home.id === finalist ? [second.score.penalty.home!, second.score.penalty.away!] : [second.score.penalty.away!, second.score.penalty.home!];
          expect(second.fixture.status.short).toBe('PEN');
          expect(pens[0]).toBeGreaterThan(pens[1]);
        } else {
          expect(mine).toBeGreaterThan(theirs);
        }
      }
    }
  });
});

describe('demo season: played matches are internally consistent', () => {
  const played = season.competitions.flatMap((c) => c.fixtures.filter((f) => (f.lineups ?? []).length > 0));

  it('has lineups of eleven with grids that follow the formation', () => {
    expect(played.length).toBeGreaterThan(700);
    for (const f of played) {
      expect(f.fixture.referee).toBeTruthy();
      expect(f.fixture.venue.name).toBeTruthy();
      for (const l of f.lineups!) {
        expect(l.startXI).toHaveLength(11);
        expect(l.substitutes.length).toBeGreaterThanOrEqual(7);
        expect(l.coach.name).toBeTruthy();
        const rows = l.formation!.split('-').map(Number);
        expect(rows.reduce((a, b) => a + b, 0)).toBe(10);
        const perRow = new Map<number, number>();
        for (const s of l.startXI) {
          const [r, c] = s.player.grid!.split(':').map(Number);
          perRow.set(r, Math.max(perRow.get(r) ?? 0, c));
        }
        expect([...perRow.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c)).toEqual([1, ...rows]);
        expect(new Set([...l.startXI, ...l.substitutes].map((p) => p.player.id)).size).toBe(l.startXI.length + l.substitutes.length);
      }
    }
  });

  it('has scorers on the pitch, scores that match the goal events and statistics that match the events', () => {
    for (const f of played) {
      const events = f.events ?? [];
      const goals = (teamId: number) => events.filter((e) => e.type === 'Goal' && e.team.id === teamId).length;
      expect(goals(f.teams.home.id)).toBe(f.goals.home);
      expect(goals(f.teams.away.id)).toBe(f.goals.away);
      expect(f.score.fulltime).toEqual(f.goals);
      for (const e of events.filter((x) => x.type === 'Goal')) {
        const own = e.detail === 'Own Goal';
        const side = own ? f.lineups!.find((l) => l.team.id !== e.team.id)! : f.lineups!.find((l) => l.team.id === e.team.id)!;
        const key = e.time.elapsed + (e.time.extra ?? 0) / 100;
        const started = side.startXI.some((s) => s.player.id === e.player.id);
        const cameOn = events.some((x) => x.type === 'subst' && x.assist.id === e.player.id && x.time.elapsed <= key);
        const wentOff = events.some((x) => x.type === 'subst' && x.player.id === e.player.id && x.time.elapsed <= key);
        const sentOff = events.some((x) => x.type === 'Card' && x.detail === 'Red Card' && x.player.id === e.player.id && x.time.elapsed + (x.time.extra ?? 0) / 100 <= key);
        expect((started || cameOn) && !wentOff && !sentOff, `goal ${e.time.elapsed}' in ${f.fixture.id}`).toBe(true);
      }
      for (const s of f.statistics!) {
        const stat = (type: string) => s.statistics.find((x) => x.type === type)!.value as number;
        const cards = (detail: string) => events.filter((e) => e.type === 'Card' && e.detail === detail && e.team.id === s.team.id).length;
        expect(stat('Yellow Cards')).toBe(cards('Yellow Card'));
        expect(stat('Red Cards')).toBe(cards('Red Card'));
        const scored = events.filter((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.team.id === s.team.id).length;
        expect(stat('Shots on Goal')).toBeGreaterThanOrEqual(scored);
        expect(stat('Total Shots')).toBe(stat('Shots on Goal') + stat('Shots off Goal') + stat('Blocked Shots'));
      }
      const possession = f.statistics!.map((s) => Number.parseInt(String(s.statistics.find((x) => x.type === 'Ball Possession')!.value), 10));
      expect(possession[0] + possession[1]).toBe(100);
      for (const l of f.lineups!) {
        const subs = events.filter((e) => e.type === 'subst' && e.team.id === l.team.id).map((e) => e.detail);
        expect(subs).toEqual(subs.map((_, i) => `Substitution ${i + 1}`));
      }
    }
  });
});

describe('demo season: derived tables follow the results', () => {
  function checkStandings(s: DemoSeason, atMs: number) {
    for (const c of s.competitions) {
      const shown = shownAt(s, c.league.league.id, atMs).filter((f) => isFinishedStatus(f.fixture.status.short));
      for (const group of c.standings) {
        for (const row of group) {
          const { all, home, away } = row;
          expect(all.played).toBe(all.win + all.draw + all.lose);
          expect(row.points).toBe(3 * all.win + all.draw);
          expect(row.goalsDiff).toBe(all.goals.for - all.goals.against);
          expect(all.played).toBe(home.played + away.played);
          expect(all.goals.for).toBe(home.goals.for + away.goals.for);
        }
        const points = group.map((r) => r.points);
        expect(points).toEqual([...points].sort((a, b) => b - a));
        expect(group.map((r) => r.rank)).toEqual(group.map((_, i) => i + 1));
      }
      if (c.league.league.id !== 242) continue;
      // Form: the group's last five results, newest first, recomputed from the fixtures themselves.
      const firstStage = c.standings[0];
      for (const row of firstStage) {
        const mine = shown.filter((f) => f.league.round.startsWith('Regular Season') && (f.teams.home.id === row.team.id || f.teams.away.id === row.team.id))
          .sort((a, b) => b.fixture.timestamp - a.fixture.timestamp).slice(0, 5);
        const letters = mine.map((f) => {
          const [x, y] = f.teams.home.id === row.team.id ? [f.goals.home!, f.goals.away!] : [f.goals.away!, f.goals.home!];
          return x > y ? 'W' : x === y ? 'D' : 'L';
        }).join('');
        expect(row.form).toBe(letters);
        expect(row.all.played).toBe(30);
      }
      const hexFinal = c.standings[1];
      const hexMatches = shown.filter((f) => f.league.round.startsWith('Hexagonal Final'));
      expect(hexFinal.reduce((n, r) => n + r.all.played, 0)).toBe(hexMatches.length * 2);
    }
  }

  it('builds standings from results at the anchor', () => checkStandings(season, ANCHOR.getTime()));

  it('counts the scripted matches once they reach full time (later viewAt)', () => {
    const later = new Date(ANCHOR.getTime() + 8 * 3_600_000);
    const s = generateDemoSeason({ seed: 2026, anchor: ANCHOR, viewAt: later });
    checkStandings(s, later.getTime());
    const playedAt = (x: DemoSeason) => byLeague(x, 242).standings.slice(1).flat().reduce((n, r) => n + r.all.played, 0);
    const scriptedFinishedLater = byLeague(s, 242).fixtures.filter((f) => byLeague(s, 242).scriptedFixtureIds!.includes(f.fixture.id)
      && !isFinishedStatus(viewFixtureAt(f, ANCHOR.getTime()).fixture.status.short)).length;
    expect(scriptedFinishedLater).toBeGreaterThan(0);
    expect(playedAt(s) - playedAt(season)).toBe(2 * scriptedFinishedLater);
    // The schedule and results themselves do not depend on viewAt; the ratings come with each match's full time.
    const withoutRatings = (x: DemoSeason) => JSON.stringify(x.competitions.map((c) => c.fixtures.map(({ players: _players, ...f }) => f)));
    expect(withoutRatings(s)).toBe(withoutRatings(season));
    const ratedIds = (x: DemoSeason) => byLeague(x, 242).fixtures.filter((f) => f.players?.length).map((f) => f.fixture.id);
    expect(ratedIds(s).length - ratedIds(season).length).toBe(scriptedFinishedLater);
  });

  it('derives top scorers, appearances and minutes from goal events and lineups', () => {
    for (const c of season.competitions) {
      const shown = shownAt(season, c.league.league.id, ANCHOR.getTime()).filter((f) => isFinishedStatus(f.fixture.status.short));
      const goals = new Map<number, number>();
      const starts = new Map<number, number>();
      const subIns = new Map<number, number>();
      const minutes = new Map<number, number>();
      const inc = (m: Map<number, number>, id: number, by = 1) => m.set(id, (m.get(id) ?? 0) + by);
      for (const f of shown) {
        const events = f.events ?? [];
        for (const e of events) if (e.type === 'Goal' && e.detail !== 'Own Goal' && e.player.id != null) inc(goals, e.player.id);
        for (const l of f.lineups ?? []) {
          const offAt = (id: number) => {
            const out = events.find((e) => e.team.id === l.team.id && ((e.type === 'subst' && e.player.id === id) || (e.type === 'Card' && e.detail === 'Red Card' && e.player.id === id)));
            return out ? out.time.elapsed : 90;
          };
          // Demo lineups always name known players; a provider lineup may not (id null).
          for (const s of l.startXI) {
            if (s.player.id === null) continue;
            inc(starts, s.player.id);
            inc(minutes, s.player.id, Math.max(1, offAt(s.player.id)));
          }
          for (const s of l.substitutes) {
            const on = events.find((e) => e.type === 'subst' && e.assist.id === s.player.id);
            if (!on || s.player.id === null) continue;
            inc(subIns, s.player.id);
            inc(minutes, s.player.id, Math.max(1, offAt(s.player.id) - on.time.elapsed));
          }
        }
      }
      for (const entry of c.players) {
        const stat = entry.statistics[0];
        const id = entry.player.id;
        expect(stat.league.id).toBe(c.league.league.id);
        expect(stat.goals.total, `${entry.player.name} goals in ${c.shortName}`).toBe(goals.get(id) ?? 0);
        expect(stat.games.lineups).toBe(starts.get(id) ?? 0);
        expect(stat.games.appearences).toBe((starts.get(id) ?? 0) + (subIns.get(id) ?? 0));
        expect(stat.games.minutes).toBe(minutes.get(id) ?? 0);
        if (stat.games.appearences) expect(stat.games.rating).toMatch(/^\d\.\d$/);
      }
    }
  });

  it('derives team statistics from the fixtures', () => {
    const c = byLeague(season, 242);
    for (const ts of c.teamStatistics) {
      const fx = ts.fixtures as Record<string, { home: number; away: number; total: number }>;
      expect(fx.played.total).toBe(fx.wins.total + fx.draws.total + fx.loses.total);
      const row = c.standings[0].find((r) => r.team.id === ts.team.id)!;
      expect(fx.played.total).toBeGreaterThanOrEqual(row.all.played);
      expect(ts.form?.length).toBe(fx.played.total);
    }
  });
});

describe('demo season: people and transfers', () => {
  it('gives clubs squads of 25 (3 GK, 8 D, 8 M, 6 F) with unique numbers and consistent ages', () => {
    const c = byLeague(season, 242);
    for (const squad of c.squads) {
      expect(squad.players).toHaveLength(25);
      const count = (p: string) => squad.players.filter((x) => x.position === p).length;
      expect([count('Goalkeeper'), count('Defender'), count('Midfielder'), count('Attacker')]).toEqual([3, 8, 8, 6]);
      expect(new Set(squad.players.map((p) => p.number)).size).toBe(25);
    }
    for (const { player } of c.players) {
      const birth = new Date(player.birth.date!);
      let age = ANCHOR.getUTCFullYear() - birth.getUTCFullYear();
      const beforeBirthday = ANCHOR.getUTCMonth() < birth.getUTCMonth()
        || (ANCHOR.getUTCMonth() === birth.getUTCMonth() && ANCHOR.getUTCDate() < birth.getUTCDate());
      if (beforeBirthday) age--;
      expect(player.age).toBe(age);
      expect(player.name).toMatch(/^(\p{Lu}\. )+\S/u);
      expect(player.height).toMatch(/^\d{3} cm$/);
      expect(player.weight).toMatch(/^\d{2,3} kg$/);
      expect(player.photo).toBe(`/media/players/${player.id}.png`);
      expect(player.id).toBeGreaterThanOrEqual(800000);
    }
  });

  it('ends every transfer history at the player\'s current club, before the anchor', () => {
    const currentTeam = new Map<number, number>();
    for (const c of season.competitions.filter((x) => ![34, 10].includes(x.league.league.id))) {
      for (const s of c.squads) for (const p of s.players) currentTeam.set(p.id, s.teamId);
    }
    for (const p of season.global.extraPlayers) currentTeam.set(p.player.id, p.statistics[0].team.id);
    expect(season.global.transfers.length).toBeGreaterThan(100);
    for (const entry of season.global.transfers) {
      expect(entry.transfers.length).toBeGreaterThanOrEqual(1);
      expect(entry.transfers[0].teams.in.id).toBe(currentTeam.get(entry.player.id));
      const dates = entry.transfers.map((t) => t.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(Date.parse(dates[0])).toBeLessThan(ANCHOR.getTime());
      for (let i = 1; i < entry.transfers.length; i++) expect(entry.transfers[i].teams.in.id).toBe(entry.transfers[i - 1].teams.out.id);
    }
  });

  it('lists about twenty Ecuadorians abroad with their clubs', () => {
    const { extraPlayers, extraTeams } = season.global;
    expect(extraPlayers.length).toBeGreaterThanOrEqual(18);
    const teamIds = new Set(extraTeams.map((t) => t.team.id));
    for (const p of extraPlayers) {
      expect(p.player.nationality).toBe('Ecuador');
      expect(teamIds.has(p.statistics[0].team.id)).toBe(true);
    }
  });
});

describe('demo season: match ratings', () => {
  const liga = byLeague(season, 242);
  const rated = liga.fixtures.filter((f) => f.players?.length);
  const ratingsOf = (playerId: number) =>
    rated.flatMap((f) => f.players!.flatMap((side) => side.players.filter((p) => p.player.id === playerId).map((p) => Number(p.statistics[0].games.rating))));

  it('rates every player who took part in each finished match, and no match that is not over', () => {
    const overAtAnchor = (f: ApiFixtureFull) => isFinishedStatus((liga.scriptedFixtureIds!.includes(f.fixture.id) ? viewFixtureAt(f, ANCHOR.getTime()) : f).fixture.status.short);
    expect(rated.map((f) => f.fixture.id)).toEqual(liga.fixtures.filter(overAtAnchor).map((f) => f.fixture.id));
    for (const f of rated) {
      for (const side of f.players!) {
        const lineup = f.lineups!.find((l) => l.team.id === side.team.id)!;
        const cameOn = new Set((f.events ?? []).filter((e) => e.type === 'subst' && e.team.id === side.team.id).map((e) => e.assist.id));
        const tookPart = [...lineup.startXI.map((e) => e.player.id), ...lineup.substitutes.map((e) => e.player.id).filter((id) => cameOn.has(id))];
        expect(side.players.map((p) => p.player.id).sort()).toEqual([...tookPart].sort());
        for (const p of side.players) expect(p.statistics[0].games.rating).toMatch(/^(?:[5-9])\.\d$/);
      }
    }
  });

  it("makes each player's season rating the average of his match ratings", () => {
    const scorers = liga.players.filter((p) => (p.statistics[0]?.games.appearences ?? 0) >= 5).slice(0, 40);
    expect(scorers.length).toBe(40);
    for (const p of scorers) {
      const matches = ratingsOf(p.player.id);
      expect(matches.length, p.player.name).toBe(p.statistics[0].games.appearences);
      expect((matches.reduce((a, b) => a + b, 0) / matches.length).toFixed(1), p.player.name).toBe(p.statistics[0].games.rating);
    }
  });

  it('rates a scorer above himself in the matches where he did not score, on average', () => {
    const best = liga.players.filter((p) => (p.statistics[0]?.goals.total ?? 0) >= 5);
    expect(best.length).toBeGreaterThan(3);
    for (const p of best) {
      const scored = new Set(rated.filter((f) => f.events?.some((e) => e.type === 'Goal' && e.detail !== 'Own Goal' && e.player.id === p.player.id)).map((f) => f.fixture.id));
      const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
      const ratingIn = (f: ApiFixtureFull) => Number(f.players!.flatMap((s) => s.players).find((x) => x.player.id === p.player.id)?.statistics[0].games.rating ?? NaN);
      const played = rated.filter((f) => f.players!.some((s) => s.players.some((x) => x.player.id === p.player.id)));
      const withGoal = played.filter((f) => scored.has(f.fixture.id)).map(ratingIn);
      const without = played.filter((f) => !scored.has(f.fixture.id)).map(ratingIn);
      if (without.length) expect(mean(withGoal), p.player.name).toBeGreaterThan(mean(without));
    }
  });
});
