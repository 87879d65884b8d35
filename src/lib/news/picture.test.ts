import { describe, expect, it } from 'vitest';
import type { Match } from '../match/types.ts';
import { hasOwnImage } from './picture-paths.ts';
import { articleCompetition, findArticleMatch, pictureElement, pictureSubject } from './picture.ts';
import { relatedArticles } from './related.ts';
import type { Article } from './types.ts';

const HOUR = 3_600_000;
const kickoff = Date.parse('2026-11-21T20:00:00-05:00');

function match(id: number, home: string, away: string, at: number, short = 'FT', goals: [number | null, number | null] = [2, 1]): Match {
  const team = (name: string, n: number) => ({ id: n, name, logo: `/media/teams/${n}.png`, winner: null });
  return {
    kind: short === 'FT' ? 'Result' : 'Fixture', id, date: new Date(at).toISOString(), timestamp: at / 1000, referee: '', timezone: 'UTC',
    venue: { id: null, name: '', city: '' }, periods: { first: null, second: null }, status: { short, long: '', elapsed: null, extra: null },
    league: { id: 242, name: 'Liga Pro', country: 'Ecuador', logo: '', flag: '', season: 2026, round: 'Regular Season - 7' },
    home: team(home, id * 10), away: team(away, id * 10 + 1), goals: { home: goals[0], away: goals[1] },
    score: { halftime: { home: null, away: null }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
  } as Match;
}

function article(overrides: Partial<Article>): Article {
  return { id: 'a', title: 't', slug: 's', summary: '', imageUrl: '/media/articles/a.png', imageUrls: [], keywords: [], category: 'cronica', createdAt: '', views: 0, contentHtml: '', ...overrides };
}

const fixtures = [
  match(1, 'Emelec', 'Barcelona SC', kickoff),
  // The same clubs a month earlier: never the report's match.
  match(2, 'Barcelona SC', 'Emelec', kickoff - 30 * 24 * HOUR),
  match(3, 'Aucas', 'Emelec', kickoff + 48 * HOUR, 'NS', [null, null]),
];

describe('the match of a report or preview', () => {
  it('is the fixture of both named clubs played shortly before the report', () => {
    const report = article({ keywords: ['Liga Pro', 'Emelec', 'Barcelona SC'], createdAt: new Date(kickoff + 3 * HOUR).toISOString() });
    expect(findArticleMatch(report, fixtures)?.id).toBe(1);
    expect(pictureSubject(report, fixtures)).toMatchObject({ kind: 'match', showScore: true });
  });

  it('is the next fixture of both clubs for a preview, drawn with its kick-off, not a score', () => {
    const preview = article({ category: 'previa', keywords: ['Liga Pro', 'Aucas', 'Emelec'], createdAt: new Date(kickoff + 20 * HOUR).toISOString() });
    expect(pictureSubject(preview, fixtures)).toMatchObject({ kind: 'match', showScore: false, match: { id: 3 } });
  });

  it('is not guessed: no fixture of those clubs near the date gives the competition picture', () => {
    const report = article({ keywords: ['Liga Pro', 'Emelec', 'Barcelona SC'], createdAt: new Date(kickoff + 10 * 24 * HOUR).toISOString() });
    expect(findArticleMatch(report, fixtures)).toBeNull();
    expect(pictureSubject(report, fixtures)).toEqual({ kind: 'competition', leagueId: 242 });
  });

  it('matches club names accent- and case-insensitively', () => {
    const list = [match(4, 'Delfín', 'Macará', kickoff)];
    const report = article({ keywords: ['delfin', 'MACARA'], createdAt: new Date(kickoff + 2 * HOUR).toISOString() });
    expect(findArticleMatch(report, list)?.id).toBe(4);
  });
});

describe('other pictures', () => {
  it('draws a transfer with the player and both clubs the body links to, in keyword order', () => {
    const transfer = article({
      category: 'fichajes',
      keywords: ['Fichajes', 'Kendry Páez', 'Chelsea', 'Independiente del Valle'],
      contentHtml: '<p><a href="/equipos/1">Independiente del Valle</a> vende a <a href="/jugadores/4242">Kendry Páez</a> a <a href="/equipos/49">Chelsea</a>.</p>',
    });
    expect(pictureSubject(transfer, fixtures)).toEqual({ kind: 'transfer', player: 'Kendry Páez', playerId: 4242, to: 'Chelsea', from: 'Independiente del Valle' });
  });

  it('draws a renewal (one club) as the player at his club, and a story naming no player as its competition', () => {
    const renewal = article({
      category: 'fichajes',
      keywords: ['Fichajes', 'Liga Pro', 'Aucas', 'Thiago Luna'],
      contentHtml: '<p><a href="/equipos/1">Aucas</a> renovó a <a href="/jugadores/7">Thiago Luna</a>.</p>',
    });
    expect(pictureSubject(renewal, fixtures)).toEqual({ kind: 'transfer', player: 'Thiago Luna', playerId: 7, to: 'Aucas', from: null });
    expect(pictureSubject(article({ category: 'fichajes', keywords: ['Fichajes', 'Liga Pro'], contentHtml: '<p>Mercado abierto.</p>' }), fixtures)).toEqual({ kind: 'competition', leagueId: 242 });
  });

  it('knows the competition from keywords or the national-team category', () => {
    expect(articleCompetition({ keywords: ['Copa Libertadores'], category: 'copas' })).toBe(13);
    expect(articleCompetition({ keywords: ['Serie B', 'Liga Pro'], category: 'cronica' })).toBe(243);
    expect(articleCompetition({ keywords: ['Enner Valencia'], category: 'seleccion' })).toBe(34);
    expect(articleCompetition({ keywords: ['Enner Valencia'], category: 'opinion' })).toBeNull();
  });

  it('builds a tree with the score and both names for a played match', () => {
    const tree = JSON.stringify(pictureElement({ kind: 'match', match: fixtures[0], showScore: true }, { competition: 'Liga Pro Serie A', label: 'Crónica' }, { competitionLogo: null }, 480, 270));
    expect(tree).toContain('"2 - 1"');
    expect(tree).toContain('Emelec');
    expect(tree).toContain('Barcelona SC');
    expect(tree).toContain('Fecha 7');
  });

  it('keeps an article’s real image; the demo drawing and no image get a generated picture', () => {
    expect(hasOwnImage({ imageUrl: 'https://cdn.example/foto.jpg' })).toBe(true);
    expect(hasOwnImage({ imageUrl: '/media/articles/abc.png' })).toBe(false);
    expect(hasOwnImage({ imageUrl: null })).toBe(false);
  });
});

describe('related articles', () => {
  it('ranks by shared keywords, then category, and never returns the article itself or unrelated ones', () => {
    const base = article({ slug: 'a', keywords: ['Emelec', 'Liga Pro'], category: 'cronica' });
    const list = [
      base,
      article({ slug: 'b', keywords: ['emelec', 'Liga Pro'], category: 'previa', createdAt: '2026-11-01' }),
      article({ slug: 'c', keywords: ['Liga Pro'], category: 'cronica', createdAt: '2026-11-02' }),
      article({ slug: 'd', keywords: ['Aucas'], category: 'cronica' }),
    ];
    expect(relatedArticles(base, list).map((a) => a.slug)).toEqual(['b', 'c']);
  });
});
