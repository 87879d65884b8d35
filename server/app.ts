import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Db } from './store/db.ts';
import { createReader, type FixtureFilter, type FixtureView, type Reader } from './store/read/index.ts';
import { recordPageView, subscribe, topPages } from './store/audience.ts';
import { ALL_STATUSES, isUpcomingStatus as isUpcoming } from '../contract/status.ts';
import type { ApiFixtureFull } from './store/provider-types.ts';
import { envelope, errorEnvelope, HttpError } from './http/envelope.ts';
import { makeBody, respond, ResponseCache, type CacheKind } from './http/cache.ts';
import {
  booleanParam, ID_MESSAGES, idList, optionalCount, optionalDay, optionalEnum, optionalId, optionalSeason, optionalText, requiredId,
} from './http/validate.ts';
import { localDay, localDayBounds, TIME_ZONE } from './clock.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { BULK_CONTENT_PARAM, BULK_DETAILS_PARAM, BULK_PER_PAGE_PARAM, QUERY_LIMITS } from '../contract/index.ts';

export interface AppOptions {
  db: Db;
  now: () => Date;
  viewFixture?: FixtureView;
  /** The demo's generated images: PNG bytes for `/media/{kind}/{id}.png`, or null when unknown. */
  renderMedia?: (kind: string, id: string) => Uint8Array | null;
  cache?: ResponseCache;
  /** Behind a CDN or proxy: take the reader's address from X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy?: boolean;
  log?: (message: string) => void;
}

type Query = Record<string, string>;
type Handler = (query: Query, c: Context) => { body: unknown; kind: CacheKind; status?: number };

const NEWSLETTER_OK = '¡Gracias! Te suscribiste al boletín de Marcador.';
const NEWSLETTER_EXISTS = 'Este correo ya estaba suscrito. ¡Gracias por seguirnos!';
const NEWSLETTER_INVALID = 'Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.';
const NEWSLETTER_LIMIT = 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.';
// Pragmatic address check: one @, a dotted domain, no spaces; the mailbox itself is the real test.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The data API. `server/main.ts` adds the static site around it. */
export function createApp(options: AppOptions) {
  const { db, now } = options;
  const log = options.log ?? ((m: string) => console.error(m));
  const cache = options.cache ?? new ResponseCache();
  const reader: Reader = createReader(db, { now, viewFixture: options.viewFixture });
  const newsletterLimiter = createRateLimiter({ max: 5, windowMs: 10 * 60_000 });
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ ...errorEnvelope(c.req.path.split('/').pop() ?? '', c.req.query(), error.field, error.message) }, error.status);
    }
    log(`[api] ${c.req.method} ${c.req.url} failed: ${(error as Error).stack ?? error}`);
    return c.json({ message: 'Internal server error' }, 500);
  });

  /** Registers a cached GET: one computation per URL per max-age, then served from memory. */
  const cachedGet = (path: string, handler: Handler) => {
    app.get(path, (c) => {
      // The raw path and query is the key: parsing and sorting it would cost more than an occasional duplicate entry.
      const url = c.req.url;
      const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
      const hit = cache.get(key);
      if (hit) return respond(hit, c.req.raw);
      const { body, kind, status = 200 } = handler(c.req.query(), c);
      const entry = makeBody(status, body, kind);
      if (status === 200) cache.set(key, entry);
      return respond(entry, c.req.raw);
    });
  };

  /** A football endpoint answering in the provider's envelope. */
  const football = (
    path: string,
    handler: (q: Query, c: Context) => { response: unknown; kind: CacheKind; paging?: { current: number; total: number } },
  ) => {
    const name = path.replace(/^\//, '').replace(/\/:\w+/g, '');
    cachedGet(`/api/football${path}`, (q, c) => {
      const { response, kind, paging } = handler(q, c);
      return { body: envelope(name, q, response, paging), kind };
    });
  };

  const leagueParam = (q: Query, required: boolean) => {
    const id = required ? requiredId(q.league, 'league', ID_MESSAGES.league) : optionalId(q.league, 'league', ID_MESSAGES.league);
    if (id !== undefined && !reader.competitionExists(id)) throw new HttpError(404, `Tournament with ID ${id} not found`, 'league');
    return id;
  };
  const teamParam = (value: string | undefined, field = 'team') => {
    const id = optionalId(value, field, ID_MESSAGES.team);
    if (id !== undefined && !reader.teamExists(id)) throw new HttpError(404, `Team with ID ${id} not found`, field);
    return id;
  };
  const seasonFor = (league: number | undefined, season: number | undefined) =>
    season ?? (league !== undefined ? reader.currentSeason(league) : undefined);
  const searchParam = (value: string | undefined) => {
    const text = optionalText(value, 100);
    if (value !== undefined && (!text || [...text].length < 3)) {
      throw new HttpError(400, 'The search field must be at least 3 characters long', 'search');
    }
    return text;
  };
  /** Live data is cached for 15 s: a list with a match in play or about to start changes minute by minute. */
  const fixturesKind = (list: ApiFixtureFull[]): CacheKind => {
    const soon = now().getTime() / 1000 + 15 * 60;
    return list.some((f) => reader.showsLive(f) || (isUpcoming(f.fixture.status.short) && f.fixture.timestamp <= soon))
      ? 'live'
      : 'tables';
  };

  /** The list filters `/fixtures` and `/fixtures/headtohead` share (the provider's parameters). */
  const fixtureListFilter = (q: Query): FixtureFilter => {
    const league = leagueParam(q, false);
    const season = seasonFor(league, optionalSeason(q.season));
    const status = q.status === undefined ? undefined : q.status.split('-').map((s) => optionalEnum(s.toUpperCase(), 'status', ALL_STATUSES)!);
    let live: 'all' | number[] | undefined;
    if (q.live !== undefined) live = q.live === 'all' || q.live === '' ? 'all' : idList(q.live, 'live', ID_MESSAGES.league);
    const day = q.date === 'today' ? localDay(now()) : optionalDay(q.date, 'date');
    const from = optionalDay(q.from, 'from');
    const to = optionalDay(q.to, 'to');
    if ((from && !to) || (!from && to)) throw new HttpError(400, 'The from and to parameters go together', from ? 'to' : 'from');
    if (from && to && from > to) throw new HttpError(400, 'The from date must not be after the to date', 'from');
    const bounds = day ? localDayBounds(day) : undefined;
    return {
      league,
      season,
      round: optionalText(q.round, 80),
      fromTs: bounds?.[0] ?? (from ? localDayBounds(from)[0] : undefined),
      toTs: bounds?.[1] ?? (to ? localDayBounds(to)[1] : undefined),
      status,
      live,
      next: optionalCount(q.next, 'next', QUERY_LIMITS.nextLastMax),
      last: optionalCount(q.last, 'last', QUERY_LIMITS.nextLastMax),
    };
  };

  // ---- football -------------------------------------------------------------------------------

  football('/leagues', (q) => ({
    response: reader.leagues({
      id: optionalId(q.id, 'id', ID_MESSAGES.league),
      country: optionalText(q.country, 60),
      season: optionalSeason(q.season),
      current: q.current === 'true',
    }),
    kind: 'reference',
  }));

  football('/tournaments', () => ({ response: reader.tournaments(), kind: 'tables' }));

  football('/standings', (q) => {
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: season === undefined ? [] : reader.standings(league, season), kind: 'tables' };
  });

  football('/positions', (q) => {
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    const groups = season === undefined ? [] : reader.standingGroups(league, season);
    return { response: groups.map((rows) => ({ group: rows[0]?.group ?? '', standings: rows })), kind: 'tables' };
  });

  football('/fixtures', (q) => {
    const id = optionalId(q.id, 'id', ID_MESSAGES.fixture);
    if (id !== undefined) {
      const list = reader.fixtures({ ids: [id], withDetails: true });
      if (list.length === 0) throw new HttpError(404, 'Match not found', 'id');
      return { response: list, kind: fixturesKind(list) };
    }
    if (q.ids !== undefined) {
      const list = reader.fixtures({ ids: idList(q.ids, 'ids', ID_MESSAGES.fixture), withDetails: true });
      return { response: list, kind: fixturesKind(list) };
    }
    const list = reader.fixtures({ ...fixtureListFilter(q), team: teamParam(q.team), withDetails: booleanParam(q, BULK_DETAILS_PARAM) });
    return { response: list, kind: fixturesKind(list) };
  });

  football('/matches', (q) => {
    const league = leagueParam(q, true)!;
    const season = seasonFor(league, optionalSeason(q.season));
    const list = reader.fixtures({ league, season, round: optionalText(q.round, 80) });
    return { response: list, kind: fixturesKind(list) };
  });

  // ---- the provider's own paths for one match's parts (a client written for API-Football works unchanged)

  /** The one fixture named by `fixture` (required), with its details; 404 when unknown. */
  const oneFixture = (q: Query) => {
    const id = requiredId(q.fixture, 'fixture', ID_MESSAGES.fixture);
    const found = reader.fixtures({ ids: [id], withDetails: true })[0];
    if (!found) throw new HttpError(404, 'Match not found', 'fixture');
    return found;
  };
  const kindOf = (f: ApiFixtureFull) => fixturesKind([f]);

  football('/fixtures/events', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const type = optionalText(q.type, 40)?.toLowerCase();
    const events = (f.events ?? []).filter(
      (e) => (team === undefined || e.team.id === team) && (player === undefined || e.player.id === player) && (type === undefined || e.type.toLowerCase() === type),
    );
    return { response: events, kind: kindOf(f) };
  });

  football('/fixtures/lineups', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const lineups = (f.lineups ?? []).filter(
      (l) => (team === undefined || l.team.id === team) && (player === undefined || [...l.startXI, ...l.substitutes].some((p) => p.player.id === player)),
    );
    return { response: lineups, kind: kindOf(f) };
  });

  football('/fixtures/statistics', (q) => {
    const f = oneFixture(q);
    const team = optionalId(q.team, 'team', ID_MESSAGES.team);
    const type = optionalText(q.type, 60)?.toLowerCase();
    const statistics = (f.statistics ?? [])
      .filter((s) => team === undefined || s.team.id === team)
      .map((s) => (type === undefined ? s : { ...s, statistics: s.statistics.filter((x) => x.type.toLowerCase() === type) }));
    return { response: statistics, kind: kindOf(f) };
  });

  football('/fixtures/headtohead', (q) => {
    if (q.h2h === undefined || q.h2h === '') throw new HttpError(400, 'Missing required parameter: h2h (two team ids, e.g. 1148-1156)', 'h2h');
    const pair = idList(q.h2h, 'h2h', ID_MESSAGES.team, 2);
    if (pair.length !== 2 || pair[0] === pair[1]) throw new HttpError(400, 'Invalid h2h: expected two different team ids joined by -', 'h2h');
    for (const id of pair) teamParam(String(id), 'h2h');
    const list = reader.fixtures({ ...fixtureListFilter(q), h2h: [pair[0], pair[1]] });
    return { response: list, kind: fixturesKind(list) };
  });

  football('/teams', (q) => {
    const id = optionalId(q.id, 'id', ID_MESSAGES.team);
    if (id !== undefined) {
      const list = reader.teams({ id });
      if (list.length === 0) throw new HttpError(404, `Team with ID ${id} not found`, 'id');
      return { response: list, kind: 'tables' };
    }
    const league = leagueParam(q, false);
    return {
      response: reader.teams({ league, season: optionalSeason(q.season), search: searchParam(q.search), country: optionalText(q.country, 60) }),
      kind: 'tables',
    };
  });

  football('/players', (q) => {
    const page = optionalCount(q.page, 'page', 1000) ?? 1;
    const perPage = optionalCount(q[BULK_PER_PAGE_PARAM], BULK_PER_PAGE_PARAM, QUERY_LIMITS.playersPerPageMax);
    const id = optionalId(q.id, 'id', ID_MESSAGES.player);
    const season = optionalSeason(q.season);
    if (id !== undefined) {
      if (!reader.playerExists(id)) throw new HttpError(404, 'Player not found', 'id');
      return { response: reader.players({ id, season, page }).items, kind: 'tables' };
    }
    const team = teamParam(q.team);
    const league = leagueParam(q, false);
    const search = searchParam(q.search);
    if (team === undefined && league === undefined && search === undefined) {
      throw new HttpError(400, 'At least one of id, team, league or search is required', 'players');
    }
    const { items, paging } = reader.players({ team, league, season, search, page, perPage });
    return { response: items, paging, kind: 'tables' };
  });

  // Provider /players/squads: one team's current squad, or (bulk, for the build) every team of a league.
  football('/players/squads', (q) => {
    const team = teamParam(q.team);
    if (team !== undefined) return { response: reader.squads({ team }), kind: 'tables' };
    const league = leagueParam(q, false);
    if (league === undefined) throw new HttpError(400, 'Missing required parameter: team or league', 'team');
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: season === undefined ? [] : reader.squads({ league, season }), kind: 'tables' };
  });

  football('/players/abroad', () => ({ response: reader.playersAbroad(), kind: 'tables' }));

  // `/players/topscorers` and `/players/topassists` are the provider's paths; the short ones came first.
  for (const [path, by] of [
    ['/topscorers', 'goals'], ['/topassists', 'assists'], ['/players/topscorers', 'goals'], ['/players/topassists', 'assists'],
  ] as const) {
    football(path, (q) => {
      const league = leagueParam(q, true)!;
      const season = seasonFor(league, optionalSeason(q.season));
      return { response: season === undefined ? [] : reader.leaders(league, season, by), kind: 'tables' };
    });
  }

  football('/transfers', (q) => {
    const player = optionalId(q.player, 'player', ID_MESSAGES.player);
    const team = teamParam(q.team);
    const league = leagueParam(q, false);
    if (player === undefined && team === undefined && league === undefined) {
      throw new HttpError(400, 'Missing required parameter: player, team or league', 'player');
    }
    const season = league === undefined ? undefined : seasonFor(league, optionalSeason(q.season));
    return { response: reader.transfers({ player, team, league, season }), kind: 'tables' };
  });

  const teamStatistics = (teamValue: string | undefined, leagueValue: string | undefined, seasonValue: string | undefined) => {
    const team = teamParam(teamValue);
    if (team === undefined) throw new HttpError(400, 'Missing required parameter: team', 'team');
    const league = optionalId(leagueValue, 'league', ID_MESSAGES.league) ?? reader.primaryLeague(team);
    if (league === undefined) throw new HttpError(404, `No statistics for team ${team}`, 'team');
    const season = seasonFor(league, optionalSeason(seasonValue));
    const stats = season === undefined ? undefined : reader.teamStatistics(team, league, season);
    if (!stats) throw new HttpError(404, `No statistics for team ${team} in league ${league}, season ${season ?? 'current'}`, 'team');
    return { response: stats, kind: 'tables' as const };
  };
  football('/team-statistics', (q) => teamStatistics(q.team, q.league, q.season));
  football('/statistics', (q) => teamStatistics(q.team, q.league, q.season));
  // Provider path: with `team` one object; without it (bulk, for the build) one per team of the league.
  football('/teams/statistics', (q) => {
    if (q.team !== undefined) return teamStatistics(q.team, q.league, q.season);
    const league = leagueParam(q, false);
    if (league === undefined) throw new HttpError(400, 'Missing required parameter: team or league', 'team');
    const season = seasonFor(league, optionalSeason(q.season));
    return { response: season === undefined ? [] : reader.leagueTeamStatistics(league, season), kind: 'tables' as const };
  });
  football('/teams/:id/statistics', (q, c) => teamStatistics(c.req.param('id'), q.leagueId ?? q.league, q.season));

  // ---- tournaments, news, search, time ----------------------------------------------------------

  cachedGet('/api/tournaments/:id', (_q, c) => {
    const id = requiredId(c.req.param('id'), 'id', ID_MESSAGES.league);
    const t = reader.tournament(id);
    if (!t) throw new HttpError(404, `Tournament with ID ${id} not found`, 'id');
    return { body: t, kind: fixturesKind(t.matches) };
  });

  cachedGet('/api/ai-articles', (q) => {
    const search = q.search === undefined ? undefined : optionalText(q.search, 2000) ?? '';
    const keywords = q.keywords?.split(',').map((k) => k.trim()).filter(Boolean).slice(0, 20);
    if (q.scheduledBefore !== undefined && Number.isNaN(Date.parse(q.scheduledBefore))) {
      throw new HttpError(400, 'Invalid scheduledBefore: expected an ISO date', 'scheduledBefore');
    }
    const body = reader.articles({
      search,
      keywords,
      sortByKeywords: q.sortByKeywords === 'true',
      category: optionalText(q.category, 40),
      page: optionalCount(q.page, 'page', 10_000) ?? 1,
      limit: optionalCount(q.limit, 'limit', QUERY_LIMITS.articlesPerPageMax) ?? 10,
      sort: optionalEnum(q.sort, 'sort', ['createdAt', 'views'] as const) ?? 'createdAt',
      order: optionalEnum(q.order, 'order', ['asc', 'desc'] as const) ?? 'desc',
      scheduledBefore: q.scheduledBefore ? new Date(q.scheduledBefore).toISOString() : undefined,
      targetWebsite: optionalText(q.targetWebsite, 100),
      content: booleanParam(q, BULK_CONTENT_PARAM),
    });
    return { body, kind: 'news' };
  });

  cachedGet('/api/ai-articles/slug/:slug', (q, c) => {
    const slug = c.req.param('slug') ?? '';
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw new HttpError(400, 'Invalid article slug format', 'slug');
    const article = reader.articleBySlug(slug, {
      scheduledBefore: q.scheduledBefore && !Number.isNaN(Date.parse(q.scheduledBefore)) ? new Date(q.scheduledBefore).toISOString() : undefined,
      targetWebsite: optionalText(q.targetWebsite, 100),
    });
    if (!article) throw new HttpError(404, 'Article not found', 'slug');
    return { body: { data: article }, kind: 'news' };
  });

  cachedGet('/api/search', (q) => {
    const text = optionalText(q.q, 200);
    if (!text) throw new HttpError(400, 'Missing search text: q', 'q');
    return { body: reader.search(text), kind: 'news' };
  });

  app.get('/api/time', (c) => {
    const at = now();
    c.header('cache-control', 'no-store');
    return c.json({ now: at.toISOString(), today: localDay(at), timeZone: TIME_ZONE });
  });

  app.get('/api/pageviews/top', (c) => {
    const limit = optionalCount(c.req.query('limit'), 'limit', 50) ?? 10;
    const since = localDay(new Date(now().getTime() - 7 * 86_400_000));
    c.header('cache-control', 'public, max-age=300');
    return c.json({ data: topPages(db, since, limit) });
  });

  // ---- readers' writes ------------------------------------------------------------------------

  const smallBody = bodyLimit({
    maxSize: 8 * 1024,
    onError: (c) => c.json({ message: 'Request body too large (max 8 KB)' }, 413),
  });

  app.post('/api/pageviews', smallBody, async (c) => {
    const body = await readBody(c);
    const path = typeof body.path === 'string' ? body.path : '';
    if (!/^\/[^\s?#]{0,300}$/.test(path)) throw new HttpError(400, 'Invalid path: expected an absolute path without query', 'path');
    recordPageView(db, path, localDay(now()));
    return c.body(null, 204);
  });

  app.post('/api/newsletter', smallBody, async (c) => {
    const isForm = !(c.req.header('content-type') ?? '').includes('application/json');
    const body = await readBody(c);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const back = (outcome: string) => {
      // Without JavaScript the form posts here; send the reader back to the page they were on.
      const referer = c.req.header('referer');
      let target = '/';
      try {
        const ref = referer ? new URL(referer) : null;
        if (ref && ref.host === new URL(c.req.url).host) target = ref.pathname;
      } catch {
        target = '/';
      }
      // The fragment lets a prebuilt page show the matching message with CSS :target, no script needed.
      return c.redirect(`${target}?newsletter=${outcome}#newsletter-${outcome}`, 303);
    };
    // Rate limits run on the real clock: a frozen MARCADOR_NOW must not freeze their windows.
    if (!newsletterLimiter.allow(clientKey(c, options.trustProxy ?? process.env.TRUST_PROXY === '1'), Date.now())) {
      return isForm ? back('limit') : c.json({ message: NEWSLETTER_LIMIT }, 429);
    }
    if (email.length > 254 || !EMAIL.test(email)) {
      return isForm ? back('invalid') : c.json({ message: NEWSLETTER_INVALID }, 400);
    }
    const outcome = subscribe(db, email, typeof body.source === 'string' ? body.source.slice(0, 100) : '', now());
    if (isForm) return back(outcome === 'created' ? 'ok' : 'exists');
    return outcome === 'created' ? c.json({ message: NEWSLETTER_OK }, 201) : c.json({ message: NEWSLETTER_EXISTS }, 200);
  });

  // ---- media and fallbacks --------------------------------------------------------------------

  // Strong ETags of the rendered images; the renderer caches its buffers, so this follows them.
  const mediaTags = new WeakMap<Uint8Array, string>();
  app.get('/media/:kind/:file', (c) => {
    const match = /^([A-Za-z0-9_-]{1,40})\.png$/.exec(c.req.param('file') ?? '');
    const png = match && options.renderMedia ? options.renderMedia(c.req.param('kind') ?? '', match[1]) : null;
    if (!png) return c.json({ message: 'Image not found' }, 404);
    let etag = mediaTags.get(png);
    if (!etag) {
      etag = `"${createHash('sha1').update(png).digest('base64url')}"`;
      mediaTags.set(png, etag);
    }
    const headers = { 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800', etag };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.byteLength), 200, { 'content-type': 'image/png', ...headers });
  });

  app.all('/api/*', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: `Method ${c.req.method} not allowed on ${c.req.path}` }, 405);
    return c.json({ message: `Not found: ${c.req.path}` }, 404);
  });

  return { app, cache, reader };
}

/**
 * Who is asking, for rate limits only (never stored). X-Forwarded-For can be forged by anyone, so it
 * is read only when the operator says a proxy sets it.
 */
function clientKey(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'local';
  }
}

/** Reads a JSON or form body; a malformed one is a 400, never a crash. */
async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const value: unknown = await c.req.json();
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return (await c.req.parseBody()) as Record<string, unknown>;
    }
    if (type.includes('text/plain') || type === '') {
      // navigator.sendBeacon sends text/plain; accept a JSON string there.
      const text = await c.req.text();
      const value: unknown = text ? JSON.parse(text) : {};
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
  } catch {
    throw new HttpError(400, 'Malformed request body: expected a JSON object', 'body');
  }
  throw new HttpError(415, `Unsupported content type: ${type}`, 'body');
}
