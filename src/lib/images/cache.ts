import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderPng, webpOf, type PictureElement, type RenderedPicture } from './render.ts';

/**
 * Rendered pictures kept across builds in `data/cache/pictures/` (gitignored), named by a hash of
 * everything that decides them (the element tree with its embedded images, the size, this version):
 * a rebuild re-renders only pictures whose content changed. `PICTURE_CACHE_DIR` moves the folder.
 */
const VERSION = 'v1';

function cacheDir(): string {
  return process.env.PICTURE_CACHE_DIR ?? join(process.cwd(), 'data', 'cache', 'pictures');
}

export function pictureHash(node: PictureElement, width: number, height: number): string {
  return createHash('sha256').update(`${VERSION}\n${width}x${height}\n${JSON.stringify(node)}`).digest('hex').slice(0, 32);
}

const pending = new Map<string, Promise<Uint8Array>>();

/** renderPng through the cache: read back when the same picture was rendered before. */
export function cachedPng(node: PictureElement, width: number, height: number): Promise<Uint8Array> {
  return once(`${pictureHash(node, width, height)}.png`, () => renderPng(node, width, height));
}

/** The picture as PNG and as WebP (encoded from the PNG), each through the cache. */
export async function cachedPngAndWebp(node: PictureElement, width: number, height: number): Promise<RenderedPicture> {
  const png = await cachedPng(node, width, height);
  return { png, webp: await once(`${pictureHash(node, width, height)}.webp`, () => webpOf(png)) };
}

/** One file of the cache, read or made and stored once per build. */
function once(file: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  let bytes = pending.get(file);
  if (!bytes) {
    bytes = load(file, make);
    pending.set(file, bytes);
  }
  return bytes;
}

async function load(file: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const path = join(cacheDir(), file);
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    // Not cached yet: make and store.
  }
  const made = await make();
  try {
    await mkdir(cacheDir(), { recursive: true });
    // Written under a temporary name and renamed: a build stopped midway leaves no truncated file.
    await writeFile(`${path}.tmp`, made);
    await rename(`${path}.tmp`, path);
  } catch (error) {
    console.warn(`[build] picture cache not written: ${(error as Error).message}`);
  }
  return made;
}
