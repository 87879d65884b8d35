import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * Where builds live and how one goes live. Each build is written to `dist.builds/<id>/`; `dist` is a
 * symlink to the live one, replaced by rename(2) of a fresh symlink, which is atomic: a reader (or the
 * server reading a file) sees either the old build or the new one, never a missing or half-written
 * dist/. The previous build is kept until the next one goes live (a request that began on it can
 * finish), older ones are removed.
 */
export function distLayout(distDir: string) {
  const dist = resolve(distDir);
  const builds = `${dist}.builds`;

  /** A fresh, empty folder for the next build. Ids sort by time. */
  function newBuildDir(): string {
    mkdirSync(builds, { recursive: true });
    const id = buildId(String(process.pid));
    const dir = join(builds, id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    return dir;
  }

  /** The build dist/ points at now (null when there is none). */
  function live(): string | null {
    try {
      return resolve(dirname(dist), readlinkSync(dist));
    } catch {
      return null;
    }
  }

  /**
   * A dist/ left by an older version of this code is a real folder: it moves into dist.builds/ once,
   * so it keeps serving until the first new build replaces it.
   */
  function adoptRealDist(): void {
    if (!existsSync(dist) || lstatSync(dist).isSymbolicLink()) return;
    mkdirSync(builds, { recursive: true });
    const dir = join(builds, buildId('adopted'));
    renameSync(dist, dir);
    point(dir);
  }

  function point(dir: string): void {
    const temp = `${dist}.link-${process.pid}-${Date.now()}`;
    rmSync(temp, { force: true });
    // Relative, so the worktree can move and `dist` still resolves.
    symlinkSync(relative(dirname(dist), dir), temp, 'dir');
    renameSync(temp, dist);
  }

  /**
   * Makes `dir` the live build in one rename(2), then removes the builds older than the one it
   * replaces (that one stays: the last good build before this, and requests may still be reading it).
   * Newer folders are left alone: another process may be building into one.
   * The removal runs in the background (the promise says when it is over): a build is some 12,000
   * files, and deleting one took 3–8 s, which a synchronous removal spent on the server's only
   * thread after each rebuild, with readers' requests and live pushes waiting.
   */
  function activate(dir: string): Promise<void> {
    adoptRealDist();
    const previous = live();
    point(dir);
    if (!previous) return Promise.resolve();
    const cutoff = basename(previous);
    const older = readdirSync(builds).filter((name) => name < cutoff && name !== basename(dir));
    return Promise.all(older.map((name) => rm(join(builds, name), { recursive: true, force: true }))).then(() => undefined);
  }

  /** Removes a build that failed (never the live one). */
  function discard(dir: string): void {
    if (resolve(dir) !== live()) rmSync(dir, { recursive: true, force: true });
  }

  return { dist, builds, newBuildDir, activate, discard, live, adoptRealDist };
}

/** Every file below `dir` (full paths). */
export function listFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}

/** Folder names that sort by creation time. */
function buildId(suffix: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${suffix}`;
}
