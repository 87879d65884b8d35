import type { RequestOptions } from '../http/client.ts';
import { buildTie, isKnockoutRound, type Tie } from '../competition/bracket.ts';
import type { Match, ResultMatch } from '../match/types.ts';
import type { StandingRow } from '../competition/types.ts';
import { loadAllFixtures, loadTournamentsRequired } from './competitions.ts';
import { absencesByFixture, parseAbsence, type Absence } from '../match/absences.ts';
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
  /** Earlier meetings of the two clubs (either side at home), newest first. */
  headToHead: ResultMatch[];
  /** Each club's last finished matches before this one, newest first. */
  homeForm: ResultMatch[];
  awayForm: ResultMatch[];
  /** A two-legged knockout tie this match is a leg of (both legs, in kickoff order); null otherwise. */
  tie: Tie | null;
}

const isResult = (m: Match): m is ResultMatch => m.kind === 'Result';

/** Head-to-head and both clubs' recent form, from the season's fixtures already loaded. */
export function matchContext(match: Match, byTeam: ReadonlyMap<number, readonly Match[]>, limit = 5): MatchContext {
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
  return {
    tie: legs.length === 2 ? buildTie(legs) : null,
    headToHead: newest(home.filter((m) => m.home.id === awayId || m.away.id === awayId)).slice(0, limit),
    homeForm: newest(home).slice(0, limit),
    awayForm: newest(byTeam.get(awayId) ?? []).slice(0, limit),
  };
}

export async function loadMatchContext(match: Match, options?: RequestOptions): Promise<MatchContext> {
  return matchContext(match, await loadMatchesByTeam(options));
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
