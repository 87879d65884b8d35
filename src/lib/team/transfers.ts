import { formatMoney } from '../format/numbers.ts';
import type { ApiTeamRef, ApiTransferEntry } from '../../../contract/api-football.ts';
import { asId, asList, asString, parseEach, readList, wire, type ParsedList } from '../http/read.ts';

/**
 * Spec §3 "transfer": player moves with the clubs in and out, and the helper that groups them by
 * club into `teamName`, `teamLogo`, `highs` (players arriving) and `lows` (players leaving).
 */

export interface TransferClub {
  id: number | null;
  name: string;
  logo: string;
}

export interface TransferMove {
  player: { id: number | null; name: string };
  /** YYYY-MM-DD */
  date: string;
  /** As the provider gives it: 'Free', 'Loan', '€ 2.5M', 'N/A' … */
  type: string;
  /** The club the player joined. */
  to: TransferClub | null;
  /** The club the player left. */
  from: TransferClub | null;
}

export interface TeamTransfers {
  teamId: number;
  teamName: string;
  teamLogo: string;
  /** Players arriving, newest first. */
  highs: TransferMove[];
  /** Players leaving, newest first. */
  lows: TransferMove[];
  /** Date of the club's newest move (YYYY-MM-DD). */
  latest: string;
}

function club(value: unknown): TransferClub | null {
  const r = wire<ApiTeamRef>(value);
  const name = asString(r.name).trim();
  const id = asId(r.id);
  return name || id !== null ? { id, name, logo: asString(r.logo) } : null;
}

/** One `/transfers` entry (`{player, update, transfers[]}`) as a list of moves. */
export function parseTransferEntry(raw: unknown): TransferMove[] {
  const r = wire<ApiTransferEntry>(raw);
  const p = wire<ApiTransferEntry['player']>(r.player);
  const player = { id: asId(p.id), name: asString(p.name).trim() };
  return asList(r.transfers).map((t) => {
    const move = wire<ApiTransferEntry['transfers'][number]>(t);
    const teams = wire<ApiTransferEntry['transfers'][number]['teams']>(move.teams);
    return { player, date: asString(move.date), type: asString(move.type).trim(), to: club(teams.in), from: club(teams.out) };
  });
}

/** A `/transfers` response as moves, newest first. */
export function parseTransfers(body: unknown): ParsedList<TransferMove> {
  const list = readList(body);
  if (!list.ok) return list;
  const entries = parseEach(list.value, (raw) => ({ ok: true as const, value: parseTransferEntry(raw) }));
  if (!entries.ok) return entries;
  return { ok: true, value: sortNewestFirst(entries.value.flat()), dropped: 0 };
}

export function sortNewestFirst(moves: readonly TransferMove[]): TransferMove[] {
  return [...moves].sort((a, b) => b.date.localeCompare(a.date) || a.player.name.localeCompare(b.player.name, 'es'));
}

/**
 * Groups moves by club: each move is a high of the club the player joined and a low of the club
 * he left. Only clubs in `clubs` get a group when it is given (the portal's clubs); clubs without
 * an id cannot be linked and are left out. Groups come newest activity first.
 */
export function groupTransfersByTeam(moves: readonly TransferMove[], clubs?: ReadonlySet<number>): TeamTransfers[] {
  const groups = new Map<number, TeamTransfers>();
  const groupOf = (c: TransferClub) => {
    let group = groups.get(c.id as number);
    if (!group) {
      group = { teamId: c.id as number, teamName: c.name, teamLogo: c.logo, highs: [], lows: [], latest: '' };
      groups.set(c.id as number, group);
    }
    return group;
  };
  const wanted = (c: TransferClub | null): c is TransferClub => c !== null && c.id !== null && (!clubs || clubs.has(c.id));
  // A player listed by both clubs of a league appears twice in a league-wide answer: one move each.
  const seen = new Set<string>();
  for (const move of sortNewestFirst(moves)) {
    const key = `${move.player.id ?? move.player.name}|${move.date}|${move.from?.id}|${move.to?.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (wanted(move.to)) groupOf(move.to).highs.push(move);
    if (wanted(move.from)) groupOf(move.from).lows.push(move);
  }
  for (const group of groups.values()) group.latest = [group.highs[0]?.date ?? '', group.lows[0]?.date ?? ''].sort().at(-1) ?? '';
  return [...groups.values()].sort((a, b) => b.latest.localeCompare(a.latest) || a.teamName.localeCompare(b.teamName, 'es'));
}

const TYPE_LABELS: Readonly<Record<string, string>> = { free: 'Libre', loan: 'Cesión', 'back from loan': 'Vuelta de cesión', transfer: 'Traspaso' };

const CURRENCIES: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP' };
const SCALES: Readonly<Record<string, number>> = { '': 1, K: 1e3, M: 1e6, B: 1e9 };

/**
 * A fee as the provider writes it ("€ 1.5M", "€ 250K", "$ 3M": a decimal point, an English
 * suffix) as an amount; null for anything else ('Loan', 'Free', a fee in a form we do not know).
 */
export function parseFee(type: string): { amount: number; currency: string } | null {
  const m = /^([€$£])\s*(\d+(?:\.\d+)?)\s*([KMB]?)$/i.exec(type.trim());
  if (!m) return null;
  return { amount: Number(m[2]) * SCALES[m[3].toUpperCase()], currency: CURRENCIES[m[1]] };
}

/**
 * The provider's type in Spanish where it is a word ('Loan' → 'Cesión'), a fee as readers in
 * Ecuador write money ('€ 1.5M' → '€1,5 M', src/lib/format/numbers.ts), 'N/A' → ''.
 */
export function transferTypeLabel(type: string): string {
  const t = type.trim();
  if (!t || /^n\/?a$/i.test(t)) return '';
  const fee = parseFee(t);
  if (fee) return formatMoney(fee.amount, fee.currency);
  return TYPE_LABELS[t.toLowerCase()] ?? t;
}

/** The moves on or after `sinceDay` (YYYY-MM-DD), and the older ones, each newest first. */
export function splitByDate(moves: readonly TransferMove[], sinceDay: string): { recent: TransferMove[]; older: TransferMove[] } {
  const recent: TransferMove[] = [];
  const older: TransferMove[] = [];
  for (const move of moves) (move.date >= sinceDay ? recent : older).push(move);
  return { recent, older };
}

/**
 * The dearest moves on or after `sinceDay`, dearest first (then newest): what the newest few of a
 * busy year leave out ("J. Chicaiza, €15 M" in December under thirty moves of the months since).
 * Moves without a fee in a known form are not ranked; amounts in other currencies are not converted.
 */
export function dearestMoves(moves: readonly TransferMove[], sinceDay: string, limit: number): TransferMove[] {
  return moves
    .filter((move) => move.date >= sinceDay)
    .map((move) => ({ move, fee: parseFee(move.type) }))
    .filter((entry): entry is { move: TransferMove; fee: { amount: number; currency: string } } => entry.fee !== null && entry.fee.currency === 'EUR')
    .sort((a, b) => b.fee.amount - a.fee.amount || b.move.date.localeCompare(a.move.date))
    .slice(0, limit)
    .map((entry) => entry.move);
}

/** YYYY-MM-DD one year before `today` (YYYY-MM-DD): the transfer windows readers call "this season". */
export function oneYearBefore(today: string): string {
  const year = Number(today.slice(0, 4));
  return Number.isFinite(year) && /^\d{4}-\d{2}-\d{2}$/.test(today) ? `${year - 1}${today.slice(4)}` : '0000-00-00';
}

/** One club's line on /fichajes: its moves within the page's window, counted. */
export interface ClubTransferSummary {
  teamId: number;
  teamName: string;
  teamLogo: string;
  /** Players arriving on or after the window's first day. */
  highs: number;
  /** Players leaving on or after the window's first day. */
  lows: number;
  /** The club's newest move within the window (YYYY-MM-DD). */
  latest: string;
}

/**
 * The clubs of /fichajes: every figure counted from `sinceDay` on (a club whose moves are all older
 * is left out, never shown as "0 altas · 0 bajas"), ordered by `rank` (lower first: Liga Pro before
 * the rest), then the newest activity, then the name.
 */
export function clubTransferSummaries(groups: readonly TeamTransfers[], sinceDay: string, rank: (teamId: number) => number): ClubTransferSummary[] {
  const summaries: ClubTransferSummary[] = [];
  for (const group of groups) {
    const highs = group.highs.filter((m) => m.date >= sinceDay);
    const lows = group.lows.filter((m) => m.date >= sinceDay);
    if (highs.length + lows.length === 0) continue;
    // Each list is newest first.
    const latest = [highs[0]?.date ?? '', lows[0]?.date ?? ''].sort().at(-1) as string;
    summaries.push({ teamId: group.teamId, teamName: group.teamName, teamLogo: group.teamLogo, highs: highs.length, lows: lows.length, latest });
  }
  return summaries.sort((a, b) => rank(a.teamId) - rank(b.teamId) || b.latest.localeCompare(a.latest) || a.teamName.localeCompare(b.teamName, 'es'));
}
