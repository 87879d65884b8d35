import { describe, expect, it } from 'vitest';
import { renderMediaSvg } from '../../server/providers/demo/media.ts';
import { generateDemoSeason } from '../../server/providers/demo/generate.ts';

const season = generateDemoSeason({ seed: 2026, anchor: new Date('2026-11-22T20:30:00-05:00') });
const idFrom = (url: string) => /\/media\/(\w+)\/([^/]+)\.svg$/.exec(url)!.slice(1) as [string, string];

describe('demo media', () => {
  it('draws every image the season refers to, small and well-formed', () => {
    const urls = new Set<string>();
    for (const c of season.competitions) {
      urls.add(c.league.league.logo);
      if (c.league.country.flag) urls.add(c.league.country.flag);
      for (const t of c.teams) urls.add(t.team.logo);
      for (const p of c.players) urls.add(p.player.photo);
      for (const p of c.players) for (const s of p.statistics) urls.add(s.league.logo);
    }
    for (const p of season.global.extraPlayers) {
      urls.add(p.player.photo);
      for (const s of p.statistics) urls.add(s.league.logo);
    }
    for (const t of season.global.extraTeams) urls.add(t.team.logo);
    for (const a of season.global.articles) for (const u of a.imageUrls) urls.add(u);
    expect(urls.size).toBeGreaterThan(2000);
    for (const url of urls) {
      const [kind, id] = idFrom(url);
      const svg = renderMediaSvg(kind, id);
      expect(svg, url).not.toBeNull();
      expect(svg!.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg!.endsWith('</svg>')).toBe(true);
      expect(Buffer.byteLength(svg!), url).toBeLessThan(1500);
    }
  });

  it('draws clubs in their colours with their code, deterministically', () => {
    const ldu = renderMediaSvg('teams', '1158')!;
    expect(ldu).toContain('#e30613');
    expect(ldu).toContain('>QUI<');
    expect(renderMediaSvg('teams', '1158')).toBe(ldu);
    expect(renderMediaSvg('flags', 'ec')).toContain('#ffd100');
  });

  it('returns null for what it does not know', () => {
    expect(renderMediaSvg('teams', '999999999')).toBeNull();
    expect(renderMediaSvg('teams', 'abc')).toBeNull();
    expect(renderMediaSvg('players', '12')).toBeNull();
    expect(renderMediaSvg('leagues', '71')).toBeNull();
    expect(renderMediaSvg('articles', 'not-an-id')).toBeNull();
    expect(renderMediaSvg('articles', '000000000000000000000000')).toBeNull();
    expect(renderMediaSvg('flags', '../etc')).toBeNull();
    expect(renderMediaSvg('coaches', '1')).toBeNull();
    expect(renderMediaSvg('teams', '')).toBeNull();
  });
});
