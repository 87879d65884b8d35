import { describe, expect, it } from 'vitest';
import { digest, withoutReadCount } from './page-keys.ts';

/**
 * Incremental-build keys (issue 37): a digest says what a page shows, whatever objects hold it, and
 * changes with any of it; the readers' count of an article is not part of what a page shows.
 */
describe('digest', () => {
  const match = () => ({ id: 9420242, goals: { home: 0, away: 2 }, status: { short: 'FT' }, events: [{ minute: 63, player: 'J. Pérez' }] });

  it('is the same for equal content in other objects, and for the same object asked again', () => {
    const one = match();
    expect(digest([one, new Map([[1148, 'Emelec']])])).toBe(digest([match(), new Map([[1148, 'Emelec']])]));
    expect(digest(one)).toBe(digest(one));
  });

  it('changes with any value, however deep', () => {
    const base = digest(match());
    const scored = match();
    scored.events[0]!.minute = 64;
    expect(digest(scored)).not.toBe(base);
    expect(digest({ ...match(), status: { short: '2H' } })).not.toBe(base);
  });

  it('tells maps, sets, dates and absent values apart', () => {
    expect(digest(new Map([[1, 'a']]))).not.toBe(digest(new Map([[1, 'b']])));
    expect(digest(new Set([1148]))).not.toBe(digest(new Set([1149])));
    expect(digest(new Date('2026-11-22T20:00:00Z'))).not.toBe(digest(new Date('2026-11-23T20:00:00Z')));
    expect(digest([undefined])).not.toBe(digest([null]));
    expect(digest(['a,b'])).not.toBe(digest(['a', 'b']));
    expect(digest({ a: 1 })).not.toBe(digest([1]));
  });
});

describe('withoutReadCount', () => {
  it('drops the readers’ count and keeps what the page shows', () => {
    expect(withoutReadCount({ slug: 'emelec-gana', title: 'Emelec gana', views: 812 })).toEqual({ slug: 'emelec-gana', title: 'Emelec gana' });
    expect(digest(withoutReadCount({ slug: 'x', views: 1 }))).toBe(digest(withoutReadCount({ slug: 'x', views: 2 })));
  });
});
