import { renderAsync } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import { apiBaseUrl } from '../http/client.ts';

/**
 * Build-time pictures (share cards, news pictures): a satori element tree → SVG (satori) → PNG
 * (resvg) → WebP (sharp). The standard pair for such images instead of a hand-written encoder.
 * Node only: used by Astro endpoints that write the files into dist/ at build time.
 */

/** satori's element tree: React-like `{ type, props: { style, children } }` objects, no React needed. */
export interface PictureElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: PictureElement | string | ReadonlyArray<PictureElement | string | null>; [attribute: string]: unknown };
}

const require = createRequire(import.meta.url);
let fonts: Parameters<typeof satori>[1]['fonts'] | null = null;

/** Inter (latin, which covers Spanish) in the three weights the site uses. */
function loadFonts() {
  fonts ??= ([400, 600, 700] as const).map((weight) => ({
    name: 'Inter',
    weight,
    style: 'normal' as const,
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  }));
  return fonts;
}

export interface RenderedPicture {
  png: Uint8Array;
  webp: Uint8Array;
}

/** Renders an element tree at `width`×`height` to PNG. */
export async function renderPng(node: PictureElement, width: number, height: number): Promise<Uint8Array> {
  const svg = await satori(node as unknown as Parameters<typeof satori>[0], { width, height, fonts: loadFonts() });
  // Off the main thread (libuv's pool): the build renders other pages meanwhile.
  return new Uint8Array((await renderAsync(svg, { fitTo: { mode: 'width', value: width } })).asPng());
}

/**
 * The WebP of a rendered picture at its size, for a picture a page shows (a news card). Encoded only
 * where asked: share cards are PNG only, and their WebP was a third of a card's drawing time.
 */
export async function webpOf(png: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).webp({ quality: 80 }).toBuffer());
}

/**
 * A smaller WebP of a rendered picture, for where it is shown small (a phone's news thumbnail is
 * 112 CSS px wide): scaled down from the PNG rather than drawn again, so it is the same picture.
 */
export async function scaledWebp(png: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).resize(width, height).webp({ quality: 75 }).toBuffer());
}

const imageCache = new Map<string, Promise<string | null>>();

/**
 * An image of the data API (a crest, a photo, a logo) as a data: URI satori can draw, fetched once
 * per build. A relative path is read from the API the build runs against. Null when unavailable:
 * the card then leaves the crest out rather than drawing a wrong one.
 */
export function imageDataUri(src: string): Promise<string | null> {
  if (!src) return Promise.resolve(null);
  let pending = imageCache.get(src);
  if (!pending) {
    const url = /^https?:\/\//.test(src) ? src : `${apiBaseUrl()}${src.startsWith('/') ? '' : '/'}${src}`;
    pending = fetch(url, { signal: AbortSignal.timeout(15_000) })
      .then(async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !/^image\/(png|jpeg|gif|webp)/.test(type)) return null;
        const bytes = Buffer.from(await response.arrayBuffer());
        // satori draws PNG/JPEG; other formats are turned into PNG first.
        if (/png|jpeg/.test(type)) return `data:${type};base64,${bytes.toString('base64')}`;
        return `data:image/png;base64,${(await sharp(bytes).png().toBuffer()).toString('base64')}`;
      })
      .catch(() => null);
    imageCache.set(src, pending);
  }
  return pending;
}
