import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { renderPng, scaledWebp, webpOf } from './render.ts';

describe('renderPng', () => {
  it('draws an element tree with Spanish text into a PNG and a WebP of the asked size', async () => {
    const node = { type: 'div', props: { style: { display: 'flex', width: '100%', height: '100%', background: '#0b4aa2', color: 'white', fontSize: 48, fontWeight: 700 }, children: 'Emelec 2 - 1 Barcelona · Fecha 28 · Año' } };
    const png = await renderPng(node, 600, 315);
    const webp = await webpOf(png);
    const pngMeta = await sharp(png).metadata();
    const webpMeta = await sharp(webp).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height]).toEqual(['png', 600, 315]);
    expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', 600, 315]);
    expect(webp.byteLength).toBeLessThan(png.byteLength);
  });

  it('scales a rendered picture down to a smaller WebP (the phones\' news thumbnail)', async () => {
    const node = { type: 'div', props: { style: { display: 'flex', width: '100%', height: '100%', background: '#0b4aa2', color: 'white', fontSize: 40 }, children: 'Macará 1 - 0 Manta' } };
    const card = await renderPng(node, 480, 270);
    const thumb = await scaledWebp(card, 240, 135);
    const meta = await sharp(thumb).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 135]);
    expect(thumb.byteLength).toBeLessThan((await webpOf(card)).byteLength);
  });
});
