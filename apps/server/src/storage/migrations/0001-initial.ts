/**
 * The first schema: sessions, rooms, matches and their action logs. The action log is the source of truth for a
 * match: seed + rosters + actions replay to the exact state.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0001-initial',
  up: (db) => db.exec(SQL),
};

const SQL = `
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,          -- sha256 of the token; the token itself is never stored
    user_id    TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    auto_pass  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL
  );
  CREATE TABLE rooms (
    id                 TEXT PRIMARY KEY,
    visibility         TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
    status             TEXT NOT NULL CHECK (status IN ('waiting', 'active', 'finished', 'closed')),
    clock_initial_ms   INTEGER NOT NULL,
    clock_increment_ms INTEGER NOT NULL,
    seats_json         TEXT NOT NULL,     -- { A: Occupant | null, B: ... } with rosters (server-only)
    match_id           TEXT,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
  );
  CREATE INDEX rooms_status ON rooms (status);
  CREATE TABLE matches (
    id          TEXT PRIMARY KEY,
    room_id     TEXT NOT NULL REFERENCES rooms (id),
    seed        TEXT NOT NULL,
    rosters_json TEXT NOT NULL,
    seats_json  TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('active', 'finished', 'broken')),
    result_json TEXT,
    clocks_json TEXT NOT NULL,            -- remaining ms per seat as of the last action (restart resumes it)
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER
  );
  CREATE INDEX matches_status ON matches (status);
  CREATE TABLE actions (
    id               INTEGER PRIMARY KEY,
    match_id         TEXT NOT NULL REFERENCES matches (id),
    seq              INTEGER NOT NULL,    -- the state's seq after this action (1, 2, ...)
    actor            TEXT NOT NULL CHECK (actor IN ('A', 'B')),
    origin           TEXT NOT NULL,       -- player | bot | auto-pass (a pass or empty declaration on no stop) | time | abandoned
    action_json      TEXT NOT NULL,
    client_action_id TEXT,                -- '<seat>:<client id>' for players; NULL for the server's own
    at               INTEGER NOT NULL,
    UNIQUE (match_id, seq),
    UNIQUE (match_id, client_action_id)
  );
  `;
