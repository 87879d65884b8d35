import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { foldAccents as fold } from '../../contract/text.ts';
import { ftsQuery } from '../store/text.ts';
import { makeBody, respond, ResponseCache } from './cache.ts';
import { idList, optionalDay, optionalId, optionalSeason } from './validate.ts';
import { HttpError } from './envelope.ts';
import { dayInZone, isoInZone, localDay, zonedDayBounds } from '../clock.ts';

describe('ftsQuery', () => {
  it('keeps only words, as quoted prefix terms', () => {
    expect(ftsQuery('Técnico Universitario')).toBe('"Técnico"* "Universitario"*');
    expect(ftsQuery('"a" OR b*')).toBe('"a"* "OR"* "b"*');
    expect(ftsQuery('⚽ () * "')).toBeNull();
    expect(ftsQuery('x '.repeat(100))!.split(' ')).toHaveLength(8);
  });
  it('folds case and accents', () => {
    expect(fold('Macará DELFÍN Ñ')).toBe('macara delfin n');
  });
});

describe('validators', () => {
  it('accept plain positive integers only', () => {
    expect(optionalId('242', 'league', 'bad')).toBe(242);
    expect(optionalId(undefined, 'league', 'bad')).toBeUndefined();
    for (const v of ['-1', '0', '1.5', '1e3', ' 1', 'abc', '99999999999']) {
      expect(() => optionalId(v, 'league', 'Invalid tournament ID format'), v).toThrow(HttpError);
    }
  });
  it('check seasons, dates and id lists', () => {
    expect(optionalSeason('2026')).toBe(2026);
    expect(() => optionalSeason('26')).toThrow('Invalid season format');
    expect(optionalDay('2026-11-22', 'date')).toBe('2026-11-22');
    expect(() => optionalDay('2026-13-01', 'date')).toThrow(HttpError);
    expect(idList('1-2-3', 'ids', 'bad')).toEqual([1, 2, 3]);
    expect(() => idList(Array(21).fill('1').join('-'), 'ids', 'bad')).toThrow(/Too many/);
  });
});

describe('Ecuador days', () => {
  it('are UTC-5 all year', () => {
    expect(localDay(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
    const [start, end] = zonedDayBounds('2026-11-22', 'America/Guayaquil');
    expect(new Date(start * 1000).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(end - start).toBe(86_400);
  });
});

describe('days and dates in any zone (the API\'s timezone parameter)', () => {
  const iso = (s: number) => new Date(s * 1000).toISOString();

  it("writes the provider's fixture.date with the zone's offset", () => {
    const kickoff = Date.parse('2025-07-01T01:00:00Z');
    expect(isoInZone(kickoff, 'UTC')).toBe('2025-07-01T01:00:00+00:00');
    expect(isoInZone(kickoff, 'America/Guayaquil')).toBe('2025-06-30T20:00:00-05:00');
    expect(isoInZone(kickoff, 'Asia/Kathmandu')).toBe('2025-07-01T06:45:00+05:45');
    expect(isoInZone(kickoff, 'Europe/Madrid')).toBe('2025-07-01T03:00:00+02:00');
    expect(dayInZone(new Date(kickoff), 'America/Guayaquil')).toBe('2025-06-30');
    expect(dayInZone(new Date(kickoff), 'UTC')).toBe('2025-07-01');
  });

  it('bounds a day from its local midnight to the next, 23 or 25 hours on DST days', () => {
    expect(zonedDayBounds('2025-06-30', 'UTC').map(iso)).toEqual(['2025-06-30T00:00:00.000Z', '2025-07-01T00:00:00.000Z']);
    expect(zonedDayBounds('2025-06-30', 'Pacific/Kiritimati').map(iso)).toEqual(['2025-06-29T10:00:00.000Z', '2025-06-30T10:00:00.000Z']);
    expect(zonedDayBounds('2025-03-30', 'Europe/Madrid').map(iso)).toEqual(['2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z']);
    expect(zonedDayBounds('2025-10-26', 'Europe/Madrid').map(iso)).toEqual(['2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z']);
    // Chile's clocks jump from 00:00 to 01:00 on 7 September 2025: the day starts at 01:00 (-03).
    expect(zonedDayBounds('2025-09-07', 'America/Santiago').map(iso)).toEqual(['2025-09-07T04:00:00.000Z', '2025-09-08T03:00:00.000Z']);
  });
});

describe('response cache', () => {
  it('serves 304 for a matching ETag, brotli when accepted, else gzip, each compressed once', async () => {
    const body = makeBody(200, { response: 'x'.repeat(5000) }, 'tables');
    const notModified = respond(body, new Request('http://t/', { headers: { 'if-none-match': body.etag } }));
    expect(notModified.status).toBe(304);
    const br = respond(body, new Request('http://t/', { headers: { 'accept-encoding': 'gzip, br' } }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(JSON.stringify({ response: 'x'.repeat(5000) }));
    const firstBr = body.br;
    respond(body, new Request('http://t/', { headers: { 'accept-encoding': 'br' } }));
    expect(body.br).toBe(firstBr);
    const gz = respond(body, new Request('http://t/', { headers: { 'accept-encoding': 'gzip' } }));
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=600');
    const small = respond(makeBody(200, { a: 1 }, 'tables'), new Request('http://t/', { headers: { 'accept-encoding': 'br' } }));
    expect(small.headers.get('content-encoding')).toBeNull();
  });
  it('expires entries after their max-age', () => {
    const cache = new ResponseCache();
    cache.set('k', makeBody(200, {}, 'live', 0));
    expect(cache.get('k', 14_000)).toBeDefined();
    expect(cache.get('k', 15_000)).toBeUndefined();
  });
});
