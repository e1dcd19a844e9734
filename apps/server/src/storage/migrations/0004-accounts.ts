/**
 * Issue 17, accounts: a person is a `users` row (guests too: a guest who registers keeps their id, so their
 * decks, history and settings stay), with any number of sessions (devices). Matches record who played them
 * (`match_players`, the history's index) and how they came about (`kind`); ratings are Glicko-2 per queue, and
 * `rating_changes` (one row per match and player) is what makes a result count exactly once.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0004-accounts',
  up: (db) => db.exec(db.dialect === 'postgres' ? PG : SQL),
};

const SQL = `
  CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    display_name  TEXT NOT NULL,
    username      TEXT,                 -- as registered (NULL: a guest)
    username_key  TEXT UNIQUE,          -- protocol usernameKey(username): case and look-alikes folded
    password_hash TEXT,                 -- argon2id, PHC string
    created_at    INTEGER NOT NULL,
    registered_at INTEGER,
    banned_at     INTEGER,
    ban_reason    TEXT,
    stops_json    TEXT,                 -- StopSettings (NULL: the defaults)
    ui_json       TEXT                  -- the web app's interface settings, opaque here
  );
  INSERT INTO users (id, display_name, created_at, stops_json)
    SELECT user_id, name, created_at, stops_json FROM sessions;
  CREATE TABLE sessions_v4 (
    token_hash TEXT PRIMARY KEY,        -- sha256 of the token; the token itself is never stored
    user_id    TEXT NOT NULL REFERENCES users (id),
    created_at INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL
  );
  INSERT INTO sessions_v4 (token_hash, user_id, created_at, last_seen)
    SELECT token_hash, user_id, created_at, last_seen FROM sessions;
  DROP TABLE sessions;
  ALTER TABLE sessions_v4 RENAME TO sessions;
  CREATE INDEX sessions_last_seen ON sessions (last_seen);
  CREATE INDEX sessions_user ON sessions (user_id);

  CREATE TABLE decks (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    name       TEXT NOT NULL,
    code       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX decks_user ON decks (user_id);

  CREATE TABLE blocks (
    user_id    TEXT NOT NULL REFERENCES users (id),
    blocked_id TEXT NOT NULL REFERENCES users (id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
  );
  CREATE INDEX blocks_blocked ON blocks (blocked_id);

  CREATE TABLE reports (
    id          INTEGER PRIMARY KEY,
    reporter_id TEXT NOT NULL REFERENCES users (id),
    target_id   TEXT NOT NULL REFERENCES users (id),
    match_id    TEXT,
    reason      TEXT NOT NULL,
    note        TEXT,
    created_at  INTEGER NOT NULL,
    resolved_at INTEGER,
    resolution  TEXT
  );
  CREATE INDEX reports_open ON reports (resolved_at, created_at);

  ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'room'
    CHECK (kind IN ('ranked', 'casual', 'challenge', 'room', 'bot', 'tutorial'));
  UPDATE matches SET kind = CASE
    WHEN json_extract(seats_json, '$.B.name') = 'Bot (tutorial)' THEN 'tutorial'
    WHEN json_extract(seats_json, '$.A.bot') OR json_extract(seats_json, '$.B.bot') THEN 'bot'
    ELSE 'room' END;

  CREATE TABLE match_players (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat     TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    user_id  TEXT NOT NULL,             -- a users id, or 'bot:<room>' for the server's bot
    bot      INTEGER NOT NULL,
    name     TEXT NOT NULL,             -- the seat's name when the match was played
    starter  TEXT NOT NULL,             -- the roster label
    outcome  TEXT CHECK (outcome IN ('win', 'loss', 'draw')),  -- NULL while the match is live
    PRIMARY KEY (match_id, seat)
  );
  CREATE INDEX match_players_user ON match_players (user_id, match_id);
  INSERT INTO match_players (match_id, seat, user_id, bot, name, starter, outcome)
    SELECT m.id, s.seat, json_extract(m.seats_json, '$.' || s.seat || '.userId'),
           COALESCE(json_extract(m.seats_json, '$.' || s.seat || '.bot'), 0),
           json_extract(m.seats_json, '$.' || s.seat || '.name'),
           json_extract(m.seats_json, '$.' || s.seat || '.rosterLabel'),
           CASE WHEN m.result_json IS NULL THEN NULL
                WHEN json_extract(m.result_json, '$.winner') = 'draw' THEN 'draw'
                WHEN json_extract(m.result_json, '$.winner') = s.seat THEN 'win' ELSE 'loss' END
      FROM matches m CROSS JOIN (SELECT 'A' AS seat UNION ALL SELECT 'B') s
     WHERE json_extract(m.seats_json, '$.' || s.seat || '.userId') IS NOT NULL;

  CREATE TABLE ratings (
    user_id    TEXT NOT NULL REFERENCES users (id),
    queue      TEXT NOT NULL CHECK (queue IN ('casual', 'ranked')),
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, queue)
  );
  CREATE INDEX ratings_board ON ratings (queue, rating DESC);

  CREATE TABLE rating_changes (
    match_id      TEXT NOT NULL REFERENCES matches (id),
    user_id       TEXT NOT NULL REFERENCES users (id),
    queue         TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rd_before     REAL NOT NULL,
    vol_before    REAL NOT NULL,
    rating_after  REAL NOT NULL,
    rd_after      REAL NOT NULL,
    vol_after     REAL NOT NULL,
    at            INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
  );
  `;

/**
 * PostgreSQL: the same tables in its types (BIGINT ms, DOUBLE PRECISION ratings: its REAL is 4 bytes), jsonb
 * operators where SQLite has json_extract, and two identity columns SQLite has implicitly: `reports.id` and
 * `decks.seq` (SQLite's rowid, the tie-break of a user's deck list).
 */
const PG = `
  CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    display_name  TEXT NOT NULL,
    username      TEXT,
    username_key  TEXT UNIQUE,
    password_hash TEXT,
    created_at    BIGINT NOT NULL,
    registered_at BIGINT,
    banned_at     BIGINT,
    ban_reason    TEXT,
    stops_json    TEXT,
    ui_json       TEXT
  );
  INSERT INTO users (id, display_name, created_at, stops_json)
    SELECT user_id, name, created_at, stops_json FROM sessions;
  CREATE TABLE sessions_v4 (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    last_seen  BIGINT NOT NULL
  );
  INSERT INTO sessions_v4 (token_hash, user_id, created_at, last_seen)
    SELECT token_hash, user_id, created_at, last_seen FROM sessions;
  DROP TABLE sessions;
  ALTER TABLE sessions_v4 RENAME TO sessions;
  CREATE INDEX sessions_last_seen ON sessions (last_seen);
  CREATE INDEX sessions_user ON sessions (user_id);

  CREATE TABLE decks (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    name       TEXT NOT NULL,
    code       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    seq        BIGINT GENERATED ALWAYS AS IDENTITY
  );
  CREATE INDEX decks_user ON decks (user_id);

  CREATE TABLE blocks (
    user_id    TEXT NOT NULL REFERENCES users (id),
    blocked_id TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
  );
  CREATE INDEX blocks_blocked ON blocks (blocked_id);

  CREATE TABLE reports (
    id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    reporter_id TEXT NOT NULL REFERENCES users (id),
    target_id   TEXT NOT NULL REFERENCES users (id),
    match_id    TEXT,
    reason      TEXT NOT NULL,
    note        TEXT,
    created_at  BIGINT NOT NULL,
    resolved_at BIGINT,
    resolution  TEXT
  );
  CREATE INDEX reports_open ON reports (resolved_at, created_at);

  ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'room'
    CHECK (kind IN ('ranked', 'casual', 'challenge', 'room', 'bot', 'tutorial'));
  UPDATE matches SET kind = CASE
    WHEN seats_json::jsonb #>> '{B,name}' = 'Bot (tutorial)' THEN 'tutorial'
    WHEN COALESCE((seats_json::jsonb #>> '{A,bot}')::boolean, false) OR COALESCE((seats_json::jsonb #>> '{B,bot}')::boolean, false) THEN 'bot'
    ELSE 'room' END;

  CREATE TABLE match_players (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat     TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    user_id  TEXT NOT NULL,
    bot      INTEGER NOT NULL,
    name     TEXT NOT NULL,
    starter  TEXT NOT NULL,
    outcome  TEXT CHECK (outcome IN ('win', 'loss', 'draw')),
    PRIMARY KEY (match_id, seat)
  );
  CREATE INDEX match_players_user ON match_players (user_id, match_id);
  INSERT INTO match_players (match_id, seat, user_id, bot, name, starter, outcome)
    SELECT m.id, s.seat, m.seats_json::jsonb #>> ARRAY[s.seat, 'userId'],
           CASE WHEN COALESCE((m.seats_json::jsonb #>> ARRAY[s.seat, 'bot'])::boolean, false) THEN 1 ELSE 0 END,
           m.seats_json::jsonb #>> ARRAY[s.seat, 'name'],
           m.seats_json::jsonb #>> ARRAY[s.seat, 'rosterLabel'],
           CASE WHEN m.result_json IS NULL THEN NULL
                WHEN m.result_json::jsonb ->> 'winner' = 'draw' THEN 'draw'
                WHEN m.result_json::jsonb ->> 'winner' = s.seat THEN 'win' ELSE 'loss' END
      FROM matches m CROSS JOIN (SELECT 'A' AS seat UNION ALL SELECT 'B') s
     WHERE m.seats_json::jsonb #>> ARRAY[s.seat, 'userId'] IS NOT NULL;

  CREATE TABLE ratings (
    user_id    TEXT NOT NULL REFERENCES users (id),
    queue      TEXT NOT NULL CHECK (queue IN ('casual', 'ranked')),
    rating     DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, queue)
  );
  CREATE INDEX ratings_board ON ratings (queue, rating DESC);

  CREATE TABLE rating_changes (
    match_id      TEXT NOT NULL REFERENCES matches (id),
    user_id       TEXT NOT NULL REFERENCES users (id),
    queue         TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rd_before     DOUBLE PRECISION NOT NULL,
    vol_before    DOUBLE PRECISION NOT NULL,
    rating_after  DOUBLE PRECISION NOT NULL,
    rd_after      DOUBLE PRECISION NOT NULL,
    vol_after     DOUBLE PRECISION NOT NULL,
    at            BIGINT NOT NULL,
    PRIMARY KEY (match_id, user_id)
  );
  `;
