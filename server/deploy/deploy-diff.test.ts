import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { deployDiff, sendDeployDiff } from './deploy-diff.ts';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';

/** Issue 37's deploy diff: what a CDN taking partial uploads must receive after a build, and delete. */
const tempDir = tempDirs('marcador-diff-');

function write(dir: string, rel: string, body: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), body);
}

describe('deployDiff', () => {
  it('lists the changed and new files and the removed ones; a linked or equal file is unchanged', async () => {
    const before = tempDir();
    const after = tempDir();
    write(before, 'equipos/1148/index.html', 'Emelec');
    mkdirSync(join(after, 'equipos/1148'), { recursive: true });
    linkSync(join(before, 'equipos/1148/index.html'), join(after, 'equipos/1148/index.html'));
    write(before, 'posiciones/index.html', 'Barcelona SC 10 pts');
    write(after, 'posiciones/index.html', 'Barcelona SC 13 pts');
    write(before, 'partidos/1/og.png', 'png');
    write(after, 'partidos/1/og.png', 'png');
    write(after, 'partidos/2/index.html', 'new match');
    write(before, 'noticias/retirada/index.html', 'gone');
    write(before, '.build-info.json', '{"builtAt":"a"}');
    write(after, '.build-info.json', '{"builtAt":"b"}');

    const diff = await deployDiff(before, after);
    expect(diff).toEqual({
      previous: before,
      changed: ['partidos/2/index.html', 'posiciones/index.html'],
      removed: ['noticias/retirada/index.html'],
      unchanged: 2,
      changedBytes: 'new match'.length + 'Barcelona SC 13 pts'.length,
    });
  });

  it('adds up the bytes of many files compared at once', async () => {
    const after = tempDir();
    for (let i = 0; i < 200; i++) write(after, `jugadores/${i}/index.html`, 'x'.repeat(i));
    const diff = await deployDiff(null, after);
    expect(diff.changed).toHaveLength(200);
    expect(diff.changedBytes).toBe((199 * 200) / 2);
  });

  it('counts every file as new without a build before', async () => {
    const after = tempDir();
    write(after, 'index.html', 'Portada');
    expect(await deployDiff(null, after)).toEqual({ previous: null, changed: ['index.html'], removed: [], unchanged: 0, changedBytes: 7 });
  });
});

describe('sendDeployDiff', () => {
  it('posts the build and its lists, and fails on a refusal', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    const diff = { previous: '/b/1', changed: ['posiciones/index.html'], removed: [], unchanged: 5, changedBytes: 10 };
    await sendDeployDiff('https://cdn.example/publish', '2026-11-22T20-31', diff, fetchImpl as unknown as typeof fetch);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://cdn.example/publish');
    expect(JSON.parse(String(init.body))).toEqual({ build: '2026-11-22T20-31', changed: ['posiciones/index.html'], removed: [] });
    const refusing = vi.fn(async () => new Response(null, { status: 503 }));
    await expect(sendDeployDiff('https://cdn.example/publish', 'x', diff, refusing as unknown as typeof fetch)).rejects.toThrow('publish hook answered HTTP 503');
  });
});
