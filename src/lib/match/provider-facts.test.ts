import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fixturePlayers } from '../../../contract/fixture-players.ts';
import { generateDemoSeason } from '../../../server/providers/demo/generate.ts';
import MatchEvents from '../../components/football/MatchEvents.tsx';
import MatchLineups from '../../components/football/MatchLineups.tsx';
import MatchScoreboard from '../../components/football/MatchScoreboard.tsx';
import { buildTie, tieLine } from '../competition/bracket.ts';
import { formatRating, lineupMarks, parseMatchPlayers } from './players.ts';
import { parseMatchWithPlayers } from './parse-with-players.ts';
import { parseDetailedMatch } from './parse-detail.ts';
import { assistsBreakTie, parseTopScorers } from '../player/parse.ts';
import type { Match } from './types.ts';
import { machineWrittenNotice } from '../news/category.ts';
import { newsArticleJsonLd } from '../news/jsonld.ts';
import type { Article } from '../news/types.ts';
import { capture } from '../../../tests/helpers/captures.ts';

/**
 * The match page read against the real provider (issue 25): substitutions the provider's way round (`player` leaves,
 * `assist` comes on), the players' part in a match as `/fixtures/players` gives it, line-up marks,
 * half-time, penalties and two-legged ties on the match page, and machine-written news marked.
 */

const raw = capture('fixture-by-id-full.json').response[0];

function parsed(item: unknown): Match {
  const result = parseDetailedMatch(item);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('substitutions (fixture-by-id-full.json, a real /fixtures?id= answer)', () => {
  const lineupOf = (teamId: number) => raw.lineups.find((l: any) => l.team.id === teamId);
  const subs = raw.events.filter((e: any) => e.type === 'subst');

  it('names a starter of the team as `player` (leaving) and a substitute as `assist` (coming on)', () => {
    expect(subs).toHaveLength(10);
    for (const e of subs) {
      const lineup = lineupOf(e.team.id);
      expect(lineup.startXI.map((p: any) => p.player.id).concat(lineup.substitutes.map((p: any) => p.player.id))).toContain(e.player.id);
      // A player who started (or came on earlier) leaves; the one coming on was on the bench.
      expect(lineup.substitutes.map((p: any) => p.player.id)).toContain(e.assist.id);
      expect(lineup.startXI.map((p: any) => p.player.id)).not.toContain(e.assist.id);
    }
    // The provider's own per-player figures agree: Mount (the `player` of a 61' change) played 61 minutes, Zirkzee (its `assist`) 29.
    const united = raw.players.find((t: any) => t.team.id === 33).players;
    const minutesOf = (id: number) => united.find((p: any) => p.player.id === id).statistics[0].games.minutes;
    const mount = subs.find((e: any) => e.player.name === 'M. Mount');
    expect(minutesOf(mount.player.id)).toBe(61);
    expect(minutesOf(mount.assist.id)).toBe(29);
  });

  it('writes "Entra <who comes on> · sale <who leaves>"', () => {
    const match = parsed(raw);
    const html = renderToStaticMarkup(createElement(MatchEvents, { match }));
    const line = text(html);
    // Heard as "Cambio de Manchester United: Entra …" (the club in hidden words), seen as "Cambio: Entra …".
    expect(line).toContain('Cambio de Manchester United: Entra J. Zirkzee · sale M. Mount');
    expect(line).toContain('Entra A. Garnacho · sale A. Diallo');
    expect(line).not.toContain('Entra M. Mount');
    // The goal icon is drawn, not an emoji a machine without an emoji font shows as a box.
    expect(html).not.toContain('⚽');
    expect(html).toMatch(/<li[^>]*data-event-kind="goal"><span class="event-minute[^"]*" data-icon="goal">/);
  });

  it('writes the demo season the same way round: the one leaving started or came on before, the one coming on was on the bench', () => {
    const season = generateDemoSeason({ seed: 2026, anchor: new Date('2026-11-22T20:30:00-05:00') });
    let checked = 0;
    for (const c of season.competitions) {
      for (const f of c.fixtures) {
        for (const e of (f.events ?? []).filter((x) => x.type === 'subst')) {
          const lineup = f.lineups!.find((l) => l.team.id === e.team.id)!;
          const bench = lineup.substitutes.map((p) => p.player.id);
          const onBefore = f.events!.filter((x) => x.type === 'subst' && x.time.elapsed <= e.time.elapsed && x !== e).map((x) => x.assist.id);
          expect(lineup.startXI.some((p) => p.player.id === e.player.id) || onBefore.includes(e.player.id)).toBe(true);
          expect(bench).toContain(e.assist.id);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('players of a match (/fixtures/players)', () => {
  const derived = fixturePlayers(raw);
  const line = (name: string) => derived.flatMap((t) => t.players).find((p) => p.player.name === name)!.statistics[0];

  it('works out minutes, goals, assists, cards and goals conceded from the line-ups and events as the provider counts them', () => {
    expect(derived.map((t) => t.team.id)).toEqual([33, 36]);
    // Every player the provider lists, with the minutes it gives, save one whose entry came in real
    // stoppage time the events do not state (McTominay: on at 84', 11 minutes by the provider's clock).
    for (const [t, team] of raw.players.entries()) {
      for (const real of team.players) {
        const mine = derived[t].players.find((p) => p.player.id === real.player.id)!.statistics[0];
        const r = real.statistics[0];
        if (real.player.name !== 'Scott McTominay') expect(mine.games.minutes, real.player.name).toBe(r.games.minutes);
        expect(mine.goals.total ?? 0, real.player.name).toBe(r.goals.total ?? 0);
        expect(mine.goals.assists ?? 0, real.player.name).toBe(r.goals.assists ?? 0);
        expect(mine.cards.yellow, real.player.name).toBe(r.cards.yellow);
        expect(mine.goals.conceded, real.player.name).toBe(r.goals.conceded);
      }
    }
    expect(line('A. Diallo').games.minutes).toBe(61);
    expect(line('A. Garnacho').games).toMatchObject({ minutes: 29, substitute: true });
    expect(line('Andreas Pereira').games.minutes).toBe(89); // off at 90+1'
    expect(line('H. Reed').games.minutes).toBe(1);
    expect(line('A. Bayındır').games.minutes).toBeNull(); // never came on
    expect(line('J. Zirkzee').goals.total).toBe(1);
    // Each rating is the provider's own, from the fixture's `players` list: Onana's 7.2, Zirkzee's as sent.
    const byId = (id: number) => derived.flatMap((t) => t.players).find((p) => p.player.id === id)!.statistics[0];
    expect(byId(526).games.rating).toBe('7.2');
    for (const team of raw.players) for (const real of team.players) expect(byId(real.player.id).games.rating, real.player.name).toBe(real.statistics[0].games.rating);
    // Without that list no rating is made up.
    const { players: _players, ...withoutRatings } = raw;
    expect(fixturePlayers(withoutRatings).flatMap((t) => t.players).every((p) => p.statistics[0].games.rating === null)).toBe(true);
  });

  it('reads the provider answer with its ratings, written with a comma', () => {
    const teams = parseMatchPlayers(raw.players);
    const zirkzee = teams[0].players.find((p) => p.name === 'Joshua Zirkzee')!;
    expect(zirkzee).toMatchObject({ minutes: 29, goals: 1, substitute: true, rating: 7.3 });
    expect(formatRating(zirkzee.rating)).toBe('7,3');
    // A match without the provider's list gets the derived one, and no rating.
    const { players: _players, ...withoutPlayers } = raw;
    const result = parseMatchWithPlayers(withoutPlayers);
    expect(result.ok && result.value.details?.players?.[0].players.find((p) => p.name === 'J. Zirkzee')).toMatchObject({ goals: 1, minutes: 29, rating: null });
    expect(result.ok && result.value.details!.players!.flatMap((t) => t.players).every((p) => p.rating === null)).toBe(true);
  });

  it('marks line-ups: who came on and went off when, goals and cards', () => {
    const match = parsed(raw);
    const events = match.details!.events;
    // Garnacho came on at 61' and set up Zirkzee's goal at 87' (the goal event's `assist`).
    expect(lineupMarks(events, 33, { id: 284324, name: 'A. Garnacho' })).toMatchObject({ on: "61'", off: null, assists: ["87'"], goals: [] });
    expect(lineupMarks(events, 33, { id: 2935, name: 'H. Maguire' })).toMatchObject({ on: null, off: "81'", yellow: ["40'"] });
    expect(lineupMarks(events, 33, { id: 70100, name: 'J. Zirkzee' })).toMatchObject({ on: "61'", goals: ["87'"], assists: [] });
    expect(lineupMarks(events, 36, { id: 899, name: 'Andreas Pereira' })).toMatchObject({ off: "90+1'", yellow: ["70'"] });
  });

  it('shows each player\'s part in his line-up line: minutes, the provider\'s rating, and nothing for an unused substitute', () => {
    const result = parseMatchWithPlayers(raw);
    if (!result.ok) throw new Error(result.error);
    const details = result.value.details!;
    const html = renderToStaticMarkup(createElement(MatchLineups, { lineups: details.lineups, events: details.events, players: details.players }));
    const markup = (id: number) => {
      const start = html.indexOf(`data-player-line="${id}"`);
      return html.slice(start, html.indexOf('</li>', start));
    };
    const line = (id: number) => text(markup(id));
    // Zirkzee: on at 61', scored at 87', 29 minutes, rated 7,3 by the provider (drawn beside the minutes from data-rating).
    expect(line(70100)).toContain('29 min');
    expect(markup(70100)).toMatch(/data-minutes="29" data-rating="7,3"/);
    expect(html).toMatch(/data-player-line="70100"[^]*?aria-label="gol en el minuto 87"/);
    // Garnacho set up that goal; Bayındır stayed on the bench: no minutes, no rating.
    expect(html).toMatch(/data-player-line="284324"[^]*?aria-label="asistencia en el minuto 87"/);
    const bench = details.lineups.flatMap((l) => l.substitutes).find((p) => p.name === 'A. Bayındır')!;
    expect(line(bench.id!)).not.toMatch(/min/);
    expect(markup(bench.id!)).not.toContain('data-rating');
    // Positions in Spanish (the provider's G / D / M / F); no second table of the same players.
    expect(html).toMatch(/data-pos="POR"[^>]*data-player-line="\d+"/);
    expect(html).not.toMatch(/data-pos="[GDMF]"/);
    expect(html).not.toContain('<table');
  });
});

describe('the score line: half-time, extra time, penalties and two-legged ties', () => {
  const base = (over: Record<string, unknown>) =>
    parsed({
      fixture: { id: 9, date: '2026-11-20T00:30:00+00:00', status: { short: 'FT', long: 'Match Finished', elapsed: 90 } },
      league: { id: 13, name: 'CONMEBOL Libertadores', round: 'Quarter-finals', season: 2026 },
      teams: { home: { id: 435, name: 'River Plate', winner: true }, away: { id: 127, name: 'Flamengo', winner: false } },
      goals: { home: 1, away: 0 },
      score: { halftime: { home: 1, away: 0 }, fulltime: { home: 1, away: 0 }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
      ...over,
    });
  const board = (match: Match) => text(renderToStaticMarkup(createElement(MatchScoreboard, { match, kickoffText: 'jueves' })));
  /** What a screen reader hears of the score: the summary (`data-said`), and under Sin spoilers (`data-unsaid`, global.css). */
  const said = (match: Match) => {
    const html = renderToStaticMarkup(createElement(MatchScoreboard, { match, kickoffText: 'jueves' }));
    const unsaid = html.match(/<p class="sr-only" data-unsaid="[^"]*">(.*?)<\/p>/)?.[1];
    return { said: text(html.match(/<p class="sr-only" data-said="[^"]*">(.*?)<\/p>/)?.[1] ?? ''), unspoiled: unsaid === undefined ? undefined : text(unsaid) };
  };

  it('shows the half-time score once the first half is over', () => {
    expect(board(base({}))).toContain('Descanso: 1-0');
    const firstHalf = base({ fixture: { id: 9, date: '2026-11-20T00:30:00+00:00', status: { short: '1H', long: 'First Half', elapsed: 30 } } });
    expect(board(firstHalf)).not.toContain('Descanso:');
  });

  it('shows a shoot-out as "(pen.)" with its score, and extra time', () => {
    const pens = base({
      fixture: { id: 9, date: '2026-11-20T00:30:00+00:00', status: { short: 'PEN', long: 'Match Finished After Penalty', elapsed: 120 } },
      goals: { home: 1, away: 1 },
      score: { halftime: { home: 0, away: 1 }, fulltime: { home: 1, away: 1 }, extratime: { home: 0, away: 0 }, penalty: { home: 5, away: 4 } },
    });
    const shown = board(pens);
    expect(shown).toContain('5-4 (pen.)');
    // Said whole, the half-time included (its line is not read, the summary says it); without the result under Sin spoilers.
    expect(said(pens)).toEqual({ said: 'River Plate 1, Flamengo 1; 5 a 4 en penales; al descanso, 0-1', unspoiled: 'River Plate contra Flamengo, resultado oculto' });
    const aet = base({ fixture: { id: 9, date: '2026-11-20T00:30:00+00:00', status: { short: 'AET', long: 'Match Finished After Extra Time', elapsed: 120 } }, goals: { home: 2, away: 1 } });
    expect(board(aet)).toContain('tras prórroga');
    expect(board(base({}))).not.toContain('(pen.)');
  });

  it('gives the second leg the aggregate and the team through', () => {
    const second = base({});
    const first = base({
      fixture: { id: 8, date: '2026-11-13T00:30:00+00:00', status: { short: 'FT', long: 'Match Finished', elapsed: 90 } },
      teams: { home: { id: 127, name: 'Flamengo', winner: true }, away: { id: 435, name: 'River Plate', winner: false } },
      goals: { home: 2, away: 1 },
    });
    const tie = buildTie([second, first]);
    expect(tieLine(tie, first)).toEqual({ leg: 1, text: 'Partido de ida' });
    // 1-0 tonight after 1-2 away: 2-2 on aggregate; River won the shoot-out.
    const decided = { ...second, status: { ...second.status, short: 'PEN' }, score: { ...second.score, penalty: { home: 4, away: 2 } } } as Match;
    expect(tieLine(buildTie([first, decided]), decided)).toEqual({ leg: 2, text: 'Global 2-2 · Pasa River Plate por penales' });
    const won = { ...second, goals: { home: 3, away: 0 } } as Match;
    expect(tieLine(buildTie([first, won]), won)?.text).toBe('Global 4-2 · Pasa River Plate');
    const upcoming = { ...second, kind: 'Fixture', goals: { home: null, away: null }, status: { ...second.status, short: 'NS' } } as Match;
    expect(tieLine(buildTie([first, upcoming]), upcoming)?.text).toBe('Partido de vuelta · Ida: Flamengo 2-1 River Plate');
  });
});

describe('machine-written news', () => {
  const article: Article = {
    id: 'a1', title: 'River vence a Flamengo', slug: 'river-vence-a-flamengo', summary: 'Crónica', imageUrl: null, imageUrls: [], keywords: [],
    category: 'cronica', createdAt: '2026-11-20T03:00:00.000Z', views: 0, contentHtml: '<p>…</p>',
  };

  it('says what it was written from', () => {
    expect(machineWrittenNotice('cronica')).toBe('Texto generado automáticamente con los datos del partido.');
    expect(machineWrittenNotice('previa')).toBe('Texto generado automáticamente con los datos del partido.');
    expect(machineWrittenNotice('fichajes')).toBe('Texto generado automáticamente con los datos del fichaje.');
  });

  it('names an automatic writer, an Organization, as the author in the JSON-LD', () => {
    const ld = newsArticleJsonLd(article, '/og.png', 'https://marcador.ec') as Record<string, any>;
    expect(ld.author).toEqual({ '@type': 'Organization', name: 'Marcador (texto automático)', url: 'https://marcador.ec' });
    expect(ld.creditText).toBe('Texto generado automáticamente con los datos del partido.');
  });
});

describe('the scorers box ranks as the full table does', () => {
  const entry = (id: number, goals: number, assists: number) => ({
    player: { id, name: `Jugador ${id}` },
    statistics: [{ team: { id: 1, name: 'Club' }, league: { id: 13 }, games: { appearences: 8 }, goals: { total: goals, assists } }],
  });
  const ranked = (list: ReturnType<typeof entry>[]) => {
    const result = parseTopScorers({ response: list });
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };

  it('shows the assists of players level on goals but ranked apart (1, 1, 3), and not when they share a rank', () => {
    const three = ranked([entry(1, 5, 2), entry(2, 5, 2), entry(3, 5, 1), entry(4, 4, 0)]);
    expect(three.map((s) => s.rank)).toEqual([1, 1, 3, 4]);
    expect(three.map((s) => assistsBreakTie(three, s))).toEqual([true, true, true, false]);
    const shared = ranked([entry(1, 6, 1), entry(2, 5, 1), entry(3, 5, 1), entry(4, 4, 1)]);
    expect(shared.map((s) => s.rank)).toEqual([1, 2, 2, 4]);
    expect(shared.some((s) => assistsBreakTie(shared, s))).toBe(false);
  });
});
