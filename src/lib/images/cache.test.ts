import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPng, cachedPngAndWebp, pictureHash } from './cache.ts';

describe('the picture cache', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'marcador-pictures-'));
    process.env.PICTURE_CACHE_DIR = dir;
  });
  afterAll(() => {
    delete process.env.PICTURE_CACHE_DIR;
    rmSync(dir, { recursive: true, force: true });
  });

  const card = (text: string) => ({ type: 'div', props: { style: { display: 'flex', width: '100%', height: '100%', background: '#0b4aa2', color: 'white', fontSize: 40 }, children: text } });

  it('keeps a share card as PNG only, and a news card as PNG and WebP, named by what they draw', async () => {
    const share = card('Emelec 2 - 1 Barcelona SC');
    const news = card('Macará 1 - 0 Manta');
    const png = await cachedPng(share, 600, 315);
    const both = await cachedPngAndWebp(news, 480, 270);
    expect((await sharp(png).metadata()).format).toBe('png');
    expect([(await sharp(both.png).metadata()).format, (await sharp(both.webp).metadata()).format]).toEqual(['png', 'webp']);
    expect(readdirSync(dir).sort()).toEqual([`${pictureHash(share, 600, 315)}.png`, `${pictureHash(news, 480, 270)}.png`, `${pictureHash(news, 480, 270)}.webp`].sort());
  });

  it('gives the same picture once per build, whoever asks', async () => {
    const share = card('Aucas 0 - 0 Deportivo Cuenca');
    expect(await cachedPng(share, 600, 315)).toBe(await cachedPng(share, 600, 315));
    expect((await cachedPngAndWebp(share, 600, 315)).png).toBe(await cachedPng(share, 600, 315));
  });
});
