import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { extname, join } from 'node:path';
import type { PagePolicyFacts } from './headers.ts';
import { SHEETS_DIR } from './image-sheets.ts';

/**
 * The finished files of earlier builds, by what Astro wrote. An incremental build restores most pages
 * as they were rendered before (astro.config.mjs, src/lib/loaders/page-keys.ts); finishing them again
 * (trim, image sheet, brotli, gzip) would give the same bytes for most of a build's CPU. So each
 * finished file and its .br/.gz are kept here under a digest of the file's extension and raw bytes, and
 * a later build that writes the same raw bytes gets them as hard links: the same file as in the build
 * before, not rebuilt, and no extra disk. The cache belongs to one version of the code (a change of the
 * finishing changes what a raw file finishes into): another digest empties it. Entries no build used
 * are removed at the end of each build.
 *
 * A linked file is shared by the cache and every build that has it, so nothing may write into a
 * finished file in place: the finishing writes new files, and a build's folder is never reused.
 */
export interface FinishCacheEntry {
  /** The page's policy facts (null: not a page). */
  facts: PagePolicyFacts | null;
  /** The files written from the raw one, by suffix: '' (the finished file itself), '.br', '.gz'. */
  outputs: string[];
  /** Image sheets the finished page draws from (file names under _astro/sheets/). */
  sheets: string[];
}

export type FinishCacheEntries = Record<string, FinishCacheEntry>;

interface Manifest {
  code: string;
  entries: FinishCacheEntries;
}

/** The files the finishing compresses (and rewrites, the pages); the others it only keeps. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;
const MANIFEST = 'manifest.json';
const SHEET_URL = new RegExp(`/${SHEETS_DIR}/([\\w-]+\\.webp)`, 'g');

export function finishCacheDigest(full: string, body: Buffer): string {
  return createHash('sha256').update(extname(full)).update('\0').update(body).digest('base64url');
}

/** The sheets a finished page's HTML points at. */
export function sheetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(SHEET_URL)].map((m) => m[1]!))];
}

/**
 * Replaces `to` by a link to `from` in one rename(2): the other finishing thread may be reading `to`
 * (a script chunk, read as each thread starts) and must never find it missing.
 */
function linkOrCopy(from: string, to: string): void {
  const temporary = `${to}.${process.pid}-${threadId}.link`;
  rmSync(temporary, { force: true });
  linkIfAbsent(from, temporary);
  renameSync(temporary, to);
}

/**
 * Links `from` to `to` unless `to` exists. Both finishing threads may place the same sheet (two pages
 * share it) or keep the same raw bytes (two identical files) at once: the second finds it done.
 */
function linkIfAbsent(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'EXDEV') throw error;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

export function readFinishCache(cacheDir: string, code: string): FinishCacheEntries {
  try {
    const manifest = JSON.parse(readFileSync(join(cacheDir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.code === code) return manifest.entries;
  } catch {
    // No cache yet, or an unreadable one: the build finishes every file.
  }
  return {};
}

/**
 * Puts the finished files of `full` (and the sheets its page uses) in the build from the cache.
 * False when one of them is missing from the cache: the file is then finished as new.
 */
export function restoreFinished(cacheDir: string, buildDir: string, full: string, digest: string, entry: FinishCacheEntry): boolean {
  const files = entry.outputs.map((suffix) => [join(cacheDir, 'files', digest + suffix), full + suffix] as const);
  const sheets = entry.sheets.map((name) => [join(cacheDir, 'sheets', name), join(buildDir, SHEETS_DIR, name)] as const);
  if (![...files, ...sheets].every(([from]) => existsSync(from))) return false;
  for (const [from, to] of files) linkOrCopy(from, to);
  if (sheets.length) mkdirSync(join(buildDir, SHEETS_DIR), { recursive: true });
  // Two pages can share a sheet: the first one links it.
  for (const [from, to] of sheets) linkIfAbsent(from, to);
  return true;
}

/** Keeps the finished files of `full` (and the sheets its page uses) for the next build. */
export function storeFinished(cacheDir: string, buildDir: string, full: string, digest: string, entry: FinishCacheEntry): void {
  mkdirSync(join(cacheDir, 'files'), { recursive: true });
  for (const suffix of entry.outputs) {
    linkIfAbsent(full + suffix, join(cacheDir, 'files', digest + suffix));
  }
  if (entry.sheets.length) mkdirSync(join(cacheDir, 'sheets'), { recursive: true });
  for (const name of entry.sheets) {
    linkIfAbsent(join(buildDir, SHEETS_DIR, name), join(cacheDir, 'sheets', name));
  }
}

/** Writes the manifest of what this build used and removes every other kept file. */
export function writeFinishCache(cacheDir: string, code: string, used: FinishCacheEntries): void {
  mkdirSync(cacheDir, { recursive: true });
  const files = new Set(Object.entries(used).flatMap(([digest, entry]) => entry.outputs.map((suffix) => digest + suffix)));
  const sheets = new Set(Object.values(used).flatMap((entry) => entry.sheets));
  for (const [folder, keep] of [
    ['files', files],
    ['sheets', sheets],
  ] as const) {
    if (!existsSync(join(cacheDir, folder))) continue;
    for (const name of readdirSync(join(cacheDir, folder))) if (!keep.has(name)) rmSync(join(cacheDir, folder, name), { force: true });
  }
  writeFileSync(join(cacheDir, MANIFEST), JSON.stringify({ code, entries: used } satisfies Manifest));
}
