import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { listFiles } from './publish.ts';

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

function siteFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const full of listFiles(dir)) {
    const rel = relative(dir, full).split(sep).join('/');
    if (!NOTES.has(rel)) files.set(rel, full);
  }
  return files;
}

function sameFile(a: string, b: string): boolean {
  const [sa, sb] = [statSync(a), statSync(b)];
  if (sa.ino === sb.ino && sa.dev === sb.dev) return true;
  return sa.size === sb.size && readFileSync(a).equals(readFileSync(b));
}

export function deployDiff(previous: string | null, next: string): DeployDiff {
  const now = siteFiles(next);
  const before = previous ? siteFiles(previous) : new Map<string, string>();
  const changed: string[] = [];
  let unchanged = 0;
  let changedBytes = 0;
  for (const [rel, full] of now) {
    const old = before.get(rel);
    if (old && sameFile(old, full)) unchanged += 1;
    else {
      changed.push(rel);
      changedBytes += statSync(full).size;
    }
  }
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
