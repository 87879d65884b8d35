import { describe, expect, it } from 'vitest';
import { fixturesCalendar } from './ics.ts';
import { jsonLdScript, sportsEventJsonLd } from '../jsonld.ts';
import { parseMatchList } from './parse.ts';
import { capture } from '../../../tests/helpers/captures.ts';

const items = capture('liga-pro-fixture-items.json') as Record<string, unknown>;
const parsed = parseMatchList(Object.values(items));
const matches = parsed.ok ? parsed.value : [];

describe('fixturesCalendar', () => {
  it('writes one VEVENT per fixture with a UID that stays the same across builds', () => {
    const first = fixturesCalendar('Liga Pro', matches);
    // The next build after the provider moved every kick-off two hours later: the same events, moved.
    const moved = matches.map((m) => ({ ...m, timestamp: m.timestamp ? m.timestamp + 7200 : m.timestamp }));
    const again = fixturesCalendar('Liga Pro', moved);
    expect(matches.length).toBeGreaterThan(1);
    expect(first.match(/BEGIN:VEVENT/g)).toHaveLength(matches.filter((m) => m.timestamp).length);
    const uids = (text: string) => [...text.matchAll(/^UID:(.+)$/gm)].map((m) => m[1].trim());
    const starts = (text: string) => [...text.matchAll(/^DTSTART:(\S+)$/gm)].map((m) => m[1]);
    const utc = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.000Z$/, 'Z');
    expect(uids(first)).toEqual(uids(again));
    expect(starts(first)).toEqual(matches.filter((m) => m.timestamp).map((m) => utc(m.timestamp!)));
    expect(starts(again)).toEqual(moved.filter((m) => m.timestamp).map((m) => utc(m.timestamp!)));
    expect(starts(again)).not.toEqual(starts(first));
    expect(uids(first)).toEqual(matches.filter((m) => m.timestamp).map((m) => `partido-${m.id}@marcador.ec`));
    expect(first).toContain('X-WR-CALNAME:Liga Pro');
  });
});

describe('sportsEventJsonLd', () => {
  it('names both teams, the venue, the kickoff and the status, and escapes < in the script text', () => {
    const match = matches[0];
    const node = sportsEventJsonLd(match, 'https://marcador.ec');
    expect(node).toMatchObject({
      '@type': 'SportsEvent',
      startDate: match.date,
      homeTeam: { '@type': 'SportsTeam', name: match.home.name, url: `https://marcador.ec/equipos/${match.home.id}` },
      awayTeam: { '@type': 'SportsTeam', name: match.away.name },
      location: { '@type': 'Place' },
    });
    const script = jsonLdScript({ ...node, name: '</script><b>' });
    expect(script).not.toContain('</script>');
    expect(JSON.parse(script).name).toBe('</script><b>');
  });
});
