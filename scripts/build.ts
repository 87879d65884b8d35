import { startServer } from '../server/main.ts';
import { buildSite, type BuildResult } from '../server/deploy/site-build.ts';

// `npm run build`: make sure the store has data, serve the API on a free loopback port, build the
// site against it, stop. The build itself lives in server/deploy/site-build.ts: `npm start` rebuilds with it
// too, and server/ never imports scripts/. `npm run rebuild` uses this when no server runs.
export async function buildWithOwnApi(): Promise<BuildResult> {
  const server = await startServer({ port: 0, host: '127.0.0.1', apiOnly: true, quiet: true, demoDays: false });
  try {
    return await buildSite({ apiUrl: server.url, dataVersion: server.dataVersion() });
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildWithOwnApi();
  } catch (error) {
    console.error(`[build] failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
