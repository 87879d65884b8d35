import { describe, expect, it, inject } from 'vitest';
import { get } from './http.ts';

describe('ai-articles', () => {
  it('lists news newest first with the default page and limit', async () => {
    const { status, body } = await get('/api/ai-articles');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ page: 1, limit: 10 });
    expect(body.meta.total).toBeGreaterThanOrEqual(140);
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.total / 10));
    const dates = body.data.map((a: any) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const a = body.data[0];
    expect(a).toMatchObject({ _id: expect.any(String), title: expect.any(String), slug: expect.any(String), summary: expect.any(String) });
    expect(a.imageUrls.length).toBeGreaterThan(0);
  });

  it('marks a match’s report, whatever section it is filed in, and never a preview of a match played since', async () => {
    const all = [];
    for (const page of [1, 2, 3, 4]) all.push(...(await get(`/api/ai-articles?limit=50&page=${page}&content=true`)).body.data);
    const kickoff = async (id: string) => (await get(`/api/football/fixtures?id=${id}`)).body.response[0].fixture.timestamp * 1000;
    const byKind = new Map<string, boolean[]>();
    for (const a of all) {
      // What the body says: a report ends on its match ("Ver alineaciones…") and was written after its kick-off.
      const last = [...a.content.matchAll(/href="\/partidos\/(\d+)"/g)].at(-1)?.[1];
      const report = last !== undefined && Date.parse(a.createdAt) >= (await kickoff(last));
      expect(a.matchReport, a.slug).toBe(report);
      byKind.set(a.category, [...(byKind.get(a.category) ?? []), a.matchReport]);
    }
    // Every league report, none of the previews (one links the clubs' last meeting, played, before its own match) or transfer notes.
    expect(byKind.get('cronica')!.every(Boolean)).toBe(true);
    expect(byKind.get('previa')!.some(Boolean)).toBe(false);
    expect(byKind.get('fichajes')!.some(Boolean)).toBe(false);
    // The cups' and the national team's sections hold reports and other news.
    for (const section of ['copas', 'seleccion']) expect(new Set(byKind.get(section)), section).toEqual(new Set([true, false]));
  });

  it('pages and sorts by views', async () => {
    const p2 = (await get('/api/ai-articles?page=2&limit=5')).body;
    expect(p2.meta).toMatchObject({ page: 2, limit: 5 });
    const top = (await get('/api/ai-articles?sort=views&order=desc&limit=6')).body.data;
    const views = top.map((a: any) => a.views);
    expect([...views].sort((x, y) => y - x)).toEqual(views);
  });

  it('never shows articles scheduled after now', async () => {
    const now = inject('testNow');
    const all = (await get('/api/ai-articles?limit=50&sort=createdAt&order=desc')).body;
    expect(all.data.length).toBeGreaterThan(0);
    for (const a of all.data) expect(Date.parse(a.scheduledAt)).toBeLessThanOrEqual(Date.parse(now));
    const far = (await get('/api/ai-articles?scheduledBefore=2099-01-01T00:00:00Z&limit=1')).body;
    expect(far.meta.total).toBe(all.meta.total);
    const early = (await get('/api/ai-articles?scheduledBefore=2000-01-01T00:00:00Z')).body;
    expect(early.meta.total).toBe(0);
  });

  it('searches accent-insensitively', async () => {
    const accented = (await get('/api/ai-articles?search=Técnico')).body;
    const plain = (await get('/api/ai-articles?search=tecnico')).body;
    expect(accented.meta.total).toBeGreaterThan(0);
    expect(plain.meta.total).toBe(accented.meta.total);
  });

  it('treats any search text as text, never as syntax', async () => {
    for (const q of ['"', '*', 'OR', 'a OR b', 'NEAR(x y)', '"unclosed', '⚽🔥', "'; DROP TABLE articles; --", 'x'.repeat(2000), '   ', '()', '-', '^']) {
      const { status, body } = await get(`/api/ai-articles?search=${encodeURIComponent(q)}`);
      expect(status, q.slice(0, 20)).toBe(200);
      expect(Array.isArray(body.data)).toBe(true);
    }
  });

  it('filters by keywords and sorts by how many match', async () => {
    const { body } = await get(`/api/ai-articles?keywords=${encodeURIComponent('Liga Pro,Emelec')}&sortByKeywords=true&limit=20`);
    expect(body.data.length).toBeGreaterThan(0);
    const hits = (a: any) => a.keywords.filter((k: string) => ['liga pro', 'emelec'].includes(k.toLowerCase())).length;
    const counts = body.data.map(hits);
    expect(counts.every((c: number) => c > 0)).toBe(true);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
  });

  it('filters by target website', async () => {
    const own = (await get('/api/ai-articles?targetWebsite=marcador.ec')).body;
    expect(own.meta.total).toBeGreaterThan(0);
    const other = (await get('/api/ai-articles?targetWebsite=otro.example')).body;
    expect(other.meta.total).toBe(0);
  });

  it('rejects bad paging and sort parameters', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=500', 'sort=title', 'order=up', 'scheduledBefore=yesterday']) {
      const { status, body } = await get(`/api/ai-articles?${q}`);
      expect(status, q).toBe(400);
      expect(body.message).toBeTruthy();
    }
  });

  it('returns one article by slug with its HTML body', async () => {
    const first = (await get('/api/ai-articles?limit=1')).body.data[0];
    const { status, body } = await get(`/api/ai-articles/slug/${first.slug}`);
    expect(status).toBe(200);
    expect(body.data.title).toBe(first.title);
    expect(body.data.content).toMatch(/<p>/);
    expect(body.data.content).not.toMatch(/<script|onerror=|javascript:/i);
    const missing = await get('/api/ai-articles/slug/no-existe-esta-noticia');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Article not found');
    expect((await get('/api/ai-articles/slug/%3Cscript%3E')).status).toBe(400);
  });
});

describe('search', () => {
  const search = async (q: string) => (await get(`/api/search?q=${encodeURIComponent(q)}`)).body;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

  it('finds news, teams and players', async () => {
    const { body } = await get('/api/search?q=emelec');
    expect(body.teams.map((t: any) => t.team.id)).toContain(1148);
    expect(body.news.length).toBeGreaterThan(0);
    expect((await get('/api/search?q=')).status).toBe(400);
  });

  it('puts the club whose name is the query first, and finds names by their beginning while typing', async () => {
    expect((await search('emelec')).teams[0].team.name).toBe('Emelec');
    expect((await search('emel')).teams.map((t: any) => t.team.id)).toContain(1148);
    const ldu = (await search('ldu')).teams.map((t: any) => t.team.name);
    expect(ldu.length).toBeGreaterThan(0);
    for (const name of ldu) expect(name).toMatch(/^LDU/);
  });

  it('is accent-insensitive both ways, in clubs, players and news', async () => {
    const plain = await search('eliminatorias');
    const accented = await search('Eliminatorías');
    expect(plain.news.length).toBeGreaterThan(0);
    expect(accented.news.map((a: any) => a._id)).toEqual(plain.news.map((a: any) => a._id));
    expect((await search('tecnico universitario')).teams.map((t: any) => t.team.id)).toContain(1151);
  });

  it('gives players in the provider shape, at most 8 of each kind', async () => {
    const body = await search('car');
    for (const key of ['news', 'teams', 'players']) expect(body[key].length).toBeLessThanOrEqual(8);
    const players = (await search('caicedo')).players;
    expect(players.length).toBeGreaterThan(0);
    for (const p of players) {
      expect(fold(`${p.player.name} ${p.player.firstname} ${p.player.lastname}`)).toContain('caicedo');
      expect(Array.isArray(p.statistics)).toBe(true);
      expect(p.statistics[0]?.team?.name).toBeTruthy();
    }
  });

  it('finds clubs by the names fans use: "liga de quito" is LDU de Quito, first among clubs', async () => {
    const body = await search('liga de quito');
    expect(body.teams[0].team.id).toBe(1158);
    expect(body.teams[0].team.name).toBe('LDU de Quito');
    // Accents and case aside, and a fan's name that only starts what was typed.
    expect((await search('LIGA DE QUITÓ')).teams[0].team.id).toBe(1158);
    expect((await search('idv')).teams[0].team.id).toBe(1153);
    expect((await search('catolica')).teams.map((t: any) => t.team.id)).toContain(1157);
    // "Liga de Portoviejo" is not "Liga de Quito".
    expect((await search('liga de portoviejo')).teams.map((t: any) => t.team.id)).toEqual([1988]);
  });

  /** Every item of a kind, paging through with the largest page. */
  async function everything(q: string, kind: 'news' | 'teams' | 'players' | 'competitions' | 'matches') {
    const items: any[] = [];
    for (let page = 1; ; page++) {
      const body = (await get(`/api/search?q=${encodeURIComponent(q)}&limit=50&page=${page}`)).body;
      if (body[kind].length === 0) return items;
      items.push(...body[kind]);
    }
  }
  const newsIds = (body: any) => body.news.map((a: any) => a._id);

  it('counts every match of each kind, not the page', async () => {
    const body = await search('liga');
    expect(body.news).toHaveLength(8);
    expect(body.totals.news).toBeGreaterThan(8);
    const kinds = ['news', 'teams', 'players', 'competitions', 'matches'] as const;
    for (const kind of kinds) expect(body.totals[kind], kind).toBe((await everything('liga', kind)).length);
    // "liga" also names the Liga Pro's two divisions, and no match (one word, one club).
    expect([body.totals.competitions, body.totals.matches]).toEqual([2, 0]);
    expect(body.total).toBe(kinds.reduce((sum, kind) => sum + body.totals[kind], 0));
    // The same totals on every page, past the last one too.
    const far = (await get('/api/search?q=liga&page=100')).body;
    expect(far).toMatchObject({ page: 100, limit: 8, totals: body.totals, news: [], teams: [], players: [], competitions: [], matches: [] });
  });

  it('gives the next items on page 2, none of page 1, in the order of one longer page', async () => {
    const first = (await get('/api/search?q=liga&page=1&limit=8')).body;
    const second = (await get('/api/search?q=liga&page=2&limit=8')).body;
    const both = (await get('/api/search?q=liga&limit=16')).body;
    expect(second.page).toBe(2);
    expect(newsIds(second)).toHaveLength(8);
    expect(newsIds(second).filter((id: string) => newsIds(first).includes(id))).toEqual([]);
    expect([...newsIds(first), ...newsIds(second)]).toEqual(newsIds(both));
    const all = await everything('liga', 'news');
    expect(new Set(all.map((a) => a._id)).size).toBe(all.length);
  });

  it('rejects a page or a limit out of range with a clear error', async () => {
    for (const [query, field] of [['page=0', 'page'], ['page=101', 'page'], ['page=x', 'page'], ['limit=0', 'limit'], ['limit=51', 'limit'], ['limit=2.5', 'limit']]) {
      const { status, body } = await get(`/api/search?q=liga&${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(new RegExp(`^Invalid ${field}`));
    }
  });

  it('orders news by relevance (title, then keywords or summary, then body), then the newest; never by views', async () => {
    const q = 'emelec';
    const words = fold(q).split(' ');
    const has = (text: string) => {
      const tokens = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
      return words.every((w) => tokens.some((t) => t.startsWith(w)));
    };
    const step = (a: any) => (has(a.title) ? 0 : has(`${a.keywords.join(' ')} ${a.summary}`) ? 1 : 2);
    const news = await everything(q, 'news');
    expect(news.length).toBeGreaterThan(10);
    for (let i = 1; i < news.length; i++) {
      const [a, b] = [news[i - 1], news[i]];
      expect(step(a), `${a.title} / ${b.title}`).toBeLessThanOrEqual(step(b));
      if (step(a) === step(b)) expect(a.createdAt >= b.createdAt, `${a.title} / ${b.title}`).toBe(true);
    }
    // A concrete pair: the oldest article that names Emelec in its title comes before a newer one that
    // only names it further down.
    const titled = news.findLast((a) => step(a) === 0)!;
    const newerUntitled = news.find((a) => step(a) > 0 && a.createdAt > titled.createdAt);
    expect(titled, 'an article with "emelec" in its title').toBeDefined();
    expect(newerUntitled, 'a newer article without it in the title').toBeDefined();
    expect(news.indexOf(titled)).toBeLessThan(news.indexOf(newerUntitled));
    // Not by views: the order differs from the most read first.
    const byViews = [...news].sort((a, b) => b.views - a.views);
    expect(news.map((a) => a._id)).not.toEqual(byViews.map((a) => a._id));
  });

  it('treats any text as text, never as FTS syntax', async () => {
    for (const q of ['"', '*', 'emelec*', 'OR', 'a OR b', 'NEAR(x y)', '"unclosed', '<script>alert(1)</script>', 'name:emelec', '^emelec', '-emelec', '⚽🔥', "'; DROP TABLE teams; --", 'x'.repeat(2000), '()']) {
      const { status, body } = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(status, q.slice(0, 20)).toBe(200);
      for (const key of ['news', 'teams', 'players']) expect(Array.isArray(body[key])).toBe(true);
    }
  });
});
