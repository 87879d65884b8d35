import type { TeamInfo, VenueInfo } from './data/types.ts';
import type { Rng } from './rng.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, guayaquilParts } from './time.ts';

/**
 * One calendar for the whole demo season. Every competition books its matches here, so a club
 * never plays twice within 48 hours (72 for national teams), a stadium never hosts two matches
 * within 48 hours, and a side that changes city has at least one whole day to travel.
 *
 * Weeks are counted from the anchor's week: week k runs from a Friday to the next Thursday, its
 * weekend (Friday to Monday) for the leagues and its midweek (Tuesday to Thursday) for the CONMEBOL
 * cups and the FIFA windows. Week 0 is the anchor's weekend: the one it falls in (Friday to
 * Monday) or, from Tuesday to Thursday, the next one.
 */

export const CLUB_REST_MS = 48 * HOUR_MS;
export const NATIONAL_REST_MS = 72 * HOUR_MS;
export const VENUE_GAP_MS = 48 * HOUR_MS;

/** Days from a week's Friday. */
export const FRI = 0;
export const SAT = 1;
export const SUN = 2;
export const MON = 3;
export const TUE = 4;
export const WED = 5;
export const THU = 6;

/** A match to be placed: who plays where. */
export interface Pairing {
  home: TeamInfo;
  away: TeamInfo;
  venue: VenueInfo | null;
}

interface TeamBooking {
  ms: number;
  city: string;
}

/** Ecuador's calendar day number of an instant (days since the epoch, UTC−5). */
const localDayNumber = (ms: number) => Math.floor((ms - 5 * HOUR_MS) / DAY_MS);

export class SeasonCalendar {
  readonly dayStartMs: number;
  /** Days from the anchor's day to the Friday of week 0 (−3 to 3). */
  readonly fridayOffset: number;
  private teams = new Map<number, TeamBooking[]>();
  private venues = new Map<number, number[]>();
  /** Matches that could not be placed within the rules (kept at 0; the tests check it). */
  conflicts = 0;

  constructor(anchorMs: number, dayStartMs: number) {
    this.dayStartMs = dayStartMs;
    const { year, month, day } = guayaquilParts(anchorMs);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    // Friday to Monday: that weekend. Tuesday to Thursday: the coming one, so the anchor's midweek
    // match day (today's scripted matches) has the whole weekend before it and a week after it.
    const back = (weekday - 5 + 7) % 7;
    this.fridayOffset = back <= 3 ? -back : 7 - back;
  }

  /** Days from the anchor's day to day `dayOfWeek` (FRI..THU) of week `week`. */
  day(week: number, dayOfWeek: number): number {
    return this.fridayOffset + week * 7 + dayOfWeek;
  }

  /** The instant of hh:mm (Ecuador) on day `dayOfWeek` of week `week`. */
  at(week: number, dayOfWeek: number, hour: number, minute: number): number {
    return this.dayStartMs + this.day(week, dayOfWeek) * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS;
  }

  private restOf(team: TeamInfo): number {
    return team.national ? NATIONAL_REST_MS : CLUB_REST_MS;
  }

  /** Whether a match fits at `ms` without breaking a rule with what is booked already. */
  fits(p: Pairing, ms: number): boolean {
    const city = p.venue?.city ?? '';
    const day = localDayNumber(ms);
    for (const team of [p.home, p.away]) {
      const rest = this.restOf(team);
      for (const b of this.teams.get(team.id) ?? []) {
        if (Math.abs(b.ms - ms) < rest) return false;
        // A change of city needs a whole free day between the two match days.
        if (b.city !== city && Math.abs(localDayNumber(b.ms) - day) < 2) return false;
      }
    }
    if (p.venue) {
      for (const v of this.venues.get(p.venue.id) ?? []) if (Math.abs(v - ms) < VENUE_GAP_MS) return false;
    }
    return true;
  }

  book(p: Pairing, ms: number): void {
    const city = p.venue?.city ?? '';
    for (const team of [p.home, p.away]) (this.teams.get(team.id) ?? this.teams.set(team.id, []).get(team.id)!).push({ ms, city });
    if (p.venue) (this.venues.get(p.venue.id) ?? this.venues.set(p.venue.id, []).get(p.venue.id)!).push(ms);
  }

  unbook(p: Pairing, ms: number): void {
    for (const team of [p.home, p.away]) {
      const list = this.teams.get(team.id)!;
      list.splice(list.findIndex((b) => b.ms === ms), 1);
    }
    if (p.venue) {
      const list = this.venues.get(p.venue.id)!;
      list.splice(list.indexOf(ms), 1);
    }
  }

  /**
   * Places a round: first each of `required` (instants that must all be used, e.g. today's
   * scripted kickoffs), then every other match on an unused `preferred` instant, else on any of
   * `fallback`. A bounded depth-first search, most constrained match first; if it finds nothing
   * within the rules, the matches left go to their preferred instants anyway and `conflicts`
   * counts them. Books and returns one kickoff per pairing, in the order given.
   */
  placeRound(rng: Rng, pairings: Pairing[], plan: {
    required?: number[];
    /** For each required instant, which pairings may take it (default: any). */
    requiredFor?: Array<(index: number) => boolean>;
    preferred: number[];
    fallback?: number[];
    accept?: (kickoffs: number[]) => boolean;
    /** A preference beyond the rules (not applied to `required`); dropped if nothing fits with it. */
    allow?: (p: Pairing, ms: number) => boolean;
  }): number[] {
    const required = plan.required ?? [];
    const preferred = plan.preferred;
    // Fallback instants may repeat a preferred one (two matches at the same hour, in different stadiums).
    const fallback = (plan.fallback ?? []).filter((ms) => !required.includes(ms));
    const n = pairings.length;
    const mayTake = (requiredIndex: number, i: number) => plan.requiredFor?.[requiredIndex]?.(i) ?? true;
    const order = rng.shuffle(pairings.map((_, i) => i));
    // What each match could take given the calendar so far; clashes inside the round are checked as it fills.
    const fitsRequired = pairings.map((p) => required.filter((ms) => this.fits(p, ms)));
    const fitsPreferred = pairings.map((p) => preferred.filter((ms) => this.fits(p, ms)));
    const fitsFallback = pairings.map((p) => fallback.filter((ms) => this.fits(p, ms)));
    const kickoffs = new Array<number>(n).fill(Number.NaN);
    const clash = (i: number, ms: number) => {
      const p = pairings[i];
      for (let j = 0; j < n; j++) {
        const other = kickoffs[j];
        if (j === i || Number.isNaN(other)) continue;
        const q = pairings[j];
        const gap = Math.abs(other - ms);
        if (p.venue && q.venue && p.venue.id === q.venue.id && gap < VENUE_GAP_MS) return true;
        for (const t of [p.home, p.away]) {
          if ((t.id === q.home.id || t.id === q.away.id) && gap < this.restOf(t)) return true;
        }
      }
      return false;
    };
    let budget = 1500;
    let allow = plan.allow;

    const optionsFor = (i: number, used: Set<number>) => {
      const usable = (ms: number) => !(allow && !allow(pairings[i], ms)) && !clash(i, ms);
      const first = fitsPreferred[i].filter((ms) => !used.has(ms) && usable(ms));
      return [...first, ...fitsFallback[i].filter((ms) => !first.includes(ms) && usable(ms))];
    };

    const fill = (requiredIndex: number, used: Set<number>): boolean => {
      if (budget-- <= 0) return false;
      if (requiredIndex < required.length) {
        const ms = required[requiredIndex];
        for (const i of order) {
          if (!Number.isNaN(kickoffs[i]) || !mayTake(requiredIndex, i) || !fitsRequired[i].includes(ms) || clash(i, ms)) continue;
          kickoffs[i] = ms;
          if (fill(requiredIndex + 1, used)) return true;
          kickoffs[i] = Number.NaN;
        }
        return false;
      }
      let best = -1;
      let bestOptions: number[] = [];
      for (const i of order) {
        if (!Number.isNaN(kickoffs[i])) continue;
        const options = optionsFor(i, used);
        if (best === -1 || options.length < bestOptions.length) {
          best = i;
          bestOptions = options;
          if (!options.length) return false;
        }
      }
      if (best === -1) return accept ? accept(kickoffs) : true;
      for (const ms of bestOptions) {
        kickoffs[best] = ms;
        const fresh = !used.has(ms);
        used.add(ms);
        if (fill(requiredIndex, used)) return true;
        if (fresh) used.delete(ms);
        kickoffs[best] = Number.NaN;
      }
      return false;
    };

    let accept = plan.accept;
    let found = fill(0, new Set());
    // Preferences give way before the rules do: first the day preference, then the accept test.
    for (const drop of ['allow', 'accept'] as const) {
      if (found) break;
      if (drop === 'allow') allow = undefined;
      else accept = undefined;
      budget = 1500;
      kickoffs.fill(Number.NaN);
      found = fill(0, new Set());
    }
    if (!found) this.placeAnyway(pairings, kickoffs, { required, preferred, fallback, order, mayTake, clash });
    pairings.forEach((p, i) => this.book(p, kickoffs[i]));
    return kickoffs;
  }

  /** Nothing within the rules: the season stays whole, each match on the first instant it fits best, and `conflicts` counts what broke them. */
  private placeAnyway(
    pairings: Pairing[],
    kickoffs: number[],
    round: { required: number[]; preferred: number[]; fallback: number[]; order: number[]; mayTake: (requiredIndex: number, i: number) => boolean; clash: (i: number, ms: number) => boolean },
  ): void {
    const { required, preferred, fallback, order, mayTake, clash } = round;
    kickoffs.fill(Number.NaN);
    const queue = [...preferred, ...fallback];
    const used = new Set<number>();
    // Required instants are always used (today's live matches depend on them).
    for (const [r, ms] of required.entries()) {
      const i = order.find((j) => Number.isNaN(kickoffs[j]) && mayTake(r, j) && this.fits(pairings[j], ms) && !clash(j, ms))
        ?? order.find((j) => Number.isNaN(kickoffs[j]) && mayTake(r, j));
      if (i === undefined) break;
      if (!this.fits(pairings[i], ms) || clash(i, ms)) this.conflicts++;
      kickoffs[i] = ms;
    }
    for (const i of order) {
      if (!Number.isNaN(kickoffs[i])) continue;
      const ms = queue.find((x) => !used.has(x) && this.fits(pairings[i], x) && !clash(i, x)) ?? queue.find((x) => !used.has(x)) ?? preferred[0];
      if (!this.fits(pairings[i], ms) || clash(i, ms)) this.conflicts++;
      kickoffs[i] = ms;
      used.add(ms);
    }
  }
}

/** A leg of a double round robin, with the index of its return leg. */
export interface Leg {
  home: number;
  away: number;
  /** Where the leg is played in the calendar (week number): legs of the same week share stadiums. */
  week: number;
  twin: number;
}

/**
 * Chooses which leg of each pairing is the home one so that no stadium hosts more matches in a
 * week than `capacity` allows (two matches 48 hours apart fit in a Friday-to-Monday weekend).
 * Flips the return legs of a seeded random walk; returns how many home matches are still over.
 */
export function fitStadiums(rng: Rng, legs: Leg[], venueOf: (teamId: number) => number | null, capacity: (week: number, venueId: number) => number): number {
  // Keys are numbers (stadium-week): the key of each leg as it stands and as it would be flipped.
  const keyOf = (week: number, teamId: number) => {
    const v = venueOf(teamId);
    return v === null ? -1 : (week + 1000) * 10_000_000 + v;
  };
  const now = legs.map((l) => keyOf(l.week, l.home));
  const flipped = legs.map((l) => keyOf(l.week, l.away));
  const cap = new Map<number, number>();
  const members = new Map<number, Set<number>>();
  const over = new Set<number>();
  for (const l of legs) {
    for (const team of [l.home, l.away]) {
      const k = keyOf(l.week, team);
      // A stadium-week already full (negative room) is as full as it gets: nothing to flip there.
      if (k !== -1 && !cap.has(k)) cap.set(k, Math.max(0, capacity(l.week, venueOf(team)!)));
    }
  }
  let total = 0;
  const place = (i: number, sign: number) => {
    const k = now[i];
    if (k === -1) return;
    const set = members.get(k) ?? members.set(k, new Set()).get(k)!;
    const before = Math.max(0, set.size - cap.get(k)!);
    if (sign > 0) set.add(i);
    else set.delete(i);
    const after = Math.max(0, set.size - cap.get(k)!);
    total += after - before;
    if (after > 0) over.add(k);
    else over.delete(k);
  };
  legs.forEach((_, i) => place(i, +1));
  const flip = (i: number) => {
    for (const j of [i, legs[i].twin]) {
      place(j, -1);
      [legs[j].home, legs[j].away] = [legs[j].away, legs[j].home];
      [now[j], flipped[j]] = [flipped[j], now[j]];
      place(j, +1);
    }
  };
  for (let step = 0; step < 2500 && total > 0; step++) {
    // A home leg in a stadium-week over capacity: flip it, keep the flip unless it makes things worse.
    let k = -1;
    let seen = 0;
    for (const key of over) if (rng.next() * ++seen < 1) k = key;
    const set = members.get(k)!;
    let i = -1;
    seen = 0;
    for (const j of set) if (rng.next() * ++seen < 1) i = j;
    const before = total;
    flip(i);
    if (total > before && !rng.chance(0.15)) flip(i);
  }
  return total;
}
