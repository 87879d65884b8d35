import ical, { ICalEventStatus } from 'ical-generator';
import { isCancelledStatus } from '../../../contract/status.ts';
import { SITE } from '../config.ts';
import { roundLabel } from './scoreboard.ts';
import type { Match } from './types.ts';

/** A match lasts about two hours on a calendar (90 minutes, half time, stoppage). */
const MATCH_MINUTES = 120;

/**
 * An iCalendar feed of fixtures (a competition's or a club's), for readers to subscribe to.
 * Each match keeps one UID for ever (`partido-{id}@domain`), so a changed kickoff or score updates
 * the event in the reader's calendar instead of adding a second one.
 *
 * Kick-offs are written as UTC instants (`DTSTART:20260118T010000Z`), never under a TZID: given a
 * Date and a time zone, ical-generator writes the Date's clock in the *machine's* zone under that
 * TZID (a UTC build machine put Ecuador's matches five hours late), and a TZID would also need a
 * VTIMEZONE block. A UTC instant is the same moment in every calendar, which shows it in the
 * reader's own zone.
 */
export function fixturesCalendar(name: string, matches: readonly Match[], site: string = SITE.url): string {
  const calendar = ical({ name, prodId: { company: SITE.name, product: 'calendario', language: 'ES' }, ttl: 6 * 3600 });
  for (const match of matches) {
    if (!match.timestamp) continue;
    const start = new Date(match.timestamp * 1000);
    const played = match.kind !== 'Fixture' && match.goals.home !== null && match.goals.away !== null;
    const round = roundLabel(match.league.round, match.league.id);
    calendar.createEvent({
      id: `partido-${match.id}@${SITE.domain}`,
      start,
      end: new Date(start.getTime() + MATCH_MINUTES * 60_000),
      summary: played ? `${match.home.name} ${match.goals.home}-${match.goals.away} ${match.away.name}` : `${match.home.name} vs. ${match.away.name}`,
      description: [match.league.name, round].filter(Boolean).join(' · '),
      location: [match.venue.name, match.venue.city].filter(Boolean).join(', ') || undefined,
      url: `${site.replace(/\/$/, '')}/partidos/${match.id}`,
      status: isCancelledStatus(match.status.short) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
