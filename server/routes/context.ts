import type { Context, Hono } from 'hono';
import { isUpcomingStatus } from '../../contract/status.ts';
import { QUERY_LIMITS } from '../../contract/limits.ts';
import type { Db } from '../store/db.ts';
import type { GuardedStore } from '../store/guard.ts';
import type { Reader } from '../store/read/index.ts';
import type { ApiFixtureFull } from '../store/provider-types.ts';
import { envelope, HttpError } from '../http/envelope.ts';
import { makeBody, respond, type CacheKind, type ResponseCache } from '../http/cache.ts';
import { ID_MESSAGES, optionalId, optionalText, requiredId } from '../http/validate.ts';

export type Query = Record<string, string>;
/** `oneOff`: an answer seldom asked for twice (a search), compressed fast rather than small. */
type Handler = (query: Query, c: Context) => { body: unknown; kind: CacheKind; status?: number; oneOff?: boolean };
type FootballHandler = (q: Query, c: Context) => { response: unknown; kind: CacheKind; paging?: { current: number; total: number } };

/** What every route module gets: the app to register on, the store's reads, and the shared helpers. */
export interface Routes {
  app: Hono;
  /** The football/news store, and the same with its file watched (for writes). */
  db: Db;
  store: GuardedStore;
  /** The readers' store: subscriptions and page views. */
  readers: GuardedStore;
  reader: Reader;
  now: () => Date;
  /** Registers a cached GET: one computation per URL per max-age, then served from memory. */
  cachedGet: (path: string, handler: Handler) => void;
  /** Registers `/api/football{path}`, answering in the provider's envelope (`get` named after the path). */
  football: (path: string, handler: FootballHandler) => void;
  /** `league` as an existing competition id (404 when unknown). */
  leagueParam: (q: Query, required: boolean) => number | undefined;
  /** A team id parameter as an existing team (404 when unknown). */
  teamParam: (value: string | undefined, field?: string) => number | undefined;
  /** The season asked for, else the league's current one. */
  seasonFor: (league: number | undefined, season: number | undefined) => number | undefined;
  /** `search` of teams and players: at least QUERY_LIMITS.searchMinChars characters. */
  searchParam: (value: string | undefined) => string | undefined;
  /** Live data is cached for 15 s: a list with a match in play or about to start changes minute by minute. */
  fixturesKind: (list: ApiFixtureFull[]) => CacheKind;
}

export function createRoutes(
  app: Hono,
  { db, store, readers }: Pick<Routes, 'db' | 'store' | 'readers'>,
  reader: Reader,
  now: () => Date,
  cache: ResponseCache,
): Routes {
  const cachedGet: Routes['cachedGet'] = (path, handler) => {
    app.get(path, (c) => {
      // The raw path and query is the key: parsing and sorting it would cost more than an occasional duplicate entry.
      const url = c.req.url;
      const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
      const hit = cache.get(key);
      if (hit) return respond(hit, c.req.raw);
      const { body, kind, status = 200, oneOff = false } = handler(c.req.query(), c);
      const entry = makeBody(status, body, kind, Date.now(), oneOff ? 1 : 6);
      if (status === 200) cache.set(key, entry);
      return respond(entry, c.req.raw);
    });
  };
  return {
    app,
    db,
    store,
    readers,
    reader,
    now,
    cachedGet,
    football: (path, handler) => {
      const name = envelopeName(path);
      cachedGet(`/api/football${path}`, (q, c) => {
        const { response, kind, paging } = handler(q, c);
        return { body: envelope(name, q, response, paging), kind };
      });
    },
    leagueParam: (q, required) => {
      const id = required ? requiredId(q.league, 'league', ID_MESSAGES.league) : optionalId(q.league, 'league', ID_MESSAGES.league);
      if (id !== undefined && !reader.competitionExists(id)) throw new HttpError(404, `Tournament with ID ${id} not found`, 'league');
      return id;
    },
    teamParam: (value, field = 'team') => {
      const id = optionalId(value, field, ID_MESSAGES.team);
      if (id !== undefined && !reader.teamExists(id)) throw new HttpError(404, `Team with ID ${id} not found`, field);
      return id;
    },
    seasonFor: (league, season) => season ?? (league !== undefined ? reader.currentSeason(league) : undefined),
    searchParam: (value) => {
      const text = optionalText(value, 100);
      if (value !== undefined && (!text || [...text].length < QUERY_LIMITS.searchMinChars)) {
        throw new HttpError(400, `The search field must be at least ${QUERY_LIMITS.searchMinChars} characters long`, 'search');
      }
      return text;
    },
    fixturesKind: (list) => {
      const soon = now().getTime() / 1000 + 15 * 60;
      return list.some((f) => reader.showsLive(f) || (isUpcomingStatus(f.fixture.status.short) && f.fixture.timestamp <= soon))
        ? 'live'
        : 'tables';
    },
  };
}

/** The envelope's `get` for a football path, as the provider names it: `players/squads`, `teams/statistics`. */
export function envelopeName(path: string): string {
  return path.replace(/^\/(api\/football\/)?/, '').replace(/\/(:\w+|\d+)/g, '');
}
