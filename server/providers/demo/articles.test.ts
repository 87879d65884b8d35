import { describe, expect, it } from 'vitest';
import { generateDemoSeason } from './generate.ts';

const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
const season = generateDemoSeason({ seed: 2026, anchor: ANCHOR });
const articles = season.global.articles;
const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'a']);

const knownTeams = new Set(season.competitions.flatMap((c) => c.teams.map((t) => t.team.id)));
const knownPlayers = new Set(season.competitions.flatMap((c) => c.players.map((p) => p.player.id)));
const knownFixtures = new Set(season.competitions.flatMap((c) => c.fixtures.map((f) => f.fixture.id)));
for (const t of season.global.extraTeams) knownTeams.add(t.team.id);
for (const p of season.global.extraPlayers) knownPlayers.add(p.player.id);

describe('demo news', () => {
  it('has at least 150 articles of every kind', () => {
    expect(articles.length).toBeGreaterThanOrEqual(150);
    const categories = new Set(articles.map((a) => a.category));
    expect([...categories].sort()).toEqual(['copas', 'cronica', 'fichajes', 'previa', 'seleccion']);
  });

  it('dates every article before the anchor and schedules only a few for later', () => {
    const anchor = ANCHOR.getTime();
    for (const a of articles) {
      expect(Date.parse(a.createdAt)).toBeLessThan(anchor);
      expect(Date.parse(a.scheduledAt)).toBeGreaterThanOrEqual(Date.parse(a.createdAt));
    }
    const future = articles.filter((a) => Date.parse(a.scheduledAt) > anchor);
    expect(future.length).toBeGreaterThanOrEqual(3);
    expect(future.length).toBeLessThanOrEqual(5);
    expect(articles.filter((a) => a.scheduledAt === a.createdAt).length).toBe(articles.length - future.length);
  });

  it('gives every article a unique id, a unique slug and its image', () => {
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.id).toMatch(/^[0-9a-f]{24}$/);
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.imageUrls).toEqual([`/media/articles/${a.id}.png`]);
      expect(a.targetWebsite).toBe('marcador.ec');
      expect(a.keywords.length).toBeGreaterThan(0);
      expect(Number.isInteger(a.views) && a.views >= 0).toBe(true);
    }
  });

  it('writes one-sentence summaries of at most 200 characters', () => {
    for (const a of articles) {
      expect(a.summary.length).toBeLessThanOrEqual(200);
      expect(a.summary).toMatch(/[.…]$/);
      expect(a.title.length).toBeGreaterThan(10);
    }
  });

  it('uses only the allowed tags and internal links to things that exist', () => {
    for (const a of articles) {
      const tags = [...a.bodyHtml.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)];
      expect(tags.length).toBeGreaterThan(0);
      for (const [, tag, attributes] of tags) {
        expect(ALLOWED_TAGS.has(tag), `<${tag}> in ${a.slug}`).toBe(true);
        if (tag === 'a' && attributes) {
          const href = /^ href="([^"]+)"$/.exec(attributes)?.[1];
          expect(href, `${attributes} in ${a.slug}`).toMatch(/^\/(equipos|partidos|jugadores)\/\d+$/);
          const [, kind, id] = /^\/(\w+)\/(\d+)$/.exec(href!)!;
          const known = kind === 'equipos' ? knownTeams : kind === 'jugadores' ? knownPlayers : knownFixtures;
          expect(known.has(Number(id)), `${href} in ${a.slug}`).toBe(true);
        } else {
          expect(attributes, `attributes on <${tag}>`).toBe('');
        }
      }
      // Text never carries a raw '<', '>' or '&' outside an entity.
      const text = a.bodyHtml.replace(/<[^>]+>/g, '');
      expect(text).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|#39);)/);
      // Tags are balanced.
      for (const tag of ALLOWED_TAGS) {
        const open = (a.bodyHtml.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;
        const close = (a.bodyHtml.match(new RegExp(`</${tag}>`, 'g')) ?? []).length;
        expect(open, `<${tag}> balance in ${a.slug}`).toBe(close);
      }
    }
  });

  it('reports scores that agree with the fixtures they link to', () => {
    const fixtures = new Map(season.competitions.flatMap((c) => c.fixtures.map((f) => [f.fixture.id, f] as const)));
    const reports = articles.filter((a) => a.category === 'cronica');
    expect(reports.length).toBeGreaterThan(50);
    for (const a of reports) {
      const id = Number(/\/partidos\/(\d+)/.exec(a.bodyHtml)![1]);
      const f = fixtures.get(id)!;
      expect(a.summary).toContain(`${f.goals.home}-${f.goals.away}`);
      expect(a.keywords).toContain(f.teams.home.name);
      expect(Date.parse(a.createdAt)).toBeGreaterThan(f.fixture.timestamp * 1000 + 111 * 60_000);
    }
  });

  it('writes proper Spanish: accents, no English status words, no doubled spaces', () => {
    const all = articles.map((a) => `${a.title} ${a.summary} ${a.bodyHtml}`).join('\n');
    expect(all).toMatch(/á|é|í|ó|ú|ñ/);
    expect(all).not.toMatch(/ {2}|undefined|null|NaN|Regular Season|Group Stage|Round of 16/);
    const titles = new Set(articles.map((a) => a.title.split(' ').slice(1, 3).join(' ')));
    expect(titles.size).toBeGreaterThan(30);
  });
});
