import { writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * What a build changed against the build before it: the files a CDN that takes partial uploads needs
 * (changed or new) and the ones it should delete. An incremental build links the files it did not
 * rebuild to the same inode as the build before (integrations/finish/finish-cache.ts), so most files
 * are told apart by one stat; the others are compared byte for byte. Written beside the build as
 * `.deploy-diff.json` and sent to `PUBLISH_HOOK_URL` when it is set.
 */
export interface DeployDiff {
  /** The build folder this one is compared with (null: none, every file is new). */
  previous: string | null;
  changed: string[];
  removed: string[];
  unchanged: number;
  /** Bytes of the changed files: what a partial upload sends. */
  changedBytes: number;
}

export const DEPLOY_DIFF_FILE = '.deploy-diff.json';
/** The build's own notes, which differ every build and are not served. */
const NOTES = new Set(['.build-info.json', DEPLOY_DIFF_FILE]);

async function siteFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const rel = relative(dir, full).split(sep).join('/');
    if (!NOTES.has(rel)) files.set(rel, full);
  }
  return files;
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (sa.ino === sb.ino && sa.dev === sb.dev) return true;
  if (sa.size !== sb.size) return false;
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

/** Files compared at once: enough to keep the disk busy, few enough buffers in memory. */
const CONCURRENCY = 16;

/**
 * Asynchronous: the server builds beside its readers and live pushes, and after a build that rendered
 * everything (no file shared with the build before) the comparison reads a few hundred megabytes.
 */
export async function deployDiff(previous: string | null, next: string): Promise<DeployDiff> {
  const now = await siteFiles(next);
  const before = previous ? await siteFiles(previous) : new Map<string, string>();
  const changed: string[] = [];
  let unchanged = 0;
  let changedBytes = 0;
  const entries = [...now];
  let nextEntry = 0;
  const compare = async () => {
    while (nextEntry < entries.length) {
      const [rel, full] = entries[nextEntry++]!;
      const old = before.get(rel);
      if (old && (await sameFile(old, full))) unchanged += 1;
      else {
        changed.push(rel);
        // Awaited first: `changedBytes += await …` would add to the total as it was before the wait.
        const { size } = await stat(full);
        changedBytes += size;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, compare));
  const removed = [...before.keys()].filter((rel) => !now.has(rel));
  return { previous, changed: changed.sort(), removed: removed.sort(), unchanged, changedBytes };
}

export function writeDeployDiff(dir: string, diff: DeployDiff): void {
  writeFileSync(join(dir, DEPLOY_DIFF_FILE), JSON.stringify(diff, null, 1));
}

/** Sends the diff to a host that uploads what changed; a failure is logged, the build stays live. */
export async function sendDeployDiff(url: string, build: string, diff: DeployDiff, fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ build, changed: diff.changed, removed: diff.removed }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`publish hook answered HTTP ${response.status}`);
}
