/**
 * Versioned schema migrations. Each entry runs once, in order, inside a transaction;
 * `schema_migrations` records what has been applied. Never edit a released migration:
 * add a new one.
 *
 * Provider-shaped payloads (API-Football v3 objects) are kept whole in `data` JSON columns so the
 * API can answer in the provider's own shape; the columns beside them are what queries filter on.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The readers' tables, as both stores' first migrations create them (the football store had them
 * until the readers' store existed): one text, so the two cannot drift.
 */
const READER_TABLES = `-- Page views are counted per path and day: no cookies, no IPs, nothing personal.
CREATE TABLE page_views (
  path TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (path, day)
);

CREATE TABLE newsletter_subscriptions (
  email TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT ''
);`;

/** The football/news store: regenerated from the demo generator or a provider sync at any time. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE competitions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  short_name TEXT NOT NULL,
  type TEXT NOT NULL,
  country TEXT NOT NULL,
  logo TEXT NOT NULL,
  flag TEXT,
  data TEXT NOT NULL
);

CREATE TABLE seasons (
  league_id INTEGER NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
  year INTEGER NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  current INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (league_id, year)
);

CREATE TABLE venues (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT,
  city TEXT,
  capacity INTEGER,
  surface TEXT,
  image TEXT
);

CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT,
  country TEXT,
  founded INTEGER,
  national INTEGER NOT NULL DEFAULT 0,
  logo TEXT NOT NULL,
  venue_id INTEGER REFERENCES venues(id)
);

CREATE TABLE season_teams (
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  team_id INTEGER NOT NULL REFERENCES teams(id),
  PRIMARY KEY (league_id, season, team_id)
);

CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  firstname TEXT,
  lastname TEXT,
  nationality TEXT,
  team_id INTEGER,
  data TEXT NOT NULL
);
CREATE INDEX players_team ON players(team_id);
CREATE INDEX players_nationality ON players(nationality);

CREATE TABLE squads (
  team_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  number INTEGER,
  position TEXT,
  PRIMARY KEY (team_id, season, player_id)
);

CREATE TABLE player_stats (
  player_id INTEGER NOT NULL,
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  goals INTEGER NOT NULL DEFAULT 0,
  assists INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  PRIMARY KEY (player_id, league_id, season, team_id)
);
CREATE INDEX player_stats_scorers ON player_stats(league_id, season, goals DESC);

CREATE TABLE fixtures (
  id INTEGER PRIMARY KEY,
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  round TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  status_short TEXT NOT NULL,
  home_id INTEGER NOT NULL,
  away_id INTEGER NOT NULL,
  scripted INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL
);
CREATE INDEX fixtures_league ON fixtures(league_id, season, timestamp);
CREATE INDEX fixtures_time ON fixtures(timestamp);
CREATE INDEX fixtures_home ON fixtures(home_id, season);
CREATE INDEX fixtures_away ON fixtures(away_id, season);

CREATE TABLE fixture_events (
  fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (fixture_id, seq)
);
CREATE TABLE fixture_lineups (
  fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (fixture_id, team_id)
);
CREATE TABLE fixture_statistics (
  fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (fixture_id, team_id)
);

CREATE TABLE standings (
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  group_index INTEGER NOT NULL,
  group_name TEXT NOT NULL,
  rank INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (league_id, season, group_index, rank)
);

CREATE TABLE team_statistics (
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (league_id, season, team_id)
);

CREATE TABLE transfers (
  player_id INTEGER PRIMARY KEY,
  updated TEXT NOT NULL,
  data TEXT NOT NULL
);

CREATE TABLE articles (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body_html TEXT NOT NULL,
  body_text TEXT NOT NULL,
  image_urls TEXT NOT NULL,
  keywords TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  scheduled_at TEXT NOT NULL,
  target_website TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX articles_created ON articles(created_at DESC);
CREATE INDEX articles_views ON articles(views DESC);

-- Accent-insensitive full-text index; kept in step with articles by the triggers below.
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title, summary, body_text, keywords,
  content='articles', content_rowid='rowid',
  tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts(rowid, title, summary, body_text, keywords)
  VALUES (new.rowid, new.title, new.summary, new.body_text, new.keywords);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, summary, body_text, keywords)
  VALUES ('delete', old.rowid, old.title, old.summary, old.body_text, old.keywords);
END;
CREATE TRIGGER articles_au AFTER UPDATE OF title, summary, body_text, keywords ON articles BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, summary, body_text, keywords)
  VALUES ('delete', old.rowid, old.title, old.summary, old.body_text, old.keywords);
  INSERT INTO articles_fts(rowid, title, summary, body_text, keywords)
  VALUES (new.rowid, new.title, new.summary, new.body_text, new.keywords);
END;

${READER_TABLES}
`,
  },
  {
    version: 2,
    name: 'search index: clubs and players',
    // /api/search answers from indexes, never from a scan of every row: clubs and players get their own
    // accent-folded full-text indexes (articles have had one since v1), kept in step by triggers (an
    // upsert that leaves the names as they were, as every sync and demo load does for most players,
    // touches no index). Suggestions are prefix queries ('eme' → Emelec): prefix indexes of 2 to 4
    // characters make them one lookup instead of a merge of every name that starts that way.
    sql: `

CREATE VIRTUAL TABLE teams_fts USING fts5(
  name, code,
  content='teams', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
);
CREATE TRIGGER teams_fts_ai AFTER INSERT ON teams BEGIN
  INSERT INTO teams_fts(rowid, name, code) VALUES (new.id, new.name, new.code);
END;
CREATE TRIGGER teams_fts_ad AFTER DELETE ON teams BEGIN
  INSERT INTO teams_fts(teams_fts, rowid, name, code) VALUES ('delete', old.id, old.name, old.code);
END;
CREATE TRIGGER teams_fts_au AFTER UPDATE OF name, code ON teams
WHEN old.name IS NOT new.name OR old.code IS NOT new.code BEGIN
  INSERT INTO teams_fts(teams_fts, rowid, name, code) VALUES ('delete', old.id, old.name, old.code);
  INSERT INTO teams_fts(rowid, name, code) VALUES (new.id, new.name, new.code);
END;
INSERT INTO teams_fts(teams_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE players_fts USING fts5(
  name, firstname, lastname,
  content='players', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
);
CREATE TRIGGER players_fts_ai AFTER INSERT ON players BEGIN
  INSERT INTO players_fts(rowid, name, firstname, lastname) VALUES (new.id, new.name, new.firstname, new.lastname);
END;
CREATE TRIGGER players_fts_ad AFTER DELETE ON players BEGIN
  INSERT INTO players_fts(players_fts, rowid, name, firstname, lastname) VALUES ('delete', old.id, old.name, old.firstname, old.lastname);
END;
CREATE TRIGGER players_fts_au AFTER UPDATE OF name, firstname, lastname ON players
WHEN old.name IS NOT new.name OR old.firstname IS NOT new.firstname OR old.lastname IS NOT new.lastname BEGIN
  INSERT INTO players_fts(players_fts, rowid, name, firstname, lastname) VALUES ('delete', old.id, old.name, old.firstname, old.lastname);
  INSERT INTO players_fts(rowid, name, firstname, lastname) VALUES (new.id, new.name, new.firstname, new.lastname);
END;
INSERT INTO players_fts(players_fts) VALUES ('rebuild');
`,
  },
  {
    version: 3,
    name: 'search index: the names fans use for clubs',
    // "liga de quito" must find LDU de Quito: clubs are indexed with the names fans use for them
    // (contract/club-names.ts `aliases`, kept in club_aliases by server/store/club-aliases.ts on every
    // open). teams_fts becomes an index that keeps its own text (112 clubs: a few kilobytes), since its
    // rows are no longer one table's: triggers on teams and on club_aliases keep it in step, and a row is
    // deleted by its rowid, never by repeating old text that might have changed meanwhile.
    // `key` is the alias folded (contract/text.ts foldAccents): "Liga de Quito" typed exactly is a club's
    // own name, found by one indexed lookup.
    sql: `
CREATE TABLE club_aliases (
  team_id INTEGER NOT NULL,
  alias TEXT NOT NULL,
  key TEXT NOT NULL,
  PRIMARY KEY (team_id, alias)
);
CREATE INDEX club_aliases_key ON club_aliases(key);

DROP TRIGGER teams_fts_ai;
DROP TRIGGER teams_fts_ad;
DROP TRIGGER teams_fts_au;
DROP TABLE teams_fts;
CREATE VIRTUAL TABLE teams_fts USING fts5(
  name, code, aliases,
  tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
);
CREATE TRIGGER teams_fts_ai AFTER INSERT ON teams BEGIN
  INSERT INTO teams_fts(rowid, name, code, aliases) VALUES (new.id, new.name, new.code,
    (SELECT ifnull(group_concat(alias, ' · '), '') FROM club_aliases WHERE team_id = new.id));
END;
CREATE TRIGGER teams_fts_ad AFTER DELETE ON teams BEGIN
  DELETE FROM teams_fts WHERE rowid = old.id;
END;
CREATE TRIGGER teams_fts_au AFTER UPDATE OF name, code ON teams
WHEN old.name IS NOT new.name OR old.code IS NOT new.code BEGIN
  UPDATE teams_fts SET name = new.name, code = new.code WHERE rowid = new.id;
END;
CREATE TRIGGER club_aliases_ai AFTER INSERT ON club_aliases BEGIN
  UPDATE teams_fts SET aliases = (SELECT group_concat(alias, ' · ') FROM club_aliases WHERE team_id = new.team_id) WHERE rowid = new.team_id;
END;
CREATE TRIGGER club_aliases_ad AFTER DELETE ON club_aliases BEGIN
  UPDATE teams_fts SET aliases = (SELECT ifnull(group_concat(alias, ' · '), '') FROM club_aliases WHERE team_id = old.team_id) WHERE rowid = old.team_id;
END;
INSERT INTO teams_fts(rowid, name, code, aliases) SELECT id, name, code, '' FROM teams;
`,
  },
  {
    version: 4,
    name: 'match ratings',
    // The provider's rating of each player's match (the `players` list of `/fixtures?ids=`): the
    // match page's "Figura del partido", a player's last matches, a squad's season averages.
    // Read by player and by team over a season, so indexed both ways.
    sql: `
CREATE TABLE fixture_player_ratings (
  fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  minutes INTEGER,
  -- As the provider writes it ("7.2"): a number would turn "7.0" into "7".
  rating TEXT NOT NULL,
  PRIMARY KEY (fixture_id, player_id)
);
CREATE INDEX fixture_player_ratings_player ON fixture_player_ratings(player_id);
CREATE INDEX fixture_player_ratings_team ON fixture_player_ratings(team_id);
`,
  },
  {
    version: 5,
    name: 'absences',
    // Who misses a fixture, as the provider's /injuries lists it (its entry whole): a match page's
    // "Bajas" before kick-off. Replaced per fixture at each reading.
    sql: `
CREATE TABLE fixture_injuries (
  fixture_id INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX fixture_injuries_fixture ON fixture_injuries(fixture_id);
`,
  },
  {
    version: 6,
    name: 'meetings of earlier seasons',
    // What the provider's /fixtures/headtohead answers for the pairs of the coming matches, outside the
    // seasons the store tracks: finished matches of earlier seasons and other competitions. A table of
    // their own, not rows of `fixtures`: every calendar, table, form, club's results and match page
    // reads `fixtures`, and none of them may count these (an old season's match is no result of this
    // one, and it has no page). Only the head-to-head reads look here. `head_to_head_asked` says which
    // pairs were asked and when (team_a < team_b): "no meetings" is then a fact, not a gap.
    sql: `
CREATE TABLE head_to_head (
  id INTEGER PRIMARY KEY,
  league_id INTEGER NOT NULL,
  season INTEGER NOT NULL,
  round TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  status_short TEXT NOT NULL,
  home_id INTEGER NOT NULL,
  away_id INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX head_to_head_pair ON head_to_head(home_id, away_id);

CREATE TABLE head_to_head_asked (
  team_a INTEGER NOT NULL,
  team_b INTEGER NOT NULL,
  day TEXT NOT NULL,
  PRIMARY KEY (team_a, team_b),
  CHECK (team_a < team_b)
);
`,
  },
];

/**
 * The readers' store: what readers give us (newsletter subscriptions, page views). Its own file, its
 * own migrations; never regenerated. Until this store existed these tables lived in the football
 * store (v1 above still creates them there); server/store/readers.ts moves such rows here once.
 */
export const READERS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'readers',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

${READER_TABLES}
`,
  },
  {
    version: 2,
    name: 'alerts (Web Push)',
    // The server's VAPID keys are made once and kept here, never regenerated: every browser's
    // subscription is bound to the public key it was made with. A subscription is the reader's only
    // identity. The outbox is the fan-out's memory: one row per alert and subscription (unique, so an
    // alert enqueued twice is sent once), claimed with a lease so a crash mid-fan-out resumes where it was.
    sql: `
CREATE TABLE push_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- kind 'team' (every match of the club) or 'fixture'; alerts a bit set over contract/push.ts PUSH_ALERTS.
CREATE TABLE push_follows (
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('team', 'fixture')),
  target INTEGER NOT NULL,
  alerts INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, kind, target)
);
CREATE INDEX push_follows_target ON push_follows(kind, target);

-- state: queued → sending (leased until lease_until) → sent | failed | removed (the push service said 404/410).
CREATE TABLE push_outbox (
  id INTEGER PRIMARY KEY,
  alert TEXT NOT NULL,
  subscription_id INTEGER NOT NULL,
  payload TEXT NOT NULL,
  topic TEXT NOT NULL,
  urgency TEXT NOT NULL,
  ttl INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at INTEGER NOT NULL,
  lease_until INTEGER,
  created_at INTEGER NOT NULL,
  done_at INTEGER,
  last_error TEXT,
  UNIQUE (alert, subscription_id)
);
CREATE INDEX push_outbox_due ON push_outbox(state, due_at);
`,
  },
];
