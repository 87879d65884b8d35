import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderPicture, type PictureElement, type RenderedPicture } from './render.ts';

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

const pending = new Map<string, Promise<RenderedPicture>>();

/** renderPicture through the cache: read back when the same picture was rendered before. */
export function cachedPicture(node: PictureElement, width: number, height: number): Promise<RenderedPicture> {
  const hash = pictureHash(node, width, height);
  let picture = pending.get(hash);
  if (!picture) {
    picture = load(hash, node, width, height);
    pending.set(hash, picture);
  }
  return picture;
}

async function load(hash: string, node: PictureElement, width: number, height: number): Promise<RenderedPicture> {
  const dir = cacheDir();
  const [pngPath, webpPath] = [join(dir, `${hash}.png`), join(dir, `${hash}.webp`)];
  try {
    const [png, webp] = await Promise.all([readFile(pngPath), readFile(webpPath)]);
    return { png: new Uint8Array(png), webp: new Uint8Array(webp) };
  } catch {
    // Not cached yet (or a partial entry): render and store.
  }
  const rendered = await renderPicture(node, width, height);
  try {
    await mkdir(dir, { recursive: true });
    // Written under a temporary name and renamed: a build stopped midway leaves no truncated file.
    await Promise.all([
      writeFile(`${pngPath}.tmp`, rendered.png).then(() => rename(`${pngPath}.tmp`, pngPath)),
      writeFile(`${webpPath}.tmp`, rendered.webp).then(() => rename(`${webpPath}.tmp`, webpPath)),
    ]);
  } catch (error) {
    console.warn(`[build] picture cache not written: ${(error as Error).message}`);
  }
  return rendered;
}
