import { buildWithOwnApi } from './build.ts';

/**
 * `npm run rebuild`, for editors: asks the running server (`PORT`, default 4321; `REBUILD_URL` for
 * another host) to rebuild the site with `ADMIN_TOKEN`, prints its progress until it is done and
 * the result. When no server answers, builds locally the way `npm run build` does.
 */
const base = (process.env.REBUILD_URL || `http://127.0.0.1:${process.env.PORT || 4321}`).replace(/\/$/, '');
const token = process.env.ADMIN_TOKEN?.trim();
const POLL_MS = 2000;

interface Status {
  state: 'idle' | 'queued' | 'running';
  followUp?: boolean;
  lastSuccess: { at: string; pages: number | null; ms: number } | null;
  lastFailure: { at: string; error: string } | null;
}

async function reachable(): Promise<boolean> {
  try {
    await fetch(`${base}/api/time`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

async function admin(method: 'GET' | 'POST'): Promise<{ status: number; body: Status & { message?: string } }> {
  const res = await fetch(`${base}/api/admin/rebuild`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Status & { message?: string } };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function remote(): Promise<number> {
  if (!token) {
    console.error(`[rebuild] a server answers at ${base}, but ADMIN_TOKEN is not set: set it to the server's token.`);
    return 2;
  }
  const before = (await admin('GET')).body;
  const asked = await admin('POST');
  if (asked.status === 404) {
    console.error(`[rebuild] ${base} has no rebuild endpoint: start it with ADMIN_TOKEN set.`);
    return 2;
  }
  if (asked.status !== 202) {
    console.error(`[rebuild] ${base} refused (HTTP ${asked.status}): ${asked.body.message ?? ''}`);
    return 1;
  }
  console.log(`[rebuild] ${asked.body.message ?? 'queued'} on ${base}`);
  const started = Date.now();
  let last = '';
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const { body } = await admin('GET');
    const line = `${body.state}${body.followUp ? ' (another build follows)' : ''}`;
    if (line !== last) console.log(`[rebuild] ${seconds(Date.now() - started)}: ${line}`);
    else process.stdout.write('.');
    last = line;
    if (body.state !== 'idle') continue;
    const succeeded = body.lastSuccess && body.lastSuccess.at !== before.lastSuccess?.at;
    const failed = body.lastFailure && body.lastFailure.at !== before.lastFailure?.at;
    if (failed && (!succeeded || body.lastFailure!.at > body.lastSuccess!.at)) {
      console.error(`\n[rebuild] failed: ${body.lastFailure!.error}. The site keeps serving the previous build.`);
      return 1;
    }
    if (succeeded) {
      const { pages, ms } = body.lastSuccess!;
      console.log(`\n[rebuild] done: ${pages === null ? 'the static host is building' : `${pages} pages`} in ${seconds(ms)}; live now.`);
      return 0;
    }
  }
}

async function local(): Promise<number> {
  console.log(`[rebuild] no server at ${base}: building locally into dist/`);
  try {
    const { pages, ms } = await buildWithOwnApi();
    console.log(`[rebuild] done: ${pages} pages in ${seconds(ms)}; \`npm start\` serves them (or deploy dist/).`);
    return 0;
  } catch (error) {
    console.error(`[rebuild] failed: ${(error as Error).message}. dist/ still holds the previous build.`);
    return 1;
  }
}

process.exitCode = (await reachable()) ? await remote() : await local();
