/**
 * `npm run sync`: pulls the portal's competitions from API-Football into the store.
 *
 *   API_FOOTBALL_KEY       required: the API-Football (api-sports.io) key
 *   API_FOOTBALL_BASE_URL  optional: another host speaking the same v3 API
 *   SYNC_SEASON            optional: one season (e.g. 2026) for every competition; default: each one's current season
 *   SYNC_LEAGUES           optional: comma-separated league ids (default 242,243,13,11,34; 10 = national-team friendlies)
 *   DATABASE_PATH          optional: the store file (default data/marcador.db)
 *
 * Exit codes: 0 all synced, 1 something failed (see the report), 2 bad configuration.
 */
import { openDb, type Db } from '../../store/db.ts';
import { ApiFootballClient, type ApiFootballClientOptions } from './client.ts';
import { DEFAULT_LEAGUES, syncAll, type SyncReport } from './sync.ts';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CliDependencies {
  openStore?: () => Db;
  clientOptions?: Partial<ApiFootballClientOptions>;
}

type Config = { apiKey: string; baseUrl?: string; season?: number; leagues: number[] };

function readConfig(env: NodeJS.ProcessEnv): { ok: true; config: Config } | { ok: false; message: string } {
  const apiKey = env.API_FOOTBALL_KEY?.trim();
  if (!apiKey) {
    return {
      ok: false,
      message:
        'API_FOOTBALL_KEY is not set. `npm run sync` needs an API-Football key (https://dashboard.api-football.com) ' +
        'in the environment, e.g. API_FOOTBALL_KEY=yourkey npm run sync. Without a key, use the demo season: npm run data:demo.',
    };
  }
  let season: number | undefined;
  const seasonText = env.SYNC_SEASON?.trim();
  if (seasonText) {
    if (!/^\d{4}$/.test(seasonText)) return { ok: false, message: `SYNC_SEASON must be a year such as 2026, not ${JSON.stringify(seasonText)}.` };
    season = Number(seasonText);
  }
  let leagues = [...DEFAULT_LEAGUES];
  const leaguesText = env.SYNC_LEAGUES?.trim();
  if (leaguesText) {
    const parts = leaguesText.split(',').map((part) => part.trim()).filter((part) => part !== '');
    const bad = parts.filter((part) => !/^[1-9]\d*$/.test(part));
    if (parts.length === 0 || bad.length > 0) {
      return { ok: false, message: `SYNC_LEAGUES must be comma-separated league ids such as 242,243; could not read ${JSON.stringify(bad.join(',') || leaguesText)}.` };
    }
    leagues = [...new Set(parts.map(Number))];
  }
  const baseUrl = env.API_FOOTBALL_BASE_URL?.trim() || undefined;
  return { ok: true, config: { apiKey, baseUrl, season, leagues } };
}

export function formatReport(report: SyncReport): string {
  const season = report.season === null ? '' : ` ${report.season}`;
  const head = `${report.ok ? 'ok    ' : 'FAILED'} ${report.competition} ${report.name}${season}`;
  const counts = Object.entries(report.counts).map(([key, value]) => `${key} ${value}`).join(', ');
  const lines = [report.ok ? `${head}: ${counts}` : `${head}: ${report.error} (${counts})`];
  for (const warning of report.warnings) lines.push(`       warning: ${warning}`);
  return lines.join('\n');
}

/** Runs the sync and returns the exit code. */
export async function runSyncCli(env: NodeJS.ProcessEnv, io: CliIo, deps: CliDependencies = {}): Promise<number> {
  const read = readConfig(env);
  if (!read.ok) {
    io.err(read.message);
    return 2;
  }
  const { config } = read;
  let client: ApiFootballClient;
  try {
    client = new ApiFootballClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, onNotice: io.err, ...deps.clientOptions });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const db = deps.openStore ? deps.openStore() : openDb();
  try {
    io.out(`Syncing from ${client.baseUrl}: leagues ${config.leagues.join(', ')}${config.season ? `, season ${config.season}` : ''}`);
    const reports = await syncAll(db, client, { season: config.season, leagues: config.leagues });
    for (const report of reports) io.out(formatReport(report));
    const failed = reports.filter((r) => !r.ok).length;
    io.out(`${reports.length - failed} of ${reports.length} steps synced; ${client.requestCount} requests to API-Football.`);
    return failed === 0 ? 0 : 1;
  } finally {
    if (!deps.openStore) db.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runSyncCli(process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
