import { describe, expect, it } from 'vitest';
import { articlesByMatch, matchArticle } from './match-articles.ts';
import type { Article } from './types.ts';

/** Articles as the build reads them, their bodies as the demo's writer (and an editor) link matches. */
const article = (slug: string, createdAt: string, contentHtml: string): Article => ({
  id: slug,
  slug,
  title: slug,
  summary: '',
  imageUrl: null,
  imageUrls: [],
  keywords: [],
  category: 'cronica',
  createdAt,
  views: 0,
  contentHtml,
});

const KICKOFF = Date.parse('2026-11-22T20:00:00-05:00');
const articles = [
  // As the demo's writer words a preview: the clubs' last meeting (a played match) first, its own match last.
  article(
    'previa',
    '2026-11-21T10:00:00-05:00',
    '<p>El antecedente más cercano: <a href="/partidos/3">Emelec 0-3 Barcelona SC</a>.</p><p>Todo listo. <a href="/partidos/7">Sigue el partido en vivo</a>.</p>',
  ),
  article('cronica', '2026-11-22T22:10:00-05:00', '<p>Emelec ganó.</p><p><a href="/partidos/7">Ver alineaciones, estadísticas y minuto a minuto</a></p>'),
  article('fichaje', '2026-11-22T23:00:00-05:00', '<p>Renueva hasta 2027.</p>'),
];

describe('the articles of a match', () => {
  it('are the articles whose body ends on it, newest first, never the earlier meeting a preview links; an article without a match link belongs to none', () => {
    const byMatch = articlesByMatch(articles);
    expect(byMatch.get(7)!.map((a) => a.slug)).toEqual(['cronica', 'previa']);
    expect(byMatch.has(3)).toBe(false);
    expect([...byMatch.values()].flat().some((a) => a.slug === 'fichaje')).toBe(false);
    expect(byMatch.get(7)![0]).not.toHaveProperty('contentHtml');
  });

  it('point to the report once one was written after kick-off, else to the preview', () => {
    const byMatch = articlesByMatch(articles);
    expect(matchArticle(byMatch.get(7), KICKOFF)).toMatchObject({ kind: 'Crónica', item: { slug: 'cronica' } });
    expect(matchArticle(byMatch.get(7)!.slice(1), KICKOFF)).toMatchObject({ kind: 'Previa', item: { slug: 'previa' } });
    expect(matchArticle(undefined, KICKOFF)).toBeNull();
  });
});
