import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturesCalendar } from './ics.ts';
import { parseMatch } from './parse.ts';
import type { Match } from './types.ts';

/**
 * A calendar feed must put a kick-off at the same instant whatever zone the build machine is in:
 * a 20:00 Ecuador kick-off (01:00Z the next day) read back by a real iCalendar parser (ical.js),
 * under machine zones on both sides of UTC, including the farthest ahead (Kiritimati, UTC+14).
 */

// Saturday 17 January 2026, 20:00 in Ecuador (UTC-5) = Sunday 18 January, 01:00 UTC.
const KICKOFF = Date.UTC(2026, 0, 18, 1, 0, 0);

function eveningMatch(): Match {
  const parsed = parseMatch({
    fixture: { id: 4242, date: '2026-01-18T01:00:00+00:00', timestamp: KICKOFF / 1000, timezone: 'UTC', venue: { name: 'Estadio Rodrigo Paz Delgado', city: 'Quito' }, status: { short: 'NS', long: 'Not Started' } },
    league: { id: 242, name: 'Liga Pro', country: 'Ecuador', season: 2026, round: 'Regular Season - 1' },
    teams: { home: { id: 1, name: 'Liga de Quito' }, away: { id: 2, name: 'Barcelona SC' } },
    goals: { home: null, away: null },
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const ecuadorClock = new Intl.DateTimeFormat('es-EC', { timeZone: 'America/Guayaquil', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** What a subscribed calendar reads: the first event's start and end, through ical.js. */
function readBack(ics: string) {
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
  return { start: event.startDate, end: event.endDate };
}

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('fixturesCalendar under any machine time zone', () => {
  // Each zone's offset at the kick-off, in Date#getTimezoneOffset's sign (minutes behind UTC).
  const zones = [
    { tz: 'UTC', offset: 0 },
    { tz: 'America/Guayaquil', offset: 300 },
    { tz: 'Asia/Tokyo', offset: -540 },
    { tz: 'Pacific/Kiritimati', offset: -840 },
  ];

  for (const { tz, offset } of zones) {
    it(`puts a 20:00 Ecuador kick-off at 20:00 America/Guayaquil (01:00Z) with TZ=${tz}`, () => {
      process.env.TZ = tz;
      // Proof that the process really runs in that zone now (Node re-reads TZ when it is assigned).
      expect(new Date(KICKOFF).getTimezoneOffset()).toBe(offset);
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);

      const ics = fixturesCalendar('Liga Pro 2026', [eveningMatch()]);
      expect(ics).toMatch(/^DTSTART:20260118T010000Z\r?$/m);
      expect(ics).not.toContain('TZID=');

      const { start, end } = readBack(ics);
      expect(start.zone.tzid).toBe('UTC');
      expect(start.toJSDate().toISOString()).toBe('2026-01-18T01:00:00.000Z');
      expect(ecuadorClock.format(start.toJSDate())).toBe('17/01/2026, 20:00');
      expect(end.toJSDate().toISOString()).toBe('2026-01-18T03:00:00.000Z');
    });
  }
});
