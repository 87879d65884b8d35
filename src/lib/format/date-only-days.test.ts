import { afterAll, describe, expect, it } from 'vitest';
import { formatShortDate } from '../../../contract/format.ts';
import { formatLongDate, isoDay } from './date.ts';

/**
 * A date without a time (a birth date, a season's first day, a transfer) is the same calendar day
 * everywhere: the API's 1995-12-20 is "20 de diciembre de 1995" on the page, whatever zone the
 * build machine is in; an instant is still shown in Ecuador's time.
 */
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const zones = [
  { tz: 'UTC', offset: 0 },
  { tz: 'America/Guayaquil', offset: 300 },
  { tz: 'America/Los_Angeles', offset: 480 },
  { tz: 'Asia/Tokyo', offset: -540 },
  { tz: 'Pacific/Kiritimati', offset: -840 },
];

describe('date-only values under any machine time zone', () => {
  for (const { tz, offset } of zones) {
    it(`keeps the day with TZ=${tz}`, () => {
      process.env.TZ = tz;
      // Proof that the process now runs in that zone (Node re-reads TZ when it is assigned).
      expect(new Date(Date.UTC(1995, 11, 20)).getTimezoneOffset()).toBe(offset);

      // Birth date of /jugadores/800583 as the API gives it.
      expect(formatLongDate('1995-12-20')).toBe('20 de diciembre de 1995');
      // A season's first and last days, a transfer day.
      expect(formatLongDate('2026-01-01')).toBe('1 de enero de 2026');
      expect(formatLongDate('2026-12-31')).toBe('31 de diciembre de 2026');
      expect(formatShortDate('2026-11-21')).toBe('sáb, 21 nov');
      expect(isoDay('2026-03-01')).toBe('2026-03-01');

      // Instants stay in Ecuador's time: 01:00Z on 18 January is the evening of the 17th in Quito.
      expect(formatLongDate('2026-01-18T01:00:00Z')).toBe('17 de enero de 2026');
      expect(formatShortDate('2026-01-18T01:00:00+00:00')).toBe('sáb, 17 ene');
      expect(isoDay('2026-01-18T01:00:00Z')).toBe('2026-01-17');
    });
  }
});
