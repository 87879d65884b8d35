import type { HeadToHeadPairEntry } from '../../../contract/bulk.ts';
import { asId, asList, asString, parseEach, readList, wire, type ParsedList } from '../http/read.ts';
import { withPhoneNames } from '../team/names.ts';
import { parseMatch } from './parse.ts';
import type { Match, ResultMatch } from './types.ts';

/**
 * Two clubs' meetings outside the seasons the API holds (earlier seasons, other competitions), as the
 * ingest asked the provider for them: a match page's "Enfrentamientos directos" reaches past this season.
 */
export interface EarlierMeetings {
  /** The UTC day the provider was last asked (YYYY-MM-DD): no meetings is then a fact, not a gap. */
  asked: string;
  /** Finished matches, newest first. */
  meetings: ResultMatch[];
}

/** Two clubs as one key, whichever is at home: "1148-1156". */
export const pairKey = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

const isResult = (m: Match): m is ResultMatch => m.kind === 'Result';

/**
 * The bulk answer of `/fixtures/headtohead?league=L&season=S` (contract/bulk.ts), by pair. An entry
 * without two club ids or its day is dropped; a meeting that does not parse, or is not finished, too.
 */
export function parseEarlierMeetings(body: unknown): ParsedList<[string, EarlierMeetings]> {
  const list = readList(body);
  if (!list.ok) return list;
  return parseEach(list.value, (raw) => {
    const entry = wire<HeadToHeadPairEntry>(raw);
    const [a, b] = asList(entry.teams).map(asId);
    const asked = asString(entry.asked);
    if (a == null || b == null || !/^\d{4}-\d{2}-\d{2}$/.test(asked)) return { ok: false, error: 'head-to-head entry without its clubs or day' };
    const parsed = parseEach(asList(entry.meetings), parseMatch);
    const meetings = (parsed.ok ? parsed.value : []).filter(isResult).map(withPhoneNames);
    return { ok: true, value: [pairKey(a, b), { asked, meetings: meetings.sort((x, y) => y.timestamp - x.timestamp || y.id - x.id) }] };
  });
}

/**
 * The stored season's meetings and the earlier ones in one list, newest first, each fixture once (the
 * season's reading when both have it), at most `limit`.
 */
export function mergeHeadToHead(season: readonly ResultMatch[], earlier: readonly ResultMatch[], limit: number): ResultMatch[] {
  const byId = new Map<number, ResultMatch>();
  for (const m of [...season, ...earlier]) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id).slice(0, limit);
}
