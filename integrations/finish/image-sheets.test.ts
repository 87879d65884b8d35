import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImageSheets, MIN_SHEET_PICTURES, SHEETS_DIR, sheetLayout, sheetPictures, withSheet, type PictureSource } from './image-sheets.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';

const tempDir = tempDirs('marcador-sheets-');

const crest = (id: number, className = 'size-5 shrink-0 object-contain') =>
  `<img src="/media/teams/${id}.png" alt="" width="20" height="20" loading="lazy" decoding="async" class="${className}">`;
const page = (body: string) => `<!doctype html><html><head><title>Tabla</title></head><body>${body}</body></html>`;
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('sheetPictures', () => {
  it('takes decorative, lazy, small square pictures sized by a class, in page order', () => {
    const html = page(
      [
        crest(1),
        '<img src="/media/teams/2.png" alt="Escudo de Emelec" width="20" height="20" loading="lazy" class="size-5">', // not decorative
        '<img src="/media/teams/3.png" alt="" width="72" height="72" class="size-16">', // eager, the page's own crest
        '<img src="/media/articles/4.png" alt="" width="480" height="270" loading="lazy" class="w-full">', // a news picture
        '<img src="/placeholder.svg" alt="" width="20" height="20" loading="lazy" class="size-5">',
        '<img src="/media/players/5.png" alt="" width="32" height="32" loading="lazy" class="size-8 rounded-full object-cover">',
      ].join(''),
    );
    expect(sheetPictures(html).map((p) => [p.src, p.size, p.fit])).toEqual([
      ['/media/teams/1.png', 20, 'contain'],
      ['/media/players/5.png', 32, 'cover'],
    ]);
  });

  it('leaves pictures inside islands, templates and noscript as they are built', () => {
    const html = page(
      `<astro-island uid="a" component-url="/x.js">${crest(1)}<astro-island uid="b">${crest(2)}</astro-island>${crest(3)}</astro-island>` +
        `<template>${crest(4)}</template><noscript>${crest(5)}</noscript>${crest(6)}`,
    );
    expect(sheetPictures(html).map((p) => p.src)).toEqual(['/media/teams/6.png']);
  });

  it('takes the pictures of a client:live island, each with its tag as built, but none of an island or template inside it', () => {
    const html = page(
      `<astro-island uid="a" component-url="/x.js" client="live">${crest(1)}<template>${crest(2)}</template>` +
        `<astro-island uid="b" client="idle">${crest(3)}</astro-island>${crest(4)}</astro-island>${crest(5)}`,
    );
    expect(sheetPictures(html).map((p) => [p.src, p.restore])).toEqual([
      ['/media/teams/1.png', crest(1)],
      ['/media/teams/4.png', crest(4)],
      ['/media/teams/5.png', undefined],
    ]);
  });
});

describe('sheetLayout', () => {
  it(`makes no sheet for fewer than ${MIN_SHEET_PICTURES} distinct pictures, however often they repeat`, () => {
    const html = page(
      ids(MIN_SHEET_PICTURES - 1)
        .concat(ids(MIN_SHEET_PICTURES - 1))
        .map((id) => crest(id))
        .join(''),
    );
    expect(sheetLayout(sheetPictures(html))).toBeNull();
  });

  it('lays the distinct pictures out in a near-square grid at twice their largest displayed size', () => {
    const html = page(
      ids(14)
        .map((id) => crest(id))
        .join('') + crest(1),
    );
    const layout = sheetLayout(sheetPictures(html))!;
    expect(layout.srcs).toHaveLength(14);
    expect([layout.columns, layout.rows, layout.cell]).toEqual([4, 4, 40]);
  });
});

describe('withSheet', () => {
  it('draws each picture from its cell, keeps its classes and every other picture', () => {
    const html = page(
      ids(12)
        .map((id) => crest(id))
        .join('') +
        crest(3, 'hidden size-8 sm:block object-contain') +
        '<img src="/a.png" alt="x">',
    );
    const pictures = sheetPictures(html);
    const layout = sheetLayout(pictures)!;
    const out = withSheet(html, pictures, layout, '/_astro/sheets/abc.webp', new Set(layout.srcs.filter((src) => src !== '/media/teams/5.png')));
    // 12 pictures in 4 columns: the 3rd is column 2 of row 0, the 6th column 1 of row 1.
    expect(out).toContain('<span class="size-5 shrink-0 crest img-sheet" style="--sheet-x:2;--sheet-y:0"></span>');
    expect(out).toContain('<span class="size-5 shrink-0 crest img-sheet" style="--sheet-x:1;--sheet-y:1"></span>');
    expect(out).toContain('<span class="hidden size-8 sm:block crest img-sheet" style="--sheet-x:2;--sheet-y:0"></span>');
    // Its image could not be read: it stays a picture of its own.
    expect(out).toContain(crest(5));
    expect(out).toContain('<img src="/a.png" alt="x">');
    expect(out.match(/<span/g)).toHaveLength(12);
    expect(out).toContain(
      '<style>@layer components{.img-sheet{display:inline-block;background-image:url(/_astro/sheets/abc.webp),none;background-repeat:no-repeat;' +
        'background-origin:content-box;background-clip:content-box,border-box;' +
        'background-size:400% 300%;background-position:calc(var(--sheet-x)*33.3333%) calc(var(--sheet-y)*50%)}}</style></head>',
    );
  });

  it("keeps a live island's pictures as built at the end of the page, each found by its cell, so the island can put them back", () => {
    const built = ids(12)
      .map((id) => crest(id))
      .join('');
    const html = page(`<astro-island uid="a" client="live">${built}</astro-island>`);
    const pictures = sheetPictures(html);
    const layout = sheetLayout(pictures)!;
    const out = withSheet(html, pictures, layout, '/_astro/sheets/abc.webp', new Set(layout.srcs));
    expect(out).toContain('<span class="size-5 shrink-0 crest img-sheet" style="--sheet-x:1;--sheet-y:0" data-img="1"></span>');
    expect(out).toContain(`<template data-sheet-pictures>${built}</template></body>`);
    // What the page's live watcher does before React hydrates: each cell becomes the picture its number names.
    const kept = /<template data-sheet-pictures>(.*)<\/template>/.exec(out)![1]!.match(/<img [^>]*>/g)!;
    const restored = out.replace(/<span [^>]*data-img="(\d+)"><\/span>/g, (_, n: string) => kept[Number(n)]!).replace(/<template data-sheet-pictures>.*<\/template>/, '');
    const body = (text: string) => text.slice(text.indexOf('<body>'));
    expect(body(restored)).toBe(body(html));
  });
});

/** A crest that is one flat colour, so each cell of a sheet can be checked by its pixels. */
const COLOURS: Array<[number, number, number]> = ids(13).map((i) => [(i * 67) % 256, (i * 131) % 256, (i * 29 + 80) % 256]);
function solidPng([r, g, b]: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width: 72, height: 72, channels: 4, background: { r, g, b, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe('makeImageSheets', () => {
  it('writes one sheet for the page whose cells hold its pictures where its markup points', async () => {
    const dir = tempDir();
    const table = page(
      ids(13)
        .map((id) => crest(id))
        .join(''),
    );
    writeFileSync(join(dir, 'index.html'), table);
    writeFileSync(join(dir, 'nosotros.html'), page(crest(1)));
    const fetched: string[] = [];
    const source: PictureSource = async (src) => {
      fetched.push(src);
      const id = Number(/(\d+)\.png$/.exec(src)![1]);
      return id === 13 ? null : solidPng(COLOURS[id - 1]!);
    };

    const result = await makeImageSheets(dir, [join(dir, 'index.html'), join(dir, 'nosotros.html')], source, { cacheDir: join(dir, '.cache') });

    expect(result).toMatchObject({ pages: 1, sheets: 1, drawn: 1, cached: 0, pictures: 13, missing: 1 });
    expect(fetched.sort()).toEqual(
      ids(13)
        .map((id) => `/media/teams/${id}.png`)
        .sort(),
    );
    expect(readFileSync(join(dir, 'nosotros.html'), 'utf8')).toBe(page(crest(1)));
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const [sheetFile] = readdirSync(join(dir, SHEETS_DIR));
    expect(html).toContain(`background-image:url(/${SHEETS_DIR}/${sheetFile})`);
    expect(html).toContain(crest(13));
    const { data, info } = await sharp(join(dir, SHEETS_DIR, sheetFile!))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([4 * 40, 4 * 40]);
    const cells = [...html.matchAll(/--sheet-x:(\d+);--sheet-y:(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(cells).toHaveLength(12);
    cells.forEach(([x, y], i) => {
      const at = ((y! * 40 + 20) * info.width + x! * 40 + 20) * 4;
      const [r, g, b] = COLOURS[i]!;
      // Lossy WebP: each channel within a few levels of the crest's colour.
      expect(Math.abs(data[at]! - r) + Math.abs(data[at + 1]! - g) + Math.abs(data[at + 2]! - b)).toBeLessThan(24);
      expect(data[at + 3]).toBeGreaterThan(240);
    });
    // A sheet missing a picture is not kept for the next build: the picture may be readable then.
    expect(existsSync(join(dir, '.cache'))).toBe(false);
  });

  it('reads no picture again for a page whose pictures a recent build already drew', async () => {
    const dir = tempDir();
    const cacheDir = join(dir, '.cache');
    const table = page(
      ids(12)
        .map((id) => crest(id))
        .join(''),
    );
    let reads = 0;
    const source: PictureSource = async (src) => {
      reads += 1;
      return solidPng(COLOURS[Number(/(\d+)\.png$/.exec(src)![1]) - 1]!);
    };
    writeFileSync(join(dir, 'index.html'), table);
    await makeImageSheets(dir, [join(dir, 'index.html')], source, { cacheDir });
    const first = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(reads).toBe(12);

    writeFileSync(join(dir, 'index.html'), table);
    const again = await makeImageSheets(dir, [join(dir, 'index.html')], source, { cacheDir });

    expect(again).toMatchObject({ pages: 1, cached: 1, drawn: 0, pictures: 0 });
    expect(reads).toBe(12);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(first);
  });

  it('reads the pictures the build wrote itself from the build, and the rest from the data API', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'imagenes'));
    for (const id of ids(4)) writeFileSync(join(dir, 'imagenes', `${id}.png`), await solidPng(COLOURS[id - 1]!));
    const card = (id: number) => `<img src="/imagenes/${id}.png" alt="" width="40" height="40" loading="lazy" class="size-10 object-cover">`;
    writeFileSync(
      join(dir, 'index.html'),
      page(
        ids(4).map(card).join('') +
          ids(8, 5)
            .map((id) => crest(id))
            .join(''),
      ),
    );
    const asked: string[] = [];
    const source: PictureSource = async (src) => {
      asked.push(src);
      return solidPng(COLOURS[Number(/(\d+)\.png$/.exec(src)![1]) - 1]!);
    };

    const result = await makeImageSheets(dir, [join(dir, 'index.html')], source, { cacheDir: join(dir, '.cache') });

    expect(result).toMatchObject({ pages: 1, missing: 0 });
    expect(asked.sort()).toEqual(
      ids(8, 5)
        .map((id) => `/media/teams/${id}.png`)
        .sort(),
    );
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('<span class="size-10 img-sheet" style="--sheet-x:0;--sheet-y:0"></span>');
  });
});
