/** The effect primitives: one case per kind of effect a card may have (cards/schema.ts Effect). */
import type { Effect } from '../cards/schema.js';
import { emit, type Ctx } from '../core/context.js';
import { defById, defOf, isCharacterDef, onStage } from '../core/query.js';
import { managerOf, type ChoiceOption, type Frame } from '../core/types.js';
import { gainSanity, loseSanity } from '../end/sanity.js';
import { shuffleInPlace } from '../core/rng.js';
import { drawCards, sendFromRoster } from '../zones/draw.js';
import { graduateAll, removeFromStage } from '../zones/graduate.js';
import { addCounters, producerOf, removeCounters } from '../zones/counters.js';
import { freshId, moveCard } from '../zones/move.js';
import { makeCard } from '../core/card-instance.js';
import { matchesFilter } from './filters.js';
import { CUSTOM_HANDLERS } from './custom-handlers.js';
import { liveTarget, selectCards, selectManagers } from './selectors.js';
import { endGame } from '../end/check-end.js';
import { cardW, cardsW, managerW } from '../core/own.js';

export type EffectResult = 'done' | 'suspend';

function onStageChars(ctx: Ctx, ids: string[]): string[] {
  return ids.filter((id) => {
    const c = ctx.s.cards[id];
    return !!c && onStage(c) && isCharacterDef(defOf(ctx.s, c));
  });
}

function onStageCards(ctx: Ctx, ids: string[]): string[] {
  return ids.filter((id) => {
    const c = ctx.s.cards[id];
    return !!c && onStage(c);
  });
}

export function commission(ctx: Ctx, f: Frame, tokenDef: string, count: number): void {
  const s = ctx.s;
  for (let i = 0; i < count; i++) {
    const id = freshId(s);
    // RUL-TURN-6: character tokens have Debut Burnout too (entered this turn).
    cardsW(s)[id] = makeCard(id, tokenDef, f.controller, 'main', { token: true, enteredTurn: s.turn });
    managerW(s, f.controller).main.push(id);
    emit(ctx, { t: 'move', owner: f.controller, from: 'token-gone', to: 'main', card: '', def: tokenDef, newId: id, token: true });
  }
}

export function applyEffect(ctx: Ctx, f: Frame, e: Effect): EffectResult {
  const s = ctx.s;
  switch (e.kind) {
    case 'damage':
      for (const id of onStageChars(ctx, selectCards(s, f, e.to))) {
        cardW(s, id).damage += e.amount;
        emit(ctx, { t: 'damage', card: id, amount: e.amount, combat: false });
      }
      return 'done';
    case 'lose-sanity':
      for (const m of selectManagers(s, f, e.who)) loseSanity(ctx, m, e.amount, 'effect', { id: f.source, def: f.sourceDef });
      return 'done';
    case 'gain-sanity':
      for (const m of selectManagers(s, f, e.who)) gainSanity(ctx, m, e.amount);
      return 'done';
    case 'draw':
      for (const m of selectManagers(s, f, e.who)) drawCards(ctx, m, e.count);
      return 'done';
    case 'send-from-roster':
      for (const m of selectManagers(s, f, e.who)) sendFromRoster(ctx, m, e.count);
      return 'done';
    case 'graduate':
      graduateAll(ctx, onStageCards(ctx, selectCards(s, f, e.what)));
      return 'done';
    case 'return-to-hand':
      for (const id of onStageCards(ctx, selectCards(s, f, e.what))) removeFromStage(ctx, id, 'hand');
      return 'done';
    case 'recover':
      for (const id of selectCards(s, f, e.what)) if (s.cards[id]?.zone === 'graduation') moveCard(ctx, id, 'hand');
      return 'done';
    case 'modify-stats':
      for (const id of onStageChars(ctx, selectCards(s, f, e.what))) {
        cardW(s, id).mods.push({ ...(e.atk ? { atk: e.atk } : {}), ...(e.hp ? { hp: e.hp } : {}), until: e.duration });
        emit(ctx, { t: 'stats', card: id });
      }
      return 'done';
    case 'grant-keyword':
    case 'remove-keyword':
      for (const id of onStageChars(ctx, selectCards(s, f, e.what))) {
        cardW(s, id).mods.push({
          keyword: e.keyword,
          ...(e.kind === 'grant-keyword' && e.x ? { x: e.x } : {}),
          ...(e.kind === 'remove-keyword' ? { remove: true as const } : {}),
          until: e.duration,
        });
        emit(ctx, { t: 'stats', card: id });
      }
      return 'done';
    case 'commission':
      commission(ctx, f, e.token, e.count);
      return 'done';
    case 'add-counters': {
      // RUL-ZONE-3: the effect's card produced them; they vanish when it leaves the stage (PR-16 if it is not on it).
      const producer = producerOf(s, f.source);
      for (const id of onStageCards(ctx, selectCards(s, f, e.what))) addCounters(ctx, id, e.counter, e.count, producer);
      return 'done';
    }
    case 'remove-counters':
      for (const id of onStageCards(ctx, selectCards(s, f, e.what))) removeCounters(ctx, id, e.counter, e.count);
      return 'done';
    case 'hiatus':
      // RUL-ZONE-2: removed from play, in no manager's roster, hand, stage or Graduation Zone.
      for (const id of onStageCards(ctx, selectCards(s, f, e.what))) {
        const nid = removeFromStage(ctx, id, 'hiatus');
        if (nid && e.until === 'owner-next-turn') cardW(s, nid).returnsFromHiatus = true;
      }
      return 'done';
    case 'equip': {
      const src = s.cards[f.source];
      if (!src || !onStage(src) || !defOf(s, src).types.includes('asset')) return 'done';
      const [to] = onStageChars(ctx, selectCards(s, f, e.to));
      if (to && s.cards[to]!.owner === src.owner) {
        cardW(s, f.source).attachedTo = to;
        emit(ctx, { t: 'attach', asset: src.id, to });
      }
      return 'done';
    }
    case 'tilt':
    case 'untilt':
      for (const id of onStageCards(ctx, selectCards(s, f, e.what))) {
        cardW(s, id).tilted = e.kind === 'tilt';
        emit(ctx, { t: 'tilt', card: id, tilted: e.kind === 'tilt' });
      }
      return 'done';
    case 'cancel': {
      const t = liveTarget(s, f, e.what.index);
      const i = t ? s.stack.findIndex((x) => x.id === t) : -1;
      if (i < 0) return 'done';
      const [item] = s.stack.splice(i, 1);
      emit(ctx, { t: 'stack-cancel', item: item!.id });
      if (item!.kind === 'highlight' && s.cards[item!.source]) moveCard(ctx, item!.source, 'graduation'); // RUL-STACK-3
      return 'done';
    }
    case 'win-game':
    case 'lose-game': {
      const ms = selectManagers(s, f, e.who);
      // Both managers winning (or losing) at once is a draw, as RUL-END-1 rules for sanity.
      const card = { id: f.source, def: f.sourceDef };
      if (ms.length > 1) endGame(ctx, 'draw', 'card', card);
      else if (ms[0]) endGame(ctx, e.kind === 'win-game' ? ms[0] : ms[0] === 'A' ? 'B' : 'A', 'card', card);
      return 'done';
    }
    case 'custom': {
      const h = CUSTOM_HANDLERS[e.handler];
      if (h) h(ctx, f, e.what ? selectCards(s, f, e.what) : []);
      return 'done';
    }
    case 'search-roster': {
      const roster = managerOf(s, f.controller).roster;
      const found = roster.filter((id) => matchesFilter(s, s.cards[id]!, e.filter, f.source, false));
      if (found.length === 0) {
        shuffleInPlace(s, managerW(s, f.controller).roster);
        emit(ctx, { t: 'shuffle', manager: f.controller });
        return 'done';
      }
      const options: ChoiceOption[] = found.map((id) => ({
        label: `Take ${defById(s, s.cards[id]!.def).name}`,
        say: { key: 'take', card: s.cards[id]!.def },
        cards: [id],
        take: id,
      }));
      options.push({ label: 'Take nothing', say: { key: 'take-nothing' } });
      s.pending = {
        kind: 'choice',
        manager: f.controller,
        prompt: 'Search your roster for a card',
        say: { key: 'roster-search' },
        options,
        resume: { kind: 'pick', frame: f, from: 'roster-search', looked: [] },
      };
      return 'suspend';
    }
    case 'look-at-top': {
      const roster = managerOf(s, f.controller).roster;
      const looked = roster.slice(Math.max(0, roster.length - e.count)).reverse();
      if (looked.length === 0) return 'done';
      const options: ChoiceOption[] = looked
        .filter((id) => matchesFilter(s, s.cards[id]!, e.filter, f.source, false))
        .map((id) => ({ label: `Take ${defById(s, s.cards[id]!.def).name}`, say: { key: 'take', card: s.cards[id]!.def }, cards: [id], take: id }));
      options.push({ label: 'Take nothing', say: { key: 'take-nothing' }, cards: looked });
      s.pending = {
        kind: 'choice',
        manager: f.controller,
        prompt: `Look at the top ${looked.length} of your roster`,
        say: { key: 'look-at-top', count: looked.length },
        options,
        resume: { kind: 'pick', frame: f, from: 'look-at-top', looked },
      };
      return 'suspend';
    }
  }
}

/** The second half of search-roster / look-at-top, once the controller has picked. */
export function finishPick(ctx: Ctx, from: 'roster-search' | 'look-at-top', looked: string[], picked: string | null, manager: 'A' | 'B'): void {
  const s = ctx.s;
  if (picked) moveCard(ctx, picked, 'hand');
  // Taken after the move, which may have copied the manager (core/own.ts).
  const roster = managerW(s, manager).roster;
  if (from === 'roster-search') {
    shuffleInPlace(s, roster);
    emit(ctx, { t: 'shuffle', manager });
    return;
  }
  // The rest go to the bottom in the order they were seen.
  for (const id of looked) {
    if (id === picked) continue;
    const i = roster.indexOf(id);
    if (i >= 0) {
      roster.splice(i, 1);
      roster.unshift(id);
    }
  }
}
