import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultsHtml } from '../../markup/search.ts';
import { parseSearchResults } from '../../contract/search-results.ts';
import { ensureData } from '../providers/ensure-data.ts';
import { openDb, type Db } from './db.ts';
import { createReader, type Reader } from './read/index.ts';
import { bestTier, foldedWords, matchSides, nameTier } from './search-terms.ts';

/**
 * Search finds competitions and matches (issue 33): how the text is read (search-terms.ts), and what
 * the demo season at the e2e clock answers (server/store/read/search.ts), fixture by fixture.
 */

describe('matchSides: the clubs a match search names', () => {
  it('splits at "vs", "v" and a dash with a space beside it; a hyphen inside a name is no separator', () => {
    expect(matchSides('Emelec vs. Barcelona')).toEqual({ sides: [['Emelec'], ['Barcelona']], explicit: true });
    expect(matchSides('liga v aucas')).toEqual({ sides: [['liga'], ['aucas']], explicit: true });
    expect(matchSides('liga de quito - aucas')).toEqual({ sides: [['liga', 'de', 'quito'], ['aucas']], explicit: true });
    expect(matchSides('emelec –barcelona')).toEqual({ sides: [['emelec'], ['barcelona']], explicit: true });
    expect(matchSides('emelec vs')).toEqual({ sides: [['emelec']], explicit: true });
    expect(matchSides('- emelec')).toEqual({ sides: [['emelec']], explicit: true });
    expect(matchSides('Colo-Colo')).toEqual({ sides: [['Colo', 'Colo']], explicit: false });
    expect(matchSides('emelec barcelona')).toEqual({ sides: [['emelec', 'barcelona']], explicit: false });
  });

  it('names no match for nothing, a lone separator or three sides', () => {
    expect(matchSides('')).toBeNull();
    expect(matchSides(' vs ')).toBeNull();
    expect(matchSides('"*" - ')).toBeNull();
    expect(matchSides('a vs b vs c')).toBeNull();
  });
});

describe('nameTier: how well a competition name answers the text', () => {
  it('ranks the name itself, then a start of it, then its words in any order, accents and case aside', () => {
    const tier = (typed: string, name: string) => nameTier(foldedWords(typed), name);
    expect(tier('libertadores', 'Libertadores')).toBe(0);
    expect(tier('ÉLIMINATORIAS', 'Eliminatorias')).toBe(0);
    expect(tier('liga pro', 'Liga Pro Serie B')).toBe(1);
    expect(tier('copa lib', 'Copa Libertadores')).toBe(1);
    expect(tier('sudamericana', 'Eliminatorias Sudamericanas')).toBe(2);
    expect(tier('serie a', 'Liga Pro Serie B')).toBeNull();
    expect(tier('', 'Liga Pro')).toBeNull();
    expect(bestTier(foldedWords('sudamericana'), ['Copa Sudamericana', 'Sudamericana'])).toBe(0);
  });
});

describe('/api/search on the demo season (2026-11-22 20:30, Ecuador)', { timeout: 60_000 }, () => {
  const NOW = '2026-11-22T20:30:00-05:00';
  let db: Db;
  let reader: Reader;
  beforeAll(() => {
    db = openDb(':memory:');
    ensureData(db, { now: new Date(NOW), env: { MARCADOR_NOW: NOW }, log: () => {} });
    reader = createReader(db, { now: () => new Date(NOW) });
    // Generating the season takes a few seconds, more on a busy machine.
  }, 120_000);
  afterAll(() => db.close());

  type Answer = {
    now: string;
    totals: Record<'teams' | 'players' | 'news' | 'competitions' | 'matches', number>;
    competitions: Array<{ id: number }>;
    matches: Array<{ fixture: { id: number } }>;
  };
  const search = (q: string, page = 1, limit = 8) => JSON.parse(reader.searchJson(q, { page, limit })) as Answer;
  const matchIds = (q: string, page = 1) => search(q, page).matches.map((m) => m.fixture.id);
  const competitionIds = (q: string) => search(q).competitions.map((c) => c.id);

  // Emelec and Barcelona SC in the 2026 Liga Pro: the next Clásico del Astillero (30 Nov), then the
  // three played, newest first.
  const CLASICOS = [9420294, 9420266, 9420168, 9420048];

  it('"barcelona emelec" finds the clásicos of the season, the next one first, then the results newest first', () => {
    expect(matchIds('barcelona emelec')).toEqual(CLASICOS);
    for (const q of ['emelec barcelona', 'Emelec vs Barcelona', 'emelec - barcelona', 'EMÉLEC  barcelona', 'bombillo vs bsc']) {
      expect(matchIds(q), q).toEqual(CLASICOS);
    }
    expect(search('emelec barcelona').totals.matches).toBe(4);
  });

  it('"liga vs aucas": the names fans use (Liga is LDU de Quito), every match between them', () => {
    expect(matchIds('liga vs aucas')).toEqual([9420138, 9420018]);
  });

  it('one club and "vs": its next three matches, then its results newest first, all of them counted and paged', () => {
    const answer = search('emelec vs');
    expect(answer.totals.matches).toBe(40);
    expect(matchIds('emelec vs')).toEqual([9420294, 9420300, 9420307, 9420241, 9420286, 9420279, 9420272, 9420266]);
    const second = matchIds('emelec vs', 2);
    expect(second).toHaveLength(8);
    expect(second.some((id) => matchIds('emelec vs').includes(id))).toBe(false);
  });

  it('a club\'s own name is no match search', () => {
    for (const q of ['emelec', 'liga de quito', 'Colo-Colo', 'barcelona sc', 'liga']) expect(search(q).totals.matches, q).toBe(0);
  });

  it('finds competitions by the names readers see, the provider\'s, or their start', () => {
    expect(competitionIds('libertadores')).toEqual([13]);
    expect(competitionIds('copa libertadores')).toEqual([13]);
    expect(competitionIds('serie b')).toEqual([243]);
    expect(competitionIds('serie a')).toEqual([242]);
    expect(competitionIds('liga pro')).toEqual([242, 243]);
    expect(competitionIds('sudamericana')).toEqual([11, 34]);
    expect(competitionIds('eliminatorias')).toEqual([34]);
    expect(competitionIds('Eliminatorías')).toEqual([34]);
    expect(competitionIds('amistosos')).toEqual([10]);
    expect(competitionIds('emelec')).toEqual([]);
  });

  it('writes them as a fan reads them: Spanish names to their front pages, teams, score or kick-off in Ecuador time', () => {
    const html = searchResultsHtml(parseSearchResults(JSON.parse(reader.searchJson('emelec barcelona'))));
    // A row as it reads: its title (a played match's as said, the score blurred under Sin spoilers), then its line of detail.
    const rows = [...html.matchAll(/data-search-match="(\d+)"[^>]*>(.*?)<\/a>/g)].map(([, id, row]) => {
      const title = /data-said>([^<]*)</.exec(row!)?.[1] ?? /^<span[^>]*>([^<]*)</.exec(row!)![1];
      return `${id} ${title} | ${/<span class="block text-sm text-muted">([^<]*)</.exec(row!)![1]}`;
    });
    expect(rows).toEqual([
      '9420294 Barcelona SC vs. Emelec | Serie A · lun, 30 nov · 19:00',
      '9420266 Emelec 0-3 Barcelona SC | Serie A · Final · dom, 18 oct',
      '9420168 Barcelona SC 1-1 Emelec | Serie A · Final · vie, 10 jul',
      '9420048 Emelec 2-1 Barcelona SC | Serie A · Final · lun, 16 mar',
    ]);
    expect(html).toContain('Partidos <span class="font-normal text-muted">(4)</span>');
    expect(html.indexOf('data-search-section="matches"')).toBeLessThan(html.indexOf('data-search-section="teams"'));

    const cups = searchResultsHtml(parseSearchResults(JSON.parse(reader.searchJson('sudamericana'))));
    const links = [...cups.matchAll(/href="(\/(?:libertadores|sudamericana|eliminatorias|serie-[ab]|torneos\/\d+))"[^>]*>.*?font-semibold text-link">([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links).toEqual(['/sudamericana Copa Sudamericana', '/eliminatorias Eliminatorias Sudamericanas']);
    expect(cups).toContain('Temporada 2026');
  });
});
