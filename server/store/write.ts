import { transaction, type Db } from './db.ts';
import type { ArticleRecord, CompetitionDataset, GlobalDataset } from './dataset.ts';
import type { ApiFixtureFull, ApiInjury, ApiPlayerEntry, ApiTeamEntry } from './provider-types.ts';
import { isFinishedStatus } from '../../contract/status.ts';

const json = (value: unknown) => JSON.stringify(value);

/** Text of sanitized article HTML, for the full-text index. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function upsertTeams(db: Db, entries: ApiTeamEntry[]): void {
  const venue = db.prepare(
    `INSERT INTO venues (id, name, address, city, capacity, surface, image) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, address = excluded.address, city = excluded.city,
       capacity = excluded.capacity, surface = excluded.surface, image = excluded.image`,
  );
  const team = db.prepare(
    `INSERT INTO teams (id, name, code, country, founded, national, logo, venue_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, code = excluded.code, country = excluded.country,
       founded = excluded.founded, national = excluded.national, logo = excluded.logo,
       venue_id = COALESCE(excluded.venue_id, teams.venue_id)`,
  );
  for (const { team: t, venue: v } of entries) {
    if (v && v.id != null) venue.run(v.id, v.name ?? '', v.address, v.city, v.capacity, v.surface, v.image);
    team.run(t.id, t.name, t.code, t.country, t.founded, t.national ? 1 : 0, t.logo, v?.id ?? null);
  }
}

/**
 * `teamOf` maps a player to his club. A national team is never a player's club: a squad or statistics
 * line of a national team leaves the player's club as it was.
 */
function upsertPlayers(db: Db, entries: ApiPlayerEntry[], teamOf: Map<number, number>, nationalTeams: Set<number>): void {
  const player = db.prepare(
    `INSERT INTO players (id, name, firstname, lastname, nationality, team_id, data) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, firstname = excluded.firstname, lastname = excluded.lastname,
       nationality = excluded.nationality, team_id = COALESCE(excluded.team_id, players.team_id), data = excluded.data`,
  );
  for (const { player: p, statistics } of entries) {
    const clubLine = statistics.find((st) => !nationalTeams.has(st.team.id));
    const teamId = teamOf.get(p.id) ?? clubLine?.team.id ?? null;
    player.run(p.id, p.name, p.firstname, p.lastname, p.nationality, teamId, json(p));
  }
}

/**
 * Replaces one competition's season with `data`, in one transaction. Players and teams are
 * upserted (they are shared between competitions); everything scoped to the season is replaced.
 */
export function writeCompetition(db: Db, data: CompetitionDataset): void {
  const { league: entry, season } = data;
  const leagueId = entry.league.id;
  transaction(db, () => {
    db.prepare(
      `INSERT INTO competitions (id, name, short_name, type, country, logo, flag, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, short_name = excluded.short_name, type = excluded.type,
         country = excluded.country, logo = excluded.logo, flag = excluded.flag, data = excluded.data`,
    ).run(leagueId, entry.league.name, data.shortName, entry.league.type, entry.country.name, entry.league.logo, entry.country.flag, json(entry));
    const seasonRow = db.prepare(
      `INSERT INTO seasons (league_id, year, start_date, end_date, current) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(league_id, year) DO UPDATE SET start_date = excluded.start_date, end_date = excluded.end_date, current = excluded.current`,
    );
    for (const s of entry.seasons) seasonRow.run(leagueId, s.year, s.start, s.end, s.current ? 1 : 0);

    upsertTeams(db, data.teams);
    db.prepare('DELETE FROM season_teams WHERE league_id = ? AND season = ?').run(leagueId, season);
    const seasonTeam = db.prepare('INSERT OR IGNORE INTO season_teams (league_id, season, team_id) VALUES (?, ?, ?)');
    for (const t of data.teams) seasonTeam.run(leagueId, season, t.team.id);

    const nationalTeams = new Set(data.teams.filter((t) => t.team.national).map((t) => t.team.id));
    const teamOf = new Map<number, number>();
    const squad = db.prepare(
      `INSERT INTO squads (team_id, season, player_id, number, position) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(team_id, season, player_id) DO UPDATE SET number = excluded.number, position = excluded.position`,
    );
    for (const s of data.squads) {
      for (const p of s.players) {
        if (!nationalTeams.has(s.teamId)) teamOf.set(p.id, s.teamId);
        squad.run(s.teamId, season, p.id, p.number, p.position);
      }
    }
    upsertPlayers(db, data.players, teamOf, nationalTeams);

    db.prepare('DELETE FROM player_stats WHERE league_id = ? AND season = ?').run(leagueId, season);
    const stat = db.prepare(
      'INSERT OR REPLACE INTO player_stats (player_id, league_id, season, team_id, goals, assists, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const { player, statistics } of data.players) {
      for (const s of statistics) {
        if (s.league.id !== leagueId || s.league.season !== season) continue;
        stat.run(player.id, leagueId, season, s.team.id, s.goals.total ?? 0, s.goals.assists ?? 0, json(s));
      }
    }

    // Events, lineups and statistics go with their fixtures (ON DELETE CASCADE).
    db.prepare('DELETE FROM fixtures WHERE league_id = ? AND season = ?').run(leagueId, season);
    const scripted = new Set(data.scriptedFixtureIds ?? []);
    const fixture = db.prepare(
      `INSERT OR REPLACE INTO fixtures (id, league_id, season, round, timestamp, status_short, home_id, away_id, scripted, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const event = db.prepare('INSERT INTO fixture_events (fixture_id, seq, data) VALUES (?, ?, ?)');
    const lineup = db.prepare('INSERT OR REPLACE INTO fixture_lineups (fixture_id, team_id, data) VALUES (?, ?, ?)');
    const fstat = db.prepare('INSERT OR REPLACE INTO fixture_statistics (fixture_id, team_id, data) VALUES (?, ?, ?)');
    for (const f of data.fixtures) {
      const { events, lineups, statistics, players, ...core } = f;
      const id = core.fixture.id;
      fixture.run(
        id, leagueId, season, core.league.round, core.fixture.timestamp, core.fixture.status.short,
        core.teams.home.id, core.teams.away.id, scripted.has(id) ? 1 : 0, json(core),
      );
      events?.forEach((e, i) => event.run(id, i, json(e)));
      for (const l of lineups ?? []) lineup.run(id, l.team.id, json(l));
      for (const s of statistics ?? []) fstat.run(id, s.team.id, json(s));
      if (players) writeMatchRatings(db, id, players);
    }

    writeStandings(db, leagueId, season, data.standings);
    if (data.injuries) writeInjuries(db, data.fixtures.map((f) => f.fixture.id), data.injuries);

    db.prepare('DELETE FROM team_statistics WHERE league_id = ? AND season = ?').run(leagueId, season);
    const teamStat = db.prepare('INSERT OR REPLACE INTO team_statistics (league_id, season, team_id, data) VALUES (?, ?, ?, ?)');
    for (const s of data.teamStatistics) teamStat.run(leagueId, season, s.team.id, json(s));
  });
}

/** Replaces a season's standings groups (used by `writeCompetition` and by the demo clock). */
export function writeStandings(db: Db, leagueId: number, season: number, groups: CompetitionDataset['standings']): void {
  db.prepare('DELETE FROM standings WHERE league_id = ? AND season = ?').run(leagueId, season);
  const row = db.prepare(
    'INSERT INTO standings (league_id, season, group_index, group_name, rank, team_id, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  groups.forEach((group, index) => {
    for (const r of group) row.run(leagueId, season, index, r.group, r.rank, r.team.id, json(r));
  });
}

export function writeArticles(db: Db, articles: ArticleRecord[], { replace = false } = {}): void {
  transaction(db, () => {
    if (replace) db.exec('DELETE FROM articles');
    const insert = db.prepare(
      `INSERT INTO articles (id, slug, title, summary, body_html, body_text, image_urls, keywords, category, created_at, scheduled_at, target_website, views)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET slug = excluded.slug, title = excluded.title, summary = excluded.summary,
         body_html = excluded.body_html, body_text = excluded.body_text, image_urls = excluded.image_urls,
         keywords = excluded.keywords, category = excluded.category, created_at = excluded.created_at,
         scheduled_at = excluded.scheduled_at, target_website = excluded.target_website,
         views = MAX(articles.views, excluded.views)`,
    );
    for (const a of articles) {
      insert.run(
        a.id, a.slug, a.title, a.summary, a.bodyHtml, htmlToText(a.bodyHtml), json(a.imageUrls), json(a.keywords),
        a.category, a.createdAt, a.scheduledAt, a.targetWebsite, a.views,
      );
    }
  });
}

/** Writes what is not tied to one competition: extra teams and players, transfers, articles. */
export function writeGlobal(db: Db, data: GlobalDataset, { replaceArticles = false } = {}): void {
  transaction(db, () => {
    upsertTeams(db, data.extraTeams);
    upsertPlayers(db, data.extraPlayers, new Map(), new Set(data.extraTeams.filter((t) => t.team.national).map((t) => t.team.id)));
    db.exec('DELETE FROM transfers');
    const transfer = db.prepare('INSERT OR REPLACE INTO transfers (player_id, updated, data) VALUES (?, ?, ?)');
    for (const t of data.transfers) transfer.run(t.player.id, t.update, json(t));
  });
  writeArticles(db, data.articles, { replace: replaceArticles });
}

/**
 * Merges each search index (clubs, players, articles) into one b-tree. Rows written one by one (every
 * demo load and provider sync) leave FTS5 indexes in tens of segments that each search walks; merged,
 * a search (/api/search: three indexes) costs about a quarter less CPU (issue 15). Run after a bulk
 * write, outside its transaction; a few milliseconds on the demo season.
 */
/**
 * A match's ratings as the provider's `players` list gives them, in place of the ones stored: a
 * player without a rating (the provider leaves one out for a few minutes on the pitch) is not stored.
 * Returns whether any changed. Runs inside the caller's transaction.
 */
export function writeMatchRatings(db: Db, fixtureId: number, players: NonNullable<ApiFixtureFull['players']>): boolean {
  const rows = players.flatMap((side) =>
    side.players.flatMap(({ player, statistics }) => {
      const games = statistics[0]?.games;
      const rating = games?.rating?.trim() ?? '';
      return /^\d+(?:\.\d+)?$/.test(rating) && Number(rating) > 0 ? [{ team: side.team.id, player: player.id, minutes: games!.minutes, rating }] : [];
    }),
  );
  const stored = db.prepare('SELECT team_id AS team, player_id AS player, minutes, rating FROM fixture_player_ratings WHERE fixture_id = ? ORDER BY rowid').all(fixtureId);
  if (JSON.stringify(stored) === JSON.stringify(rows)) return false;
  db.prepare('DELETE FROM fixture_player_ratings WHERE fixture_id = ?').run(fixtureId);
  const insert = db.prepare('INSERT OR REPLACE INTO fixture_player_ratings (fixture_id, team_id, player_id, minutes, rating) VALUES (?, ?, ?, ?, ?)');
  for (const r of rows) insert.run(fixtureId, r.team, r.player, r.minutes, r.rating);
  return true;
}

/**
 * Who misses each of `fixtureIds` (the ones asked for), as the provider listed them: each fixture's
 * list replaced whole, an empty answer clearing it. Entries of fixtures the store does not hold are
 * left out. True when a stored list changed.
 */
export function writeInjuries(db: Db, fixtureIds: readonly number[], injuries: readonly ApiInjury[]): boolean {
  const read = db.prepare('SELECT data FROM fixture_injuries WHERE fixture_id = ? ORDER BY rowid');
  const known = db.prepare('SELECT 1 FROM fixtures WHERE id = ?');
  const remove = db.prepare('DELETE FROM fixture_injuries WHERE fixture_id = ?');
  const insert = db.prepare('INSERT INTO fixture_injuries (fixture_id, team_id, data) VALUES (?, ?, ?)');
  let changed = false;
  transaction(db, () => {
    for (const id of new Set(fixtureIds)) {
      if (!known.get(id)) continue;
      const next = injuries.filter((entry) => entry.fixture.id === id);
      const stored = (read.all(id) as Array<{ data: string }>).map((row) => row.data);
      if (json(stored) === json(next.map(json))) continue;
      remove.run(id);
      for (const entry of next) insert.run(id, entry.team.id, json(entry));
      changed = true;
    }
  });
  return changed;
}

/** A pair of clubs as `head_to_head_asked` keys it: the lower id first. */
export function clubPair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

/**
 * What the provider's /fixtures/headtohead answered for two clubs, written where only head-to-head
 * reads look (schema v6): the finished meetings outside the seasons the store holds (those come with
 * their season's own refresh, and a calendar or a table counts them), each by its fixture id, kept
 * when a later answer no longer lists it (the provider answers the last ten). The pair is recorded as
 * asked on `day`, meetings or not. Returns how many stored meetings were added or changed.
 */
export function writeHeadToHead(db: Db, teams: readonly [number, number], fixtures: readonly ApiFixtureFull[], day: string): number {
  const [a, b] = clubPair(teams[0], teams[1]);
  const heldSeason = db.prepare('SELECT 1 FROM fixtures WHERE id = ? OR (league_id = ? AND season = ?) LIMIT 1');
  const read = db.prepare('SELECT data FROM head_to_head WHERE id = ?');
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO head_to_head (id, league_id, season, round, timestamp, status_short, home_id, away_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let changed = 0;
  transaction(db, () => {
    for (const f of fixtures) {
      const { events: _e, lineups: _l, statistics: _s, players: _p, ...core } = f;
      const [home, away] = clubPair(core.teams.home.id, core.teams.away.id);
      if (home !== a || away !== b || !isFinishedStatus(core.fixture.status.short)) continue;
      if (heldSeason.get(core.fixture.id, core.league.id, core.league.season)) continue;
      const data = json(core);
      if ((read.get(core.fixture.id) as { data: string } | undefined)?.data === data) continue;
      upsert.run(core.fixture.id, core.league.id, core.league.season, core.league.round, core.fixture.timestamp, core.fixture.status.short, core.teams.home.id, core.teams.away.id, data);
      changed += 1;
    }
    db.prepare('INSERT INTO head_to_head_asked (team_a, team_b, day) VALUES (?, ?, ?) ON CONFLICT(team_a, team_b) DO UPDATE SET day = excluded.day').run(a, b, day);
  });
  return changed;
}

export function optimizeSearchIndexes(db: Db): void {
  for (const index of ['teams_fts', 'players_fts', 'articles_fts']) db.exec(`INSERT INTO ${index}(${index}) VALUES ('optimize')`);
}

/**
 * Empties every sports table before a fresh demo season. Newsletter subscriptions and page
 * views are readers' data and are never touched here.
 */
export function clearSportsData(db: Db): void {
  transaction(db, () => {
    for (const table of [
      'fixture_events', 'fixture_lineups', 'fixture_statistics', 'fixture_player_ratings', 'fixture_injuries', 'fixtures', 'head_to_head', 'head_to_head_asked', 'standings', 'team_statistics',
      'player_stats', 'squads', 'players', 'season_teams', 'transfers', 'seasons', 'competitions', 'teams', 'venues', 'articles',
    ]) {
      db.exec(`DELETE FROM ${table}`);
    }
  });
}
