/**
 * Stop settings replace the auto-pass flag (docs/auto-pass.md): the session keeps the browser's last settings as
 * JSON (NULL: the defaults), so a restored match applies them before the manager is back.
 */
import type { Migration } from './migration.js';

export const migration: Migration = {
  name: '0002-stop-settings',
  up: (db) => db.exec(SQL),
};

const SQL = `
  ALTER TABLE sessions DROP COLUMN auto_pass;
  ALTER TABLE sessions ADD COLUMN stops_json TEXT;
  `;
