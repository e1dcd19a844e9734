/**
 * `/api/settings` (issue 17 §2, docs/api.md "Settings"): stop settings (`users.stops_json`, the column the
 * socket's `settings` event writes) and the web app's interface settings (`users.ui_json`). New stops reach the
 * user's live matches at once, as over the socket (`GameServer.setStops`).
 */
import { Router } from 'express';
import { DEFAULT_STOP_SETTINGS, SettingsBody, StopSettings, type AccountSettings } from '@vroyale/protocol';
import type { GameServer } from '../game-server.js';
import type { Store } from '../storage/store.js';
import { parseBody } from './api-body.js';
import { currentUser } from './session-auth.js';

export function settingsRoutes(d: { storage: Store; game: () => GameServer | null }): Router {
  const r = Router();

  const current = async (userId: string): Promise<AccountSettings> => {
    // Stored settings an older version wrote (a window renamed) read as the defaults, like identity/users.ts.
    const [stored, ui] = await Promise.all([d.storage.findStops(userId), d.storage.settings.ui(userId)]);
    const stops = StopSettings.safeParse(stored);
    return { stops: stops.success ? stops.data : DEFAULT_STOP_SETTINGS, ui };
  };

  r.get('/settings', async (_req, res) => {
    res.json(await current(currentUser(res).id));
  });

  r.put('/settings', async (req, res) => {
    const body = parseBody(SettingsBody, req, res);
    if (!body) return;
    const { id } = currentUser(res);
    if (body.ui !== undefined) await d.storage.settings.setUi(id, body.ui);
    if (body.stops !== undefined) {
      const game = d.game();
      if (game) await game.setStops(id, body.stops);
      else await d.storage.setStops(id, body.stops);
    }
    res.json(await current(id));
  });

  return r;
}
