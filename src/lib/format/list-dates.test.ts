import { describe, expect, it } from 'vitest';
import { dateListYears, formatListDate, type DateListYears } from './date.ts';

/**
 * Issue 33: a list of dates says the year when it spans years or a date is not in this year, so
 * "mar, 14 oct" (2025) never reads as this October's after "mar, 24 mar" (2026). In Ecuador's time
 * zone whatever the machine's (the suite also runs under Tokyo and Kiritimati).
 */

const NOW = new Date('2026-11-22T20:30:00-05:00');

/** Checks whether `dates`, listed on NOW, span several years and how the list writes each; gives back the years it read. */
function expectListed(dates: string[], spansYears: boolean, shown: string[]): DateListYears {
  const years = dateListYears(dates, NOW);
  expect(years.spansYears).toBe(spansYears);
  expect(dates.map((d) => formatListDate(d, years))).toEqual(shown);
  return years;
}

describe('formatListDate', () => {
  it('leaves the year out while every date is in the current year', () => {
    const years = expectListed(['2026-03-24T23:00:00+00:00', '2026-11-21T20:00:00+00:00'], false, ['mar, 24 mar', 'sáb, 21 nov']);
    expect(years).toEqual({ spansYears: false, currentYear: 2026 });
  });

  it('gives every date its year when the list spans two years', () => {
    expectListed(['2026-03-24T23:00:00+00:00', '2025-10-14T22:00:00+00:00'], true, ['24 mar 2026', '14 oct 2025']);
  });

  it('gives the year to dates of another year even when the whole list is in that year', () => {
    // 9 September 01:00 UTC is still the 8th in Ecuador.
    expectListed(['2027-03-25T23:00:00+00:00', '2027-09-09T01:00:00+00:00'], false, ['25 mar 2027', '8 sept 2027']);
  });

  it("counts years in Ecuador: New Year's Eve at 21:00 there is 02:00 UTC on 1 January", () => {
    expectListed(['2027-01-01T02:00:00+00:00', '2026-12-20T20:00:00+00:00'], false, ['jue, 31 dic', 'dom, 20 dic']);
  });

  it('reads a date-only value as that calendar day', () => {
    const years = dateListYears(['2025-12-12', '2026-01-16'], NOW);
    expect(formatListDate('2025-12-12', years)).toBe('12 dic 2025');
    expect(formatListDate('2026-01-16', years)).toBe('16 ene 2026');
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatListDate('not a date', dateListYears([], NOW))).toBe('');
  });
});
