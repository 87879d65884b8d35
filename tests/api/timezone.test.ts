import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStoreDir, removeTemplate, startServer, type TestServer } from './servers.ts';

/**
 * The `timezone` parameter of /fixtures, as API-Football has it: the zone of `fixture.date` and
 * `fixture.timezone`, and the zone whose days `date`, `from` and `to` name (UTC when absent). A
 * client written for the provider gets the provider's answers. The store gets one match at a known
 * instant, 01:00Z on 1 July 2025: 20:00 on 30 June in Ecuador.
 */
const MATCH = 99_000_001;
const KICKOFF = Date.parse('2025-07-01T01:00:00Z') / 1000;

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = demoStoreDir();
  const db = new DatabaseSync(join(dir, 'marcador.db'));
  try {
    // A finished Liga Pro match of the demo, moved to the known instant under its own id.
    const row = db.prepare("SELECT * FROM fixtures WHERE league_id = 242 AND status_short = 'FT' ORDER BY id LIMIT 1").get() as Record<string, unknown>;
    const data = JSON.parse(row.data as string);
    data.fixture = { ...data.fixture, id: MATCH, date: '2025-07-01T01:00:00+00:00', timestamp: KICKOFF, timezone: 'UTC' };
    data.league = { ...data.league, season: 2025 };
    db.prepare('INSERT INTO fixtures (id, league_id, season, round, timestamp, status_short, home_id, away_id, scripted, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)').run(
      MATCH, 242, 2025, row.round as string, KICKOFF, 'FT', row.home_id as number, row.away_id as number, JSON.stringify(data),
    );
  } finally {
    db.close();
  }
  server = await startServer(dir, { BACKUP_DAILY: '0' });
}, 120_000);

afterAll(async () => {
  await server?.stop({ kill: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
  removeTemplate();
});

async function get(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, body: (await res.json()) as any };
}
const ids = (body: any): number[] => body.response.map((f: any) => f.fixture.id);

describe('fixtures ?timezone=', { timeout: 60_000 }, () => {
  it('reads date as a day in that zone: 01:00Z on 1 July is 30 June in Guayaquil, 1 July in UTC', async () => {
    const ecuador = await get('/api/football/fixtures?date=2025-06-30&timezone=America/Guayaquil');
    expect(ecuador.status).toBe(200);
    expect(ids(ecuador.body)).toEqual([MATCH]);
    expect(ecuador.body.parameters).toEqual({ date: '2025-06-30', timezone: 'America/Guayaquil' });
    expect(ecuador.body.response[0].fixture.date).toBe('2025-06-30T20:00:00-05:00');
    expect(ecuador.body.response[0].fixture.timezone).toBe('America/Guayaquil');
    expect(ecuador.body.response[0].fixture.timestamp).toBe(KICKOFF);

    // Without timezone the day is UTC's, as the provider's: 30 June UTC ends before the kick-off.
    expect(ids((await get('/api/football/fixtures?date=2025-06-30')).body)).toEqual([]);
    const utc = await get('/api/football/fixtures?date=2025-07-01');
    expect(ids(utc.body)).toEqual([MATCH]);
    expect(utc.body.response[0].fixture.date).toBe('2025-07-01T01:00:00+00:00');
    expect(utc.body.response[0].fixture.timezone).toBe('UTC');
    expect(ids((await get('/api/football/fixtures?date=2025-07-01&timezone=America/Guayaquil')).body)).toEqual([]);
  });

  it('reads from and to as days in that zone too', async () => {
    expect(ids((await get('/api/football/fixtures?from=2025-06-29&to=2025-06-30&timezone=America/Guayaquil')).body)).toEqual([MATCH]);
    expect(ids((await get('/api/football/fixtures?from=2025-06-29&to=2025-06-30')).body)).toEqual([]);
    expect(ids((await get('/api/football/fixtures?from=2025-07-01&to=2025-07-02')).body)).toEqual([MATCH]);
  });

  it('writes fixture.date in the zone asked for, for one match and for lists', async () => {
    const tokyo = await get(`/api/football/fixtures?id=${MATCH}&timezone=Asia/Tokyo`);
    expect(tokyo.body.response[0].fixture).toMatchObject({ date: '2025-07-01T10:00:00+09:00', timezone: 'Asia/Tokyo', timestamp: KICKOFF });
    const plain = await get(`/api/football/fixtures?id=${MATCH}`);
    expect(plain.body.response[0].fixture).toMatchObject({ date: '2025-07-01T01:00:00+00:00', timezone: 'UTC' });
    const kathmandu = await get(`/api/football/fixtures?ids=${MATCH}&timezone=Asia/Kathmandu`);
    expect(kathmandu.body.response[0].fixture.date).toBe('2025-07-01T06:45:00+05:45');
    // A whole season's list: every match written in Ecuador's offset, each the same instant as its timestamp.
    const season = await get('/api/football/fixtures?league=242&timezone=America/Guayaquil');
    expect(season.body.response.length).toBeGreaterThan(100);
    for (const f of season.body.response) {
      expect(f.fixture.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-05:00$/);
      expect(Date.parse(f.fixture.date) / 1000).toBe(f.fixture.timestamp);
    }
  });

  it("reads date=today as today in that zone (the clock is 22 November, 20:30 in Quito: 23 November in UTC)", async () => {
    const today = await get('/api/football/fixtures?league=242&date=today&timezone=America/Guayaquil');
    const day = await get('/api/football/fixtures?league=242&date=2026-11-22&timezone=America/Guayaquil');
    expect(ids(today.body).length).toBeGreaterThan(0);
    expect(ids(today.body)).toEqual(ids(day.body));
    const utcToday = await get('/api/football/fixtures?league=242&date=today');
    expect(ids(utcToday.body)).toEqual(ids((await get('/api/football/fixtures?league=242&date=2026-11-23')).body));
  });

  it('answers an unknown zone or an offset with the error envelope naming the parameter', async () => {
    for (const zone of ['Mars/Olympus', '-05:00', 'America/Guayaquil%00', 'x'.repeat(80)]) {
      const { status, body } = await get(`/api/football/fixtures?date=2025-06-30&timezone=${zone}`);
      expect(status).toBe(400);
      expect(body.errors).toEqual({ timezone: 'Invalid timezone: expected an IANA time zone name such as America/Guayaquil or UTC' });
      expect(body.response).toEqual([]);
    }
    expect((await get(`/api/football/fixtures?id=${MATCH}&timezone=Nowhere`)).status).toBe(400);
  });
});
