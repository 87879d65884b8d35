import { describe, expect, it } from 'vitest';
import { getMeta, openDb } from '../../store/db.ts';
import { loadDemoSeason } from './load.ts';

const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
const count = (db: ReturnType<typeof openDb>, sql: string, ...args: Array<string | number>) =>
  (db.prepare(sql).get(...args) as { n: number }).n;

describe('demo season in the store', () => {
  const db = openDb(':memory:');
  db.prepare('INSERT INTO newsletter_subscriptions (email, created_at, source) VALUES (?, ?, ?)').run('lectora@example.com', '2026-11-01T00:00:00Z', 'footer');
  db.prepare('INSERT INTO page_views (path, day, count) VALUES (?, ?, ?)').run('/noticias', '2026-11-20', 42);
  const summary = loadDemoSeason(db, { seed: 2026, anchor: ANCHOR });

  it('writes every competition, fixture, player and article and records the meta keys', () => {
    expect(count(db, 'SELECT COUNT(*) n FROM competitions')).toBe(summary.competitions);
    expect(count(db, 'SELECT COUNT(*) n FROM fixtures')).toBe(summary.fixtures);
    expect(count(db, 'SELECT COUNT(*) n FROM players')).toBe(summary.players);
    expect(count(db, 'SELECT COUNT(*) n FROM teams')).toBe(summary.teams);
    expect(count(db, 'SELECT COUNT(*) n FROM articles')).toBe(summary.articles);
    // Scripted matches are stored as they stand at the anchor: only the events played so far.
    expect(count(db, 'SELECT COUNT(*) n FROM fixture_events e JOIN fixtures f ON f.id = e.fixture_id WHERE f.scripted = 0')).toBeGreaterThan(10_000);
    expect(count(db, 'SELECT COUNT(*) n FROM fixture_events')).toBeLessThan(summary.events);
    expect(count(db, 'SELECT COUNT(*) n FROM fixtures WHERE scripted = 1')).toBe(summary.scripted);
    expect(count(db, 'SELECT COUNT(*) n FROM standings WHERE league_id = 242')).toBe(16 + 6 + 6 + 4);
    expect(getMeta(db, 'source')).toBe('demo');
    expect(getMeta(db, 'demo.seed')).toBe('2026');
    expect(getMeta(db, 'demo.anchor')).toBe(ANCHOR.toISOString());
    expect(getMeta(db, 'demo.viewAt')).toBe(ANCHOR.toISOString());
    expect(Number.isNaN(Date.parse(getMeta(db, 'demo.generatedAt') ?? ''))).toBe(false);
  });

  it('keeps called-up players at their clubs and players abroad at their foreign clubs', () => {
    const ecuadorSquad = db.prepare('SELECT player_id FROM squads WHERE team_id = 2382').all() as Array<{ player_id: number }>;
    expect(ecuadorSquad.length).toBe(26);
    const national = count(db, `SELECT COUNT(*) n FROM players WHERE id IN (${ecuadorSquad.map((r) => r.player_id).join(',')}) AND team_id = 2382`);
    expect(national).toBe(0);
    const abroad = db.prepare("SELECT p.team_id, t.country FROM players p JOIN teams t ON t.id = p.team_id WHERE p.nationality = 'Ecuador' AND t.country <> 'Ecuador'").all();
    expect(abroad.length).toBeGreaterThanOrEqual(20);
  });

  it('stores the live status of scripted fixtures in their status column', () => {
    const statuses = (db.prepare('SELECT status_short s FROM fixtures WHERE scripted = 1').all() as Array<{ s: string }>).map((r) => r.s);
    expect(statuses.filter((s) => s === '1H' || s === '2H')).toHaveLength(2);
  });

  it('stores a scripted match in play with only the events played by then', () => {
    const live = db.prepare("SELECT id, data FROM fixtures WHERE scripted = 1 AND status_short IN ('1H', '2H')").all() as Array<{ id: number; data: string }>;
    for (const row of live) {
      const elapsed = JSON.parse(row.data).fixture.status.elapsed as number;
      const events = (db.prepare('SELECT data FROM fixture_events WHERE fixture_id = ?').all(row.id) as Array<{ data: string }>).map((r) => JSON.parse(r.data));
      for (const e of events) expect(e.time.elapsed).toBeLessThanOrEqual(elapsed);
      const goals = JSON.parse(row.data).goals;
      expect(events.filter((e) => e.type === 'Goal' && e.detail !== 'Missed Penalty').length).toBe(goals.home + goals.away);
    }
  });

  it('re-anchoring replaces the season but keeps subscriptions and page views', () => {
    const next = loadDemoSeason(db, { seed: 2026, anchor: new Date(ANCHOR.getTime() + 86_400_000) });
    expect(count(db, 'SELECT COUNT(*) n FROM fixtures')).toBe(next.fixtures);
    expect(count(db, 'SELECT COUNT(*) n FROM articles')).toBe(next.articles);
    expect(count(db, 'SELECT COUNT(*) n FROM newsletter_subscriptions')).toBe(1);
    expect(count(db, 'SELECT count n FROM page_views WHERE path = ?', '/noticias')).toBe(42);
  });
});
