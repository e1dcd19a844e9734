/**
 * `/api/settings` (issue 17 §2, docs/api.md "Settings"): stop settings (`users.stops_json`, the column the
 * socket's `settings` event writes) and the web app's interface settings (`users.ui_json`). New stops reach the
 * user's live matches at once, as over the socket (`GameServer.setStops`).
 */
import { Router } from 'express';
import { DEFAULT_STOP_SETTINGS, SettingsBody, StopSettings, type AccountSettings } from '@vroyale/protocol';
import type { GameServer } from '../game-server.js';
import type { SettingsStore } from '../storage/settings-store.js';
import type { Storage } from '../storage/storage.js';
import { parseBody } from './api-body.js';
import { currentUser } from './session-auth.js';

export function settingsRoutes(d: { storage: Storage; settings: SettingsStore; game: () => GameServer | null }): Router {
  const r = Router();

  const current = (userId: string): AccountSettings => {
    // Stored settings an older version wrote (a window renamed) read as the defaults, like identity/users.ts.
    const stops = StopSettings.safeParse(d.storage.findStops(userId));
    return { stops: stops.success ? stops.data : DEFAULT_STOP_SETTINGS, ui: d.settings.ui(userId) };
  };

  r.get('/settings', (_req, res) => {
    res.json(current(currentUser(res).id));
  });

  r.put('/settings', (req, res) => {
    const body = parseBody(SettingsBody, req, res);
    if (!body) return;
    const { id } = currentUser(res);
    if (body.ui !== undefined) d.settings.setUi(id, body.ui);
    if (body.stops !== undefined) {
      const game = d.game();
      if (game) game.setStops(id, body.stops);
      else d.storage.setStops(id, body.stops);
    }
    res.json(current(id));
  });

  return r;
}
