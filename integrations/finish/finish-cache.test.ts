import { cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finishCacheDigest, readFinishCache, restoreFinished, sheetsOf, storeFinished, writeFinishCache, type FinishCacheEntry } from './finish-cache.ts';
import { finishBuild } from './index.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';

/**
 * The finish cache (issue 37): a file whose raw bytes an earlier build finished gets that build's
 * finished files as hard links, the same inode; what no build used is dropped; another code digest
 * starts empty. finishBuild over two builds of the same site shows it end to end.
 */
const tempDir = tempDirs('marcador-finish-cache-');

const FILLER = '<p>Relleno para que la página se comprima.</p>'.repeat(20);
const PAGE = `<!doctype html><html><head><style>@layer utilities{.flex{display:flex}.grid{display:grid}}</style><script>document.documentElement.classList.add('js')</script></head><body><div class="flex">Emelec</div>${FILLER}</body></html>`;

function builtSite(page = PAGE): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'equipos', '1148'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'equipos', '1148', 'index.html'), page.replace('Emelec', 'Barcelona SC'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'shell.def.js'), `document.body.classList.add("grid");${'console.log(1);'.repeat(60)}`);
  return dir;
}

describe('finish cache entries', () => {
  it('restores a stored page as the same file, its compressed forms and its sheet', () => {
    const cache = tempDir();
    const first = tempDir();
    mkdirSync(join(first, '_astro', 'sheets'), { recursive: true });
    writeFileSync(join(first, '_astro', 'sheets', 'abc.webp'), 'sheet');
    for (const suffix of ['', '.br', '.gz']) writeFileSync(join(first, `index.html${suffix}`), `finished${suffix}`);
    const entry: FinishCacheEntry = { facts: { scriptHashes: ["'sha256-x'"], imageOrigins: [] }, outputs: ['', '.br', '.gz'], sheets: ['abc.webp'] };
    const digest = finishCacheDigest(join(first, 'index.html'), Buffer.from('raw'));
    storeFinished(cache, first, join(first, 'index.html'), digest, entry);

    const second = tempDir();
    writeFileSync(join(second, 'index.html'), 'raw');
    expect(restoreFinished(cache, second, join(second, 'index.html'), digest, entry)).toBe(true);
    for (const suffix of ['', '.br', '.gz']) {
      expect(readFileSync(join(second, `index.html${suffix}`), 'utf8')).toBe(`finished${suffix}`);
      expect(statSync(join(second, `index.html${suffix}`)).ino).toBe(statSync(join(first, `index.html${suffix}`)).ino);
    }
    expect(statSync(join(second, '_astro', 'sheets', 'abc.webp')).ino).toBe(statSync(join(first, '_astro', 'sheets', 'abc.webp')).ino);
  });

  it('says no, and leaves the raw file, when a kept file is gone', () => {
    const cache = tempDir();
    const build = tempDir();
    writeFileSync(join(build, 'index.html'), 'raw');
    const entry: FinishCacheEntry = { facts: null, outputs: ['', '.br'], sheets: [] };
    expect(restoreFinished(cache, build, join(build, 'index.html'), 'missing', entry)).toBe(false);
    expect(readFileSync(join(build, 'index.html'), 'utf8')).toBe('raw');
    expect(existsSync(join(build, 'index.html.br'))).toBe(false);
  });

  it('keeps what this build used, drops the rest, and starts empty for other code', () => {
    const cache = tempDir();
    const build = tempDir();
    for (const name of ['a.js', 'b.js']) writeFileSync(join(build, name), name);
    const entry: FinishCacheEntry = { facts: null, outputs: [''], sheets: [] };
    storeFinished(cache, build, join(build, 'a.js'), 'digest-a', entry);
    storeFinished(cache, build, join(build, 'b.js'), 'digest-b', entry);
    writeFinishCache(cache, 'code-1', { 'digest-a': entry });
    expect(readFinishCache(cache, 'code-1')).toEqual({ 'digest-a': entry });
    expect(existsSync(join(cache, 'files', 'digest-a'))).toBe(true);
    expect(existsSync(join(cache, 'files', 'digest-b'))).toBe(false);
    expect(readFinishCache(cache, 'code-2')).toEqual({});
  });

  it('digests by extension and bytes', () => {
    const body = Buffer.from('same');
    expect(finishCacheDigest('/a/index.html', body)).toBe(finishCacheDigest('/b/other.html', body));
    expect(finishCacheDigest('/a/index.html', body)).not.toBe(finishCacheDigest('/a/index.xml', body));
    expect(finishCacheDigest('/a/index.html', body)).not.toBe(finishCacheDigest('/a/index.html', Buffer.from('other')));
  });

  it('finds the sheets a page draws from', () => {
    expect(sheetsOf('<style>.img-sheet{background-image:url(/_astro/sheets/Ab-9_x.webp)}</style><i style="background:url(/_astro/sheets/Ab-9_x.webp)">')).toEqual(['Ab-9_x.webp']);
  });
});

describe('finishBuild with a cache', () => {
  it('gives a second build of the same site the first one’s files, and finishes only what changed', async () => {
    const cache = tempDir();
    const first = builtSite();
    const firstResult = await finishBuild(first, { cache: { dir: cache, code: 'c1' } });
    expect(firstResult.restored).toBe(0);

    // The next build: Astro wrote the same home page and chunk, and another club page.
    const second = tempDir();
    cpSync(builtSite(), second, { recursive: true });
    writeFileSync(join(second, 'equipos', '1148', 'index.html'), PAGE.replace('Emelec', 'Barcelona SC 2-1'));
    const result = await finishBuild(second, { cache: { dir: cache, code: 'c1' } });
    expect(result.restored).toBe(2);
    for (const file of ['index.html', 'index.html.br', 'index.html.gz', '_astro/shell.def.js', '_astro/shell.def.js.br']) {
      expect(statSync(join(second, file)).ino, file).toBe(statSync(join(first, file)).ino);
    }
    expect(statSync(join(second, 'equipos/1148/index.html')).ino).not.toBe(statSync(join(first, 'equipos/1148/index.html')).ino);
    expect(readFileSync(join(second, 'equipos/1148/index.html'), 'utf8')).toContain('Barcelona SC 2-1');
    // The restored page is finished as the first build finished it (its unused rule trimmed), and the policy still has its script.
    expect(readFileSync(join(second, 'index.html'), 'utf8')).toBe(readFileSync(join(first, 'index.html'), 'utf8'));
    expect(readFileSync(join(second, 'index.html'), 'utf8')).not.toContain('.grid{');
    expect(readFileSync(join(second, '.security.json'), 'utf8')).toBe(readFileSync(join(first, '.security.json'), 'utf8'));

    // Another version of the code finishes everything again.
    const third = builtSite();
    expect((await finishBuild(third, { cache: { dir: cache, code: 'c2' } })).restored).toBe(0);
  });
});
