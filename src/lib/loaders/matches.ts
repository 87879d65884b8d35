import type { RequestOptions } from '../http/client.ts';
import { buildTie, isKnockoutRound, type Tie } from '../competition/bracket.ts';
import type { Match, ResultMatch } from '../match/types.ts';
import type { StandingRow } from '../competition/types.ts';
import { loadAllFixtures, loadTournamentsRequired } from './competitions.ts';
import { absencesByFixture, parseAbsence, type Absence } from '../match/absences.ts';
import { mergeHeadToHead, pairKey, parseEarlierMeetings, type EarlierMeetings } from '../match/head-to-head.ts';
import { getParsed } from '../match/api.ts';
import { parseListResponse } from '../http/read.ts';
import { loadCompetitionView } from './competition-pages.ts';
import { memo, optional } from './memo.ts';
import { loadMatchesByTeam } from './teams.ts';

/** Build-time reads of the match pages: every fixture by id, and each match's context (head-to-head, form). */

export function loadMatchIndex(options?: RequestOptions): Promise<Map<number, Match>> {
  return memo('fixtures:by-id', async () => new Map((await loadAllFixtures(options)).map((m) => [m.id, m])));
}

export interface MatchContext {
  /**
   * Earlier meetings of the two clubs (either side at home), newest first: this season's and, where the
   * provider was asked, those of earlier seasons and other competitions.
   */
  headToHead: ResultMatch[];
  /** Which of `headToHead` are from outside the API's seasons: no page of their own, their competition said. */
  earlierIds: ReadonlySet<number>;
  /** Whether the provider was asked for the clubs' earlier meetings: an empty `headToHead` then means none at all. */
  earlierAsked: boolean;
  /** Each club's last finished matches before this one, newest first. */
  homeForm: ResultMatch[];
  awayForm: ResultMatch[];
  /** A two-legged knockout tie this match is a leg of (both legs, in kickoff order); null otherwise. */
  tie: Tie | null;
}

const isResult = (m: Match): m is ResultMatch => m.kind === 'Result';

/**
 * Head-to-head and both clubs' recent form, from the season's fixtures already loaded and the clubs'
 * meetings of earlier seasons (`earlier`, by pair key) where the provider was asked for them.
 */
export function matchContext(match: Match, byTeam: ReadonlyMap<number, readonly Match[]>, limit = 5, earlier: ReadonlyMap<string, EarlierMeetings> = new Map()): MatchContext {
  const before = (m: Match) => m.id !== match.id && isResult(m) && (m.timestamp < match.timestamp || match.kind !== 'Result');
  const newest = (list: readonly Match[]) => list.filter(before).filter(isResult).sort((a, b) => b.timestamp - a.timestamp);
  const home = byTeam.get(match.home.id) ?? [];
  const awayId = match.away.id;
  const legs = isKnockoutRound(match.league.round)
    ? home.filter(
        (m) => m.league.id === match.league.id && m.league.season === match.league.season && m.league.round === match.league.round && (m.home.id === awayId || m.away.id === awayId),
      )
    : [];
  if (!legs.some((m) => m.id === match.id)) legs.push(match);
  const past = earlier.get(pairKey(match.home.id, awayId));
  const headToHead = mergeHeadToHead(newest(home.filter((m) => m.home.id === awayId || m.away.id === awayId)), newest(past?.meetings ?? []), limit);
  const seasonIds = new Set(home.map((m) => m.id));
  return {
    tie: legs.length === 2 ? buildTie(legs) : null,
    headToHead,
    earlierIds: new Set(headToHead.filter((m) => !seasonIds.has(m.id)).map((m) => m.id)),
    earlierAsked: past !== undefined,
    homeForm: newest(home).slice(0, limit),
    awayForm: newest(byTeam.get(awayId) ?? []).slice(0, limit),
  };
}

/** Memoised per match: its page's key (getStaticPaths) and the page itself read the same one. */
export function loadMatchContext(match: Match, options?: RequestOptions): Promise<MatchContext> {
  return memo(`match:context:${match.id}`, async () => {
    const [byTeam, earlier] = await Promise.all([loadMatchesByTeam(options), loadEarlierMeetings(options)]);
    return matchContext(match, byTeam, 5, earlier);
  });
}

/**
 * The clubs' meetings of earlier seasons the ingest stored, by pair: one bulk request per competition
 * (contract/bulk.ts), not one per match page. A failed read leaves the section with this season's
 * meetings only, titled as such.
 */
export function loadEarlierMeetings(options?: RequestOptions): Promise<Map<string, EarlierMeetings>> {
  return memo('headtohead:earlier', async () => {
    const lists = await Promise.all(
      (await loadTournamentsRequired(options)).map((t) =>
        optional(`earlier meetings of league ${t.id}`, getParsed('/api/football/fixtures/headtohead', { league: t.id, season: t.season }, parseEarlierMeetings, options)),
      ),
    );
    return new Map(lists.flatMap((list) => list ?? []));
  });
}

export interface TablePlaces {
  group: string;
  home: StandingRow;
  away: StandingRow;
}

/**
 * Where both clubs stand before the match (issue 35): their rows in the competition's latest table
 * holding both (a final phase's group after the first stage), as every page of the build shows it.
 */
export async function loadTablePlaces(match: Match): Promise<TablePlaces | null> {
  const groups = (await loadCompetitionView(match.league.id))?.standings?.groups ?? [];
  for (const group of [...groups].reverse()) {
    const home = group.rows.find((r) => r.team.id === match.home.id);
    const away = group.rows.find((r) => r.team.id === match.away.id);
    if (home && away) return { group: group.name, home, away };
  }
  return null;
}

/**
 * Who misses each coming match, as the API has it from the provider's /injuries (one request a
 * competition). A failed read leaves the pages without the block, not the build without pages.
 */
export function loadAbsences(options?: RequestOptions): Promise<Map<number, Absence[]>> {
  return memo('injuries:by-fixture', async () => {
    const lists = await Promise.all(
      (await loadTournamentsRequired(options)).map((t) =>
        optional(`injuries of ${t.id}`, getParsed('/api/football/injuries', { league: t.id, season: t.season }, (body) => parseListResponse(body, parseAbsence), options)),
      ),
    );
    return absencesByFixture(lists.flatMap((list) => list ?? []));
  });
}
