import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelative } from './date.ts';
import { formatDayHeading } from './day.ts';
import { SITE } from '../config.ts';
import { updatedAgoLabel } from './freshness.ts';
import { siteNow } from './now.ts';
import { formatDecimal, formatGoalDifference, formatInteger, formatMoney, pluralize } from './numbers.ts';
import { expectAnswers } from '../../../tests/helpers/expect-answers.ts';

describe('numbers', () => {
  it('formats goal differences with a sign', () => {
    expect(formatGoalDifference(5)).toBe('+5');
    expect(formatGoalDifference(0)).toBe('0');
    expect(formatGoalDifference(-3)).toBe('-3');
    expect(formatGoalDifference(Number.NaN)).toBe('');
  });

  it('groups thousands the es-EC way, four-digit numbers too', () => {
    expect(formatInteger(40_948)).toBe('40.948');
    expect(formatInteger(36_007)).toBe('36.007');
    expect(formatInteger(1_234)).toBe('1.234');
    expect(formatInteger(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('writes decimals with a comma', () => {
    expect(formatDecimal(7.3, 2)).toBe('7,30');
    expect(formatDecimal(6.856, 2)).toBe('6,86');
    expect(formatDecimal(1234.5, 1)).toBe('1.234,5');
    expect(formatDecimal(Number.NaN, 2)).toBe('');
  });

  it('writes money short, the sign first and a decimal comma', () => {
    expect(formatMoney(1_500_000, 'EUR')).toBe('€1,5\u00a0M');
    expect(formatMoney(2_000_000, 'EUR')).toBe('€2\u00a0M');
    expect(formatMoney(250_000, 'EUR')).toBe('€250\u00a0k');
    expect(formatMoney(1_250_000, 'USD')).toBe('$1,3\u00a0M');
    expect(formatMoney(-1, 'EUR')).toBe('');
  });

  it('pluralizes Spanish counts', () => {
    expect(pluralize(1, 'gol', 'goles')).toBe('1 gol');
    expect(pluralize(0, 'gol', 'goles')).toBe('0 goles');
    expect(pluralize(12, 'gol', 'goles')).toBe('12 goles');
    expect(pluralize(1, 'alta', 'altas')).toBe('1 alta');
    expect(pluralize(1_200, 'gol', 'goles')).toBe('1.200 goles');
  });
});

describe('formatRelative', () => {
  // The words are written out (no Intl formatter to build in the browser); Intl is the reference.
  it('says what Intl.RelativeTimeFormat says, past and future, from seconds to thousands of days', () => {
    const rtf = new Intl.RelativeTimeFormat(SITE.locale, { numeric: 'auto' });
    const reference = (seconds: number) => {
      const abs = Math.abs(seconds);
      if (abs < 60) return rtf.format(seconds, 'second');
      if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
      if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
      return rtf.format(Math.round(seconds / 86400), 'day');
    };
    const now = new Date('2026-11-22T12:00:00Z');
    const offsets = [0, 1, 2, 59, 60, 89, 90, 91, 3599, 3600, 5399, 5400, 86_399, 86_400, 129_599, 129_600, 172_800, 216_000, 259_200, 863_999_999, 2_000_000_000];
    for (let s = 7; s < 3_000_000; s = Math.ceil(s * 1.37)) offsets.push(s);
    for (const offset of offsets) {
      for (const seconds of [offset, -offset]) {
        expect(formatRelative(now.getTime() + seconds * 1000, now), `${seconds} s`).toBe(reference(seconds));
      }
    }
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatRelative('not a date')).toBe('');
  });
});

describe('updatedAgoLabel', () => {
  const at = Date.parse('2026-09-03T20:00:00Z');
  it('reads as just now for a few seconds, then counts', () => {
    expect(updatedAgoLabel(at, at + 3_000)).toBe('Actualizado ahora mismo');
    expect(updatedAgoLabel(at, at + 45_000)).toBe('Actualizado hace 45 segundos');
    expect(updatedAgoLabel(at, at + 5 * 60_000)).toBe('Actualizado hace 5 minutos');
    expect(updatedAgoLabel(at, at + 2 * 3_600_000)).toBe('Actualizado hace 2 horas');
  });

  it('never speaks of the future when the clock lags, nor of an unknown time', () => {
    expect(updatedAgoLabel(at, at - 5_000)).toBe('Actualizado ahora mismo');
    expect(updatedAgoLabel(0, at)).toBe('');
    expect(updatedAgoLabel(Number.NaN, at)).toBe('');
  });
});

describe('siteNow', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('follows MARCADOR_NOW, the clock the data API is frozen at', () => {
    vi.stubEnv('MARCADOR_NOW', '2026-09-03T20:00:00Z');
    expect(siteNow().toISOString()).toBe('2026-09-03T20:00:00.000Z');
  });

  it('uses the real clock without it or with a bad value', () => {
    vi.stubEnv('MARCADOR_NOW', 'mañana');
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000);
    vi.stubEnv('MARCADOR_NOW', '');
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('formatDayHeading', () => {
  const originalTz = process.env.TZ;
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  // Each zone's offset on 3 September 2026, in Date#getTimezoneOffset's sign (minutes behind UTC).
  for (const { tz, offset } of [
    { tz: 'UTC', offset: 0 },
    { tz: 'America/Los_Angeles', offset: 420 },
    { tz: 'Asia/Tokyo', offset: -540 },
    { tz: 'Pacific/Kiritimati', offset: -840 },
  ]) {
    it(`names the Ecuador day in Spanish with TZ=${tz}`, () => {
      process.env.TZ = tz;
      // Proof that the process now runs in that zone (Node re-reads TZ when it is assigned).
      expect(new Date(Date.UTC(2026, 8, 3)).getTimezoneOffset()).toBe(offset);
      expectAnswers(formatDayHeading, {
        '2026-09-03': 'jueves, 3 de septiembre de 2026', '2026-01-01': 'jueves, 1 de enero de 2026', '2026-12-31': 'jueves, 31 de diciembre de 2026',
      });
    });
  }

  it('says nothing for a day it cannot read', () => {
    expect(formatDayHeading('today')).toBe('');
    expect(formatDayHeading('2026-13-45')).toBe('');
  });
});
