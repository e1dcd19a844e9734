/**
 * The puzzle's moves in words: each frame's projected events as the match log writes them (game/log.ts), cards
 * named as the board showed them before and after each batch. Pure over the frames the server sent.
 */
import type { GameView, ManagerId } from '@vroyale/engine';
import type { PuzzleFrame } from '@vroyale/protocol';
import { labels, type Labels } from '../../game/labels';
import { learn, sentence, type LogContext } from '../../game/log';
import { store } from '../../store';

function cardsOf(view: GameView) {
  return Object.values(view.managers).flatMap((m) => [
    ...(m.hand ?? []),
    ...m.centre,
    ...m.main,
    ...(m.backstage ? [m.backstage] : []),
    ...m.starPool,
    ...m.graduation,
    ...m.hiatus,
  ]);
}

/** One list of sentences per frame: what happened between the frame before and this one. */
export function frameLines(frames: readonly PuzzleFrame[], me: ManagerId, names: Record<ManagerId, string>): string[][] {
  const ctx: LogContext = { defs: store.getState().defs, cardDefs: {}, me, names, stackSources: {} };
  let before: Labels | null = null;
  return frames.map((f) => {
    for (const c of cardsOf(f.view)) ctx.cardDefs[c.id] = c.def;
    const after = labels(f.view, names, me);
    ctx.before = before;
    ctx.after = after;
    before = after;
    learn(f.events, ctx);
    return f.events.flatMap((e) => sentence(e, ctx)?.text ?? []);
  });
}
