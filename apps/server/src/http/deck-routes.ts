/**
 * `/api/decks` (issue 17 §2, docs/api.md "Decks"): the signed-in user's decks (guests too: a guest's session is
 * a user, and registering keeps the user id). A deck code must decode (the engine's `decodeDeckCode`, as for
 * `room:join`), but an illegal list is still saved: decks in progress are decks too; `room:join` and the queues
 * check legality when the deck is played. Another user's deck is a 404, never a 403: ids reveal nothing.
 */
import { Router } from 'express';
import { decodeDeckCode } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { DECKS_PER_ACCOUNT, DeckBody, DeckImportBody, DeckPatch } from '@vroyale/protocol';
import type { DecksStore } from '../storage/store.js';
import { parseBody } from './api-body.js';
import { apiError, currentUser } from './session-auth.js';

/** Why `code` is not a deck code, or null. */
function codeProblem(code: string): string | null {
  const d = decodeDeckCode(code, cardPool);
  return d.ok ? null : `Not a valid deck code: ${d.message}`;
}

const FULL = `At most ${DECKS_PER_ACCOUNT} decks per account: delete one first`;

export function deckRoutes(d: { decks: DecksStore; now: () => number }): Router {
  const r = Router();

  r.get('/decks', async (_req, res) => {
    res.json({ decks: await d.decks.list(currentUser(res).id) });
  });

  r.post('/decks', async (req, res) => {
    const body = parseBody(DeckBody, req, res);
    if (!body) return;
    const problem = codeProblem(body.code);
    if (problem) return apiError(res, 400, 'bad-request', problem);
    const deck = await d.decks.create(currentUser(res).id, body, d.now());
    if (!deck) return apiError(res, 409, 'too-many-decks', FULL);
    res.status(201).json(deck);
  });

  r.post('/decks/import', async (req, res) => {
    const body = parseBody(DeckImportBody, req, res);
    if (!body) return;
    const bad = body.decks.findIndex((x) => codeProblem(x.code) !== null);
    if (bad >= 0) return apiError(res, 400, 'bad-request', `decks.${bad} ('${body.decks[bad]!.name}'): ${codeProblem(body.decks[bad]!.code)}`);
    const user = currentUser(res);
    const result = await d.decks.import(user.id, body.decks, d.now());
    if (!result.ok) return apiError(res, 409, 'too-many-decks', `${FULL}; nothing was imported`);
    res.json({ imported: result.imported, skipped: result.skipped, decks: await d.decks.list(user.id) });
  });

  r.patch('/decks/:id', async (req, res) => {
    const body = parseBody(DeckPatch, req, res);
    if (!body) return;
    const problem = body.code === undefined ? null : codeProblem(body.code);
    if (problem) return apiError(res, 400, 'bad-request', problem);
    const deck = await d.decks.update(currentUser(res).id, String(req.params.id), body, d.now());
    if (!deck) return apiError(res, 404, 'not-found', 'No such deck');
    res.json(deck);
  });

  r.delete('/decks/:id', async (req, res) => {
    if (!(await d.decks.delete(currentUser(res).id, String(req.params.id)))) return apiError(res, 404, 'not-found', 'No such deck');
    res.status(204).end();
  });

  return r;
}
