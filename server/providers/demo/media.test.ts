import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderMediaPng } from './media.ts';
import { generateDemoSeason } from './generate.ts';
import { teamInfo } from './registry.ts';

const season = generateDemoSeason({ seed: 2026, anchor: new Date('2026-11-22T20:30:00-05:00') });
const idFrom = (url: string) => /\/media\/(\w+)\/([^/]+)\.png$/.exec(url)!.slice(1) as [string, string];

interface Decoded {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  chunks: string[];
  rgba: Uint8Array;
}

/** A small independent PNG decoder (non-interlaced; colour types 2, 3 and 6) that checks every CRC. */
function decodePng(png: Uint8Array): Decoded {
  const buf = Buffer.from(png);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let ihdr: Buffer | undefined, plte: Buffer | undefined, trns: Buffer | undefined;
  let pos = 8;
  while (pos < buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + length);
    expect(buf.readUInt32BE(pos + 8 + length), `CRC of ${type}`).toBe(zlibCrc32(buf.subarray(pos + 4, pos + 8 + length)));
    chunks.push(type);
    if (type === 'IHDR') ihdr = data;
    else if (type === 'PLTE') plte = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    pos += 12 + length;
  }
  expect(pos).toBe(buf.length);
  expect(chunks[0]).toBe('IHDR');
  expect(chunks.at(-1)).toBe('IEND');
  const width = ihdr!.readUInt32BE(0), height = ihdr!.readUInt32BE(4);
  const [bitDepth, colorType, compression, filter, interlace] = ihdr!.subarray(8, 13);
  expect([compression, filter, interlace]).toEqual([0, 0, 0]);
  const channels = colorType === 3 ? 1 : colorType === 2 ? 3 : colorType === 6 ? 4 : NaN;
  if (colorType === 3) {
    expect(plte!.length % 3).toBe(0);
    expect(plte!.length / 3).toBeLessThanOrEqual(2 ** bitDepth);
  }
  const bpp = Math.max(1, (channels * bitDepth) >> 3);
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (rowBytes + 1));
  const rgba = new Uint8Array(width * height * 4);
  let above = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const filterType = raw[y * (rowBytes + 1)];
    expect(filterType).toBeLessThanOrEqual(4);
    const src = raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
    const row = new Uint8Array(rowBytes);
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? row[i - bpp] : 0, b = above[i], c = i >= bpp ? above[i - bpp] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predicted = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filterType];
      row[i] = (src[i] + predicted) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const k = (y * width + x) * 4;
      if (colorType === 3) {
        const perByte = 8 / bitDepth;
        const index = (row[Math.floor(x / perByte)] >> (8 - bitDepth * ((x % perByte) + 1))) & ((1 << bitDepth) - 1);
        if (index * 3 >= plte!.length) throw new Error(`palette index ${index} out of range`);
        rgba.set([plte![index * 3], plte![index * 3 + 1], plte![index * 3 + 2], trns && index < trns.length ? trns[index] : 255], k);
      } else {
        for (let ch = 0; ch < 4; ch++) rgba[k + ch] = ch < channels ? row[x * channels + ch] : 255;
      }
    }
    above = row;
  }
  return { width, height, bitDepth, colorType, chunks, rgba };
}

const pixel = (image: Decoded, x: number, y: number) => [...image.rgba.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];
/** '#rrggbb' → [r, g, b]. */
const parseColor = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const rgb = (hex: string, alpha = 255) => [...parseColor(hex), alpha];
/** `top` at `opacity` over an opaque `bottom`, as 8-bit values. */
const over = (top: string, opacity: number, bottom: string) => {
  const t = parseColor(top), b = parseColor(bottom);
  return [...t.map((v, i) => Math.round(v * opacity + b[i] * (1 - opacity))), 255];
};
const near = (actual: number[], expected: number[], url: string) => {
  expect(actual.length, url).toBe(4);
  actual.forEach((v, i) => expect(Math.abs(v - expected[i]), `${url}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1));
};
const hasColor = (image: Decoded, color: number[]) => {
  for (let k = 0; k < image.rgba.length; k += 4) if (color.every((v, i) => image.rgba[k + i] === v)) return true;
  return false;
};

const SIZES: Record<string, [number, number]> = {
  teams: [72, 72], players: [72, 72], leagues: [72, 72], flags: [48, 32], articles: [480, 270],
};

describe('demo media', () => {
  it('draws the images the season refers to as small, valid PNGs of their kind\'s size', { timeout: 60_000 }, async () => {
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
    // Every crest, logo and flag, and an even spread of the 2,400 player photos and of the articles'
    // pictures (one design each, in other colours): a few seconds, where all of them took seven.
    const seen = new Map<string, number>();
    for (const url of urls) {
      const [kind, id] = idFrom(url);
      const n = seen.get(kind) ?? 0;
      seen.set(kind, n + 1);
      if ((kind === 'players' && n % 24 !== 0) || (kind === 'articles' && n % 6 !== 0)) continue;
      const png = await renderMediaPng(kind, id);
      expect(png, url).not.toBeNull();
      expect([...png!.subarray(0, 8)], url).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png!.toString('latin1', 12, 16), url).toBe('IHDR');
      expect([png!.readUInt32BE(16), png!.readUInt32BE(20)], url).toEqual(SIZES[kind]);
      expect(png!.length, url).toBeLessThanOrEqual(kind === 'articles' ? 12_000 : 2_000);
    }
    expect([...seen.keys()].sort()).toEqual(['articles', 'flags', 'leagues', 'players', 'teams']);
  });

  it('draws crests in the club colours: shield or circle on a transparent background, with the code', async () => {
    const ldu = decodePng((await renderMediaPng('teams', '1158'))!); // white, red, navy code
    expect([ldu.width, ldu.height, ldu.colorType]).toEqual([72, 72, 3]);
    expect(pixel(ldu, 0, 0)[3], 'transparent').toBe(0);
    expect(pixel(ldu, 71, 71)[3], 'transparent').toBe(0);
    expect(pixel(ldu, 36, 18)).toEqual(rgb('#ffffff'));
    expect(pixel(ldu, 6, 14)).toEqual(rgb('#e30613'));
    near(pixel(ldu, 20, 32), over('#e30613', 0.85, '#ffffff'), 'LDU band');
    expect(hasColor(ldu, rgb('#0a2a66'))).toBe(true);

    const ecuador = decodePng((await renderMediaPng('teams', '2382'))!);
    expect(pixel(ecuador, 0, 0)[3], 'transparent').toBe(0);
    expect(pixel(ecuador, 36, 10)).toEqual(rgb(teamColor(2382, 'primary')));
    expect(pixel(ecuador, 36, 1)).toEqual(rgb(teamColor(2382, 'secondary')));
  });

  it('draws player photos, league logos, flags and article pitches as before', async () => {
    const player = season.competitions[0].players[0].player;
    const photo = decodePng((await renderMediaPng('players', String(player.id)))!);
    expect([photo.width, photo.height]).toEqual([72, 72]);
    expect(pixel(photo, 2, 2)).toEqual(rgb('#e7ebef'));
    expect(pixel(photo, 36, 24)).toEqual(rgb('#9aa5b1'));

    const ligaPro = decodePng((await renderMediaPng('leagues', '242'))!);
    expect(pixel(ligaPro, 0, 0)[3], 'transparent').toBe(0);
    expect(pixel(ligaPro, 36, 5)).toEqual(rgb('#0a2a66'));
    expect(hasColor(ligaPro, rgb('#ffd100'))).toBe(true);

    const ec = decodePng((await renderMediaPng('flags', 'ec'))!);
    expect([ec.width, ec.height]).toEqual([48, 32]);
    expect(pixel(ec, 24, 5)).toEqual(rgb('#ffd100'));
    expect(pixel(ec, 24, 18)).toEqual(rgb('#0033a0'));
    expect(pixel(ec, 24, 28)).toEqual(rgb('#ce1126'));
    const other = decodePng((await renderMediaPng('flags', 'gb-eng'))!);
    expect(pixel(other, 0, 0)).toEqual(rgb('#d7dde3'));
    expect(hasColor(other, rgb('#4a5561'))).toBe(true);

    const article = season.global.articles[0];
    const picture = decodePng((await renderMediaPng('articles', article.id))!);
    expect([picture.width, picture.height]).toEqual([480, 270]);
    const home = teamColor(Number.parseInt(article.id.slice(8, 14), 16), 'primary');
    near(pixel(picture, 5, 5), over(home, 0.35, '#2f7d32'), article.id);
    expect(pixel(picture, 240, 135)).toEqual(rgb('#ffffff'));
  });

  it('gives the same bytes for the same image every time', async () => {
    const first = Buffer.from((await renderMediaPng('teams', '1152'))!);
    expect((await renderMediaPng('teams', '1152'))!.equals(first)).toBe(true);
    const article = season.global.articles[1].id;
    expect((await renderMediaPng('articles', article))!.equals((await renderMediaPng('articles', article))!)).toBe(true);
  });

  it('returns null for what it does not know', async () => {
    expect(await renderMediaPng('teams', '999999999')).toBeNull();
    expect(await renderMediaPng('teams', 'abc')).toBeNull();
    expect(await renderMediaPng('players', '12')).toBeNull();
    expect(await renderMediaPng('leagues', '71')).toBeNull();
    expect(await renderMediaPng('articles', 'not-an-id')).toBeNull();
    expect(await renderMediaPng('articles', '000000000000000000000000')).toBeNull();
    expect(await renderMediaPng('flags', '../etc')).toBeNull();
    expect(await renderMediaPng('coaches', '1')).toBeNull();
    expect(await renderMediaPng('constructor', '1')).toBeNull();
    expect(await renderMediaPng('teams', '')).toBeNull();
    expect(await renderMediaPng('flags', 'e'.repeat(41))).toBeNull();
  });
});

function teamColor(id: number, which: 'primary' | 'secondary'): string {
  return teamInfo(id)!.colors[which];
}
