/**
 * A user's interface settings (`users.ui_json`): the web app's own object, stored as given. Stop settings live
 * in `users.stops_json` and go through `Users.setStops` (memory and row together, identity/users.ts).
 */
import type Database from 'better-sqlite3';
import type { UiSettings } from '@vroyale/protocol';

import type { SettingsStore } from '../store.js';

export class SqliteSettings implements SettingsStore {
  private readonly st;

  constructor(db: Database.Database) {
    this.st = {
      get: db.prepare('SELECT ui_json FROM users WHERE id = ?'),
      set: db.prepare('UPDATE users SET ui_json = ? WHERE id = ?'),
    };
  }

  /** The stored object, or null (never set, or a hand-edited row that is not a JSON object). */
  async ui(userId: string): Promise<UiSettings | null> {
    const r = this.st.get.get(userId) as { ui_json: string | null } | undefined;
    if (!r?.ui_json) return null;
    try {
      const v: unknown = JSON.parse(r.ui_json);
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as UiSettings) : null;
    } catch {
      return null;
    }
  }

  async setUi(userId: string, ui: UiSettings): Promise<void> {
    this.st.set.run(JSON.stringify(ui), userId);
  }
}
