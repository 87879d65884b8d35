import type { ApiFixtureCore } from './api-football.ts';

/**
 * Bulk reads for the build (ARCHITECTURE.md: a build's requests grow with the competitions, not with the
 * pages). Each is an extension of a provider-shaped endpoint, answered in the provider's envelope:
 *
 * - `GET /api/football/fixtures?league=L&season=S&details=true` — every fixture of the season, each
 *   with `events`, `lineups` and `statistics` as `/fixtures?id=` gives them.
 * - `GET /api/football/players?league=L&season=S&per_page=N` — N up to QUERY_LIMITS.playersPerPageMax;
 *   each player with every statistics entry of the season (all competitions).
 * - `GET /api/football/players/squads?league=L&season=S` — provider `/players/squads` shape
 *   (`[{team:{id,name,logo}, players:[{id,name,age,number,position,photo}]}]`) for every team of the
 *   league; `?team=T` gives one team, as the provider does.
 * - `GET /api/football/teams/statistics?league=L&season=S` (no `team`) — a list of provider
 *   `/teams/statistics` objects, one per team of the league; with `team=T` one object, as the provider.
 * - `GET /api/football/transfers?league=L&season=S` — provider `/transfers` entries of every player in
 *   the league's squads that season.
 * - `GET /api/football/fixtures/headtohead?league=L&season=S` (no `h2h`) — one `HeadToHeadPairEntry`
 *   per pair of clubs that meets in the season and whose earlier meetings the ingest asked the provider
 *   for; with `h2h=A-B` the provider's list of fixtures between A and B.
 * - `GET /api/ai-articles?...&content=true` — list items carry `content` (sanitized HTML).
 */
export const BULK_DETAILS_PARAM = 'details';
export const BULK_PER_PAGE_PARAM = 'per_page';
export const BULK_CONTENT_PARAM = 'content';

/**
 * Two clubs' meetings outside the seasons the store tracks (earlier seasons, other competitions), as
 * the provider's `/fixtures/headtohead` gave them to the ingest: `teams` lower id first, `asked` the
 * UTC day it last asked (YYYY-MM-DD), `meetings` finished fixtures newest first, empty when there were none.
 */
export interface HeadToHeadPairEntry {
  teams: [number, number];
  asked: string;
  meetings: ApiFixtureCore[];
}
