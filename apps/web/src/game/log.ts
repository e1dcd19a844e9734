/**
 * Game events in plain sentences, for the log. Works from what this viewer was sent: the projected events
 * and the card definitions it has seen. A card this viewer may not see is "a card".
 */
import type { CardDef, GameEvent, ManagerId } from '@vroyale/engine';
import type { LogLine } from '../store';

export interface LogContext {
  defs: Record<string, CardDef>;
  cardDefs: Record<string, string>;
  /** The viewer's seat, or null for a spectator. */
  me: ManagerId | null;
  names: Record<ManagerId, string>;
  /** Stack item id → the card it came from. */
  stackSources: Record<string, string>;
}

const REASON: Record<string, string> = {
  sanity: 'sanity ran out',
  'deck-out': 'a roster ran out',
  card: "a card's own condition",
  concede: 'a manager conceded',
  'double-ko': 'both managers fell at once',
  time: 'time ran out',
  abandoned: 'a manager left the match',
};

export function reasonText(r: string): string {
  return REASON[r] ?? r;
}

const PHASE: Partial<Record<string, string>> = {
  'combat-attack': 'Combat: attackers are declared.',
  'combat-block': 'Combat: blockers are declared.',
  resolution: 'Resolution phase.',
};

export function who(ctx: LogContext, m: ManagerId): string {
  return ctx.me === m ? 'You' : ctx.names[m];
}

function verb(ctx: LogContext, m: ManagerId, you: string, them: string): string {
  return `${who(ctx, m)} ${ctx.me === m ? you : them}`;
}

export function cardName(ctx: LogContext, id: string, def?: string): string {
  const d = def || ctx.cardDefs[id];
  if (!d) return 'a card';
  return ctx.defs[d]?.name ?? d;
}

function targetName(ctx: LogContext, t: string): string {
  if (t === 'A' || t === 'B') return who(ctx, t);
  if (ctx.stackSources[t]) return `${cardName(ctx, ctx.stackSources[t]!)} (on the stack)`;
  return cardName(ctx, t);
}

/** One event → a sentence, or null for events that would only be noise (passes, star tilts). */
export function sentence(e: GameEvent, ctx: LogContext): { text: string; kind: LogLine['kind'] } | null {
  switch (e.t) {
    case 'turn':
      return { text: `Turn ${e.turn} — ${ctx.me === e.active ? 'your' : `${ctx.names[e.active]}'s`} turn.`, kind: 'turn' };
    case 'phase':
      return PHASE[e.phase] ? { text: PHASE[e.phase]!, kind: 'combat' } : null;
    case 'coin':
      return { text: `${verb(ctx, e.winner, 'win', 'wins')} the coin flip.`, kind: 'info' };
    case 'order':
      return { text: `${verb(ctx, e.first, 'go', 'goes')} first.`, kind: 'info' };
    case 'mulligan-decided':
      if (e.redraw === undefined) return { text: `${verb(ctx, e.manager, 'have', 'has')} decided on a mulligan.`, kind: 'info' };
      return { text: e.redraw ? `${verb(ctx, e.manager, 'shuffle', 'shuffles')} their hand away and draw 5 new cards.` : `${verb(ctx, e.manager, 'keep', 'keeps')} the opening hand.`, kind: 'info' };
    case 'move': {
      const name = cardName(ctx, e.card, e.def);
      const p = e.owner;
      if (e.from === 'roster' && e.to === 'hand') return { text: e.def && ctx.me === p ? `You draw ${name}.` : `${verb(ctx, p, 'draw', 'draws')} a card.`, kind: 'info' };
      if (e.from === 'hand' && e.to === 'roster') return null;
      if (e.to === 'star-pool') return { text: `${verb(ctx, p, 'place', 'places')} ${name} in the Star Pool.`, kind: 'info' };
      if (e.from === 'backstage' && e.to === 'centre') return { text: `${verb(ctx, p, 'debut', 'debuts')} their Centre, ${name}!`, kind: 'info' };
      if (e.from === 'hand' && (e.to === 'main' || e.to === 'centre')) return { text: `${verb(ctx, p, 'debut', 'debuts')} ${name}.`, kind: 'info' };
      if (e.from === 'hand' && e.to === 'stack') return null; // the stack-push says it
      if (e.from === 'hand' && e.to === 'graduation') return { text: `${verb(ctx, p, 'discard', 'discards')} ${name}.`, kind: 'info' };
      if (e.from === 'roster' && e.to === 'graduation') return { text: `${name} is sent from ${ctx.me === p ? 'your' : `${ctx.names[p]}'s`} roster to the Graduation Zone.`, kind: 'info' };
      if (e.from === 'stack' && e.to === 'graduation') return null;
      if (e.to === 'graduation' || e.to === 'token-gone') return { text: `${name} graduates.`, kind: 'combat' };
      if (e.to === 'hiatus') return { text: `${name} goes on Hiatus.`, kind: 'info' };
      if (e.from === 'hiatus') return { text: `${name} returns from Hiatus.`, kind: 'info' };
      if (e.to === 'hand') return { text: `${name} returns to ${ctx.me === p ? 'your' : `${ctx.names[p]}'s`} hand.`, kind: 'info' };
      if (e.token && e.to === 'main') return { text: `${verb(ctx, p, 'commission', 'commissions')} a ${name} token.`, kind: 'info' };
      if (e.to === 'main' || e.to === 'centre') return { text: `${name} enters ${ctx.me === p ? 'your' : `${ctx.names[p]}'s`} stage.`, kind: 'info' };
      return null;
    }
    case 'stack-push': {
      const it = e.item;
      const name = cardName(ctx, it.source, it.sourceDef);
      const targets = it.targets.length ? ` targeting ${it.targets.map((t) => targetName(ctx, t)).join(' and ')}` : '';
      const act = it.kind === 'highlight' ? verb(ctx, it.controller, 'play', 'plays') : it.kind === 'ability' ? verb(ctx, it.controller, 'activate', 'activates') : `${name}'s ability triggers for ${who(ctx, it.controller).replace(/^You$/, 'you')}`;
      if (it.kind === 'trigger') return { text: `${act}${targets}.`, kind: 'info' };
      return { text: `${act} ${it.kind === 'ability' ? `${name}'s ability` : name}${targets}.`, kind: 'info' };
    }
    case 'stack-resolve': {
      const src = ctx.stackSources[e.item];
      const name = src ? cardName(ctx, src) : 'An effect';
      return { text: e.fizzled ? `${name} fizzles: its targets are gone.` : `${name} resolves.`, kind: 'info' };
    }
    case 'stack-cancel': {
      const src = ctx.stackSources[e.item];
      return { text: `${src ? cardName(ctx, src) : 'An effect'} is cancelled.`, kind: 'info' };
    }
    case 'damage':
      return { text: `${cardName(ctx, e.card)} takes ${e.amount} damage.`, kind: 'combat' };
    case 'sanity': {
      const n = Math.abs(e.delta);
      const how = e.reason === 'raid' ? ' from Raid' : e.reason === 'combat' ? ' in combat' : e.reason === 'deck-out' ? ' (no cards left to draw)' : '';
      return e.delta < 0
        ? { text: `${verb(ctx, e.manager, 'lose', 'loses')} ${n} sanity${how} (${e.now} left).`, kind: 'combat' }
        : { text: `${verb(ctx, e.manager, 'gain', 'gains')} ${n} sanity (${e.now} now).`, kind: 'info' };
    }
    case 'deck-out':
      return { text: `${verb(ctx, e.manager, 'have', 'has')} no cards left to draw.`, kind: 'combat' };
    case 'attackers':
      return e.attackers.length
        ? { text: `Attacking: ${e.attackers.map((a) => cardName(ctx, a)).join(', ')}.`, kind: 'combat' }
        : { text: 'No attack this turn.', kind: 'combat' };
    case 'blockers':
      return e.blocks.length
        ? { text: `Blocks: ${e.blocks.map((b) => `${cardName(ctx, b.blocker)} blocks ${cardName(ctx, b.attacker)}`).join('; ')}.`, kind: 'combat' }
        : { text: 'No blocks.', kind: 'combat' };
    case 'counters':
      return { text: `${cardName(ctx, e.card)} now has ${e.now} ${e.counter} counter${e.now === 1 ? '' : 's'}.`, kind: 'info' };
    case 'attach':
      return { text: `${cardName(ctx, e.asset)} is equipped to ${cardName(ctx, e.to)}.`, kind: 'info' };
    case 'game-over':
      return {
        text: e.winner === 'draw' ? `The match is a draw (${reasonText(e.reason)}).` : `${verb(ctx, e.winner, 'win', 'wins')} the match (${reasonText(e.reason)})!`,
        kind: 'end',
      };
    default:
      return null;
  }
}

/** Remembers card ids → definitions from one batch of events (before the sentences are written). */
export function learn(events: readonly GameEvent[], ctx: LogContext): void {
  for (const e of events) {
    if (e.t === 'move' && e.def) {
      if (e.card) ctx.cardDefs[e.card] = e.def;
      if (e.newId) ctx.cardDefs[e.newId] = e.def;
    } else if (e.t === 'stack-push') {
      ctx.stackSources[e.item.id] = e.item.source;
      ctx.cardDefs[e.item.source] ??= e.item.sourceDef;
    }
  }
}
