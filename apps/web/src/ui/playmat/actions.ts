/**
 * Clicking cards and picking targets. Aiming state lives in the `ui` store (not React state) so the prompt,
 * the stack and every card agree on it, and the keyboard handler can read it outside React.
 */
import type { CardDef } from '@vroyale/engine';
import { autoPick, complete, menuFor, narrow, type MenuEntry } from '../../game/choices';
import { clickForBlocks, toggleAttacker } from '../../game/declaration';
import { ui } from '../../store';
import { lookup, type Ctx } from './context';

/** Starts a card's action: acts at once when there is nothing to choose, else aims or opens the menu. */
export function startEntry(ctx: Ctx, card: string, e: MenuEntry): void {
  const first = e.actions[0]!;
  if (
    e.actions.length === 1 &&
    (first.type !== 'play' && first.type !== 'activate'
      ? true
      : (first.type === 'play' ? first.targets.length : first.targets.length + first.costCards.length) === 0)
  ) {
    ctx.onAct(first);
    return;
  }
  const picked = autoPick(e.actions, []);
  const done = complete(e.actions, picked);
  if (done && narrow(e.actions, picked).next.length === 0) {
    ctx.onAct(done);
    return;
  }
  ui.setState({ aiming: { card, label: e.label, candidates: e.actions, picked }, menu: null });
}

/**
 * What one click on a card does, when that is one thing: the menu entry it starts (a card with several kinds of
 * action opens its menu instead). A star card's manual tilt is never done by a click alone (paying tilts stars
 * by itself; the menu asks), and on a touch screen a tap on a hand card inspects it first (the menu shows the
 * card large with its actions), since a finger has no hover to read a card by.
 */
export function oneClick(ctx: Ctx, id: string, def: CardDef | undefined, touch: boolean, inHand: boolean): MenuEntry | null {
  const acts = ctx.byCard.get(id);
  if (!acts?.length) return null;
  const entries = menuFor(acts, def, lookup);
  if (entries.length !== 1) return null;
  const e = entries[0]!;
  if (e.key === 'tilt-star') return null;
  if (touch && inHand && e.key !== 'discard') return null;
  return e;
}

export function clickCard(ctx: Ctx, id: string, def: CardDef | undefined, opts: { touch?: boolean; inHand?: boolean } = {}): void {
  const aiming = ui.getState().aiming;
  if (aiming && ctx.aimingNext.has(id)) return pick(ctx, id);
  // Building a declaration: clicks change the local draft; nothing is sent until it is declared.
  if (ctx.offer && ctx.declarable.has(id) && !ctx.busy) {
    const next = ctx.offer.type === 'choose-attackers' ? toggleAttacker(ctx.draft, id) : clickForBlocks(ctx.offer, ctx.draft, id);
    if (next) ui.setState({ draft: next, menu: null });
    return;
  }
  const acts = ctx.byCard.get(id);
  if (!acts?.length || ctx.busy) return;
  const one = oneClick(ctx, id, def, opts.touch ?? false, opts.inHand ?? false);
  if (one) {
    ui.setState({ menu: null });
    return startEntry(ctx, id, one);
  }
  ui.setState((s) => ({ menu: s.menu === id ? null : id, aiming: null }));
}

export function pick(ctx: Ctx, value: string): void {
  const a = ui.getState().aiming;
  if (!a) return;
  const picked = autoPick(a.candidates, [...a.picked, value]);
  const { next } = narrow(a.candidates, picked);
  const done = complete(a.candidates, picked);
  if (done && next.length === 0) {
    ui.setState({ aiming: null });
    ctx.onAct(done);
  } else ui.setState({ aiming: { ...a, picked } });
}
