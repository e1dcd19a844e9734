/**
 * Game events in plain sentences, for the log. Works from what this viewer was sent: the projected events
 * and the card definitions it has seen. A card this viewer may not see is "a card". The viewer's own doings
 * are told in the second person ("You debut your Centre"), the other manager's in the third; a spectator
 * reads both managers by name. Cards are named as the board names them (game/labels.ts), so two cards of
 * one name are told apart here too.
 */
import type { CardDef, GameEvent, ManagerId } from '@vroyale/engine';
import type { LogLine } from '../store';
import { abilityOf, article, capitalise, type Labels } from './labels';

export interface LogContext {
  defs: Record<string, CardDef>;
  cardDefs: Record<string, string>;
  /** The viewer's seat, or null for a spectator. */
  me: ManagerId | null;
  names: Record<ManagerId, string>;
  /** Stack item id → the card it came from. */
  stackSources: Record<string, string>;
  /** Stack item id → what kind of item it is ("Chat Regular's ability resolves" rather than "Chat Regular resolves"). */
  stackKinds?: Record<string, 'highlight' | 'ability' | 'trigger'>;
  /**
   * The board's labels just before and just after this batch of events. A card is named as it was before
   * the batch (its place then), a card that arrived in it as it is after; a card that left only before.
   */
  before?: Labels | null;
  after?: Labels | null;
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

/** Why a match ended, saying no one's name (the lobby's list of rooms). */
export function reasonText(r: string): string {
  return REASON[r] ?? r;
}

const other = (m: ManagerId): ManagerId => (m === 'A' ? 'B' : 'A');

/** Why a match ended, about the manager who lost, in the viewer's persons: "Bea conceded", "your sanity ran out". */
export function endReason(reason: string, winner: ManagerId | 'draw', ctx: Pick<LogContext, 'me' | 'names'>): string {
  if (winner === 'draw') return reasonText(reason);
  const loser = other(winner);
  const obj = loser === ctx.me ? 'you' : ctx.names[loser];
  const poss = loser === ctx.me ? 'your' : `${ctx.names[loser]}'s`;
  switch (reason) {
    case 'sanity':
      return `${poss} sanity ran out`;
    case 'deck-out':
      return `${poss} roster ran out`;
    case 'concede':
      return `${obj} conceded`;
    case 'time':
      return `${obj} ran out of time`;
    case 'abandoned':
      return `${obj} left the match`;
    default:
      return reasonText(reason);
  }
}

const PHASE: Partial<Record<string, string>> = {
  'combat-attack': 'Combat: attackers are declared.',
  'combat-block': 'Combat: blockers are declared.',
  resolution: 'Resolution phase.',
};

/** "You" or the manager's name, to begin a sentence. */
export function who(ctx: LogContext, m: ManagerId): string {
  return ctx.me === m ? 'You' : ctx.names[m];
}

/** "your" or "Bea's". */
function whose(ctx: LogContext, m: ManagerId): string {
  return ctx.me === m ? 'your' : `${ctx.names[m]}'s`;
}

/** The manager's own thing after their own verb: "You keep your…", "Bea keeps their…". */
function own(ctx: LogContext, m: ManagerId): string {
  return ctx.me === m ? 'your' : 'their';
}

function verb(ctx: LogContext, m: ManagerId, you: string, them: string): string {
  return `${who(ctx, m)} ${ctx.me === m ? you : them}`;
}

/** "a", "a and b", "a, b and c". */
function list(xs: readonly string[]): string {
  return xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

interface NameOpts {
  /** Whose doing the sentence tells: their own cards need no "whose". */
  subject?: ManagerId | null;
  /** Look the id up after the batch first (a card that just arrived somewhere). */
  after?: boolean;
}

function labelled(ctx: LogContext, id: string, o: NameOpts): Labels | null {
  const order = o.after ? [ctx.after, ctx.before] : [ctx.before, ctx.after];
  return order.find((l) => l?.ref(id)) ?? null;
}

export function cardName(ctx: LogContext, id: string, def?: string, o: NameOpts = {}): string {
  const l = id ? labelled(ctx, id, o) : null;
  if (l) return l.full(id, o.subject ?? null);
  const d = def || ctx.cardDefs[id];
  if (!d) return 'a card';
  return ctx.defs[d]?.name ?? d;
}

/** A stack item by its source: "Zap", "Chat Regular's ability". */
function itemName(ctx: LogContext, item: string, o: NameOpts = {}): string | null {
  const src = ctx.stackSources[item];
  if (!src) return null;
  const name = cardName(ctx, src, undefined, o);
  const kind = ctx.stackKinds?.[item];
  return kind === 'ability' || kind === 'trigger' ? abilityOf(name) : name;
}

function targetName(ctx: LogContext, t: string): string {
  if (t === 'A' || t === 'B') return ctx.me === t ? 'you' : ctx.names[t];
  const item = itemName(ctx, t);
  if (item) return `${item} on the stack`;
  return cardName(ctx, t);
}

const STAGE_LIKE = new Set(['main', 'centre', 'backstage', 'star-pool']);

/** One event → a sentence, or null for events that would only be noise (passes, star tilts). */
export function sentence(e: GameEvent, ctx: LogContext): { text: string; kind: LogLine['kind'] } | null {
  const s = write(e, ctx);
  return s && { text: capitalise(s.text), kind: s.kind };
}

function write(e: GameEvent, ctx: LogContext): { text: string; kind: LogLine['kind'] } | null {
  switch (e.t) {
    case 'turn':
      return { text: `Turn ${e.turn} — ${whose(ctx, e.active)} turn.`, kind: 'turn' };
    case 'phase':
      return PHASE[e.phase] ? { text: PHASE[e.phase]!, kind: 'combat' } : null;
    case 'coin':
      return { text: `${verb(ctx, e.winner, 'win', 'wins')} the coin flip.`, kind: 'info' };
    case 'order':
      return { text: `${verb(ctx, e.first, 'go', 'goes')} first.`, kind: 'info' };
    case 'mulligan-decided': {
      const m = e.manager;
      if (e.redraw === undefined) return { text: `${verb(ctx, m, 'have', 'has')} made ${own(ctx, m)} mulligan decision.`, kind: 'info' };
      return e.redraw
        ? { text: `${verb(ctx, m, 'shuffle', 'shuffles')} ${own(ctx, m)} hand away and ${ctx.me === m ? 'draw' : 'draws'} 5 new cards.`, kind: 'info' }
        : { text: `${verb(ctx, m, 'keep', 'keeps')} ${own(ctx, m)} opening hand.`, kind: 'info' };
    }
    case 'move': {
      const p = e.owner;
      // Arriving on the board: named where it now is; anything else: where it was.
      const arriving = STAGE_LIKE.has(e.to);
      const name = (subject: ManagerId | null = null) =>
        arriving && e.newId && labelled(ctx, e.newId, { after: true }) ? cardName(ctx, e.newId, e.def, { subject, after: true }) : cardName(ctx, e.card, e.def, { subject });
      if (e.from === 'roster' && e.to === 'hand') return { text: e.def && ctx.me === p ? `You draw ${name(p)}.` : `${verb(ctx, p, 'draw', 'draws')} a card.`, kind: 'info' };
      if (e.from === 'hand' && e.to === 'roster') return null;
      if (e.to === 'star-pool') return { text: `${verb(ctx, p, 'place', 'places')} ${name(p)} in ${own(ctx, p)} Star Pool.`, kind: 'info' };
      if (e.from === 'backstage' && e.to === 'centre') return { text: `${verb(ctx, p, 'debut', 'debuts')} ${own(ctx, p)} Centre, ${name(p)}!`, kind: 'info' };
      if (e.from === 'hand' && (e.to === 'main' || e.to === 'centre')) return { text: `${verb(ctx, p, 'debut', 'debuts')} ${name(p)}.`, kind: 'info' };
      if (e.from === 'hand' && e.to === 'stack') return null; // the stack-push says it
      if (e.from === 'hand' && e.to === 'graduation') return { text: `${verb(ctx, p, 'discard', 'discards')} ${name(p)}.`, kind: 'info' };
      if (e.from === 'roster' && e.to === 'graduation') return { text: `${name()} is sent from ${whose(ctx, p)} roster to the Graduation Zone.`, kind: 'info' };
      if (e.from === 'stack' && e.to === 'graduation') return null;
      if (e.to === 'graduation' || e.to === 'token-gone') return { text: `${name()} graduates.`, kind: 'combat' };
      if (e.to === 'hiatus') return { text: `${name()} goes on Hiatus.`, kind: 'info' };
      if (e.from === 'hiatus') return { text: `${name()} returns from Hiatus.`, kind: 'info' };
      if (e.to === 'hand') return { text: `${name()} returns to ${whose(ctx, p)} hand.`, kind: 'info' };
      if (e.token && e.to === 'main') return { text: `${verb(ctx, p, 'commission', 'commissions')} ${article(ctx.defs[e.def]?.name ?? 'token')} token.`, kind: 'info' };
      if (e.to === 'main' || e.to === 'centre') return { text: `${name()} enters ${whose(ctx, p)} stage.`, kind: 'info' };
      return null;
    }
    case 'stack-push': {
      const it = e.item;
      const c = it.controller;
      const name = cardName(ctx, it.source, it.sourceDef, { subject: c, after: true });
      const targets = it.targets.length ? `, targeting ${list(it.targets.map((t) => targetName(ctx, t)))}` : '';
      if (it.kind === 'trigger') return { text: `${abilityOf(name)} triggers for ${ctx.me === c ? 'you' : ctx.names[c]}${targets}.`, kind: 'info' };
      if (it.kind === 'ability') return { text: `${verb(ctx, c, 'activate', 'activates')} ${abilityOf(name)}${targets}.`, kind: 'info' };
      return { text: `${verb(ctx, c, 'play', 'plays')} ${name}${targets}.`, kind: 'info' };
    }
    case 'stack-resolve': {
      const name = itemName(ctx, e.item) ?? 'an effect';
      return { text: e.fizzled ? `${name} fizzles: its targets are gone.` : `${name} resolves.`, kind: 'info' };
    }
    case 'stack-cancel':
      return { text: `${itemName(ctx, e.item) ?? 'an effect'} is cancelled.`, kind: 'info' };
    case 'damage':
      return { text: `${cardName(ctx, e.card)} takes ${e.amount} damage.`, kind: 'combat' };
    case 'sanity': {
      const n = Math.abs(e.delta);
      // The match is over at 0: an overshoot is never printed as negative sanity.
      const now = Math.max(0, e.now);
      const how = e.reason === 'raid' ? ' from Raid' : e.reason === 'combat' ? ' in combat' : e.reason === 'deck-out' ? ' to the deck-out' : '';
      return e.delta < 0
        ? { text: `${verb(ctx, e.manager, 'lose', 'loses')} ${n} sanity${how} (${now} left).`, kind: 'combat' }
        : { text: `${verb(ctx, e.manager, 'gain', 'gains')} ${n} sanity (now ${now}).`, kind: 'info' };
    }
    case 'deck-out':
      return { text: `${verb(ctx, e.manager, 'have', 'has')} no cards left to draw.`, kind: 'combat' };
    case 'attackers': {
      if (!e.attackers.length) return { text: 'No attack this turn.', kind: 'combat' };
      const side = labelled(ctx, e.attackers[0]!, {})?.ref(e.attackers[0]!)?.side;
      if (!side) return { text: `Attacking: ${list(e.attackers.map((a) => cardName(ctx, a)))}.`, kind: 'combat' };
      return { text: `${verb(ctx, side, 'attack', 'attacks')} with ${list(e.attackers.map((a) => cardName(ctx, a, undefined, { subject: side })))}.`, kind: 'combat' };
    }
    case 'blockers': {
      if (!e.blocks.length) return { text: 'No blocks.', kind: 'combat' };
      const side = labelled(ctx, e.blocks[0]!.blocker, {})?.ref(e.blocks[0]!.blocker)?.side;
      if (!side) return { text: `Blocks: ${e.blocks.map((b) => `${cardName(ctx, b.blocker)} blocks ${cardName(ctx, b.attacker)}`).join('; ')}.`, kind: 'combat' };
      const pairs = e.blocks.map((b) => `${cardName(ctx, b.attacker, undefined, { subject: side })} with ${cardName(ctx, b.blocker, undefined, { subject: side })}`);
      return { text: `${verb(ctx, side, 'block', 'blocks')} ${pairs.length > 1 ? `${pairs.slice(0, -1).join(', ')}, and ${pairs[pairs.length - 1]}` : pairs[0]}.`, kind: 'combat' };
    }
    case 'counters':
      return { text: `${cardName(ctx, e.card)} now has ${e.now} ${e.counter} counter${e.now === 1 ? '' : 's'}.`, kind: 'info' };
    case 'attach':
      return { text: `${cardName(ctx, e.asset, undefined, { after: true })} is equipped to ${cardName(ctx, e.to, undefined, { after: true })}.`, kind: 'info' };
    case 'game-over':
      return {
        text: e.winner === 'draw' ? `The match is a draw: ${endReason(e.reason, 'draw', ctx)}.` : `${verb(ctx, e.winner, 'win', 'wins')} the match: ${endReason(e.reason, e.winner, ctx)}.`,
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
      (ctx.stackKinds ??= {})[e.item.id] = e.item.kind;
      ctx.cardDefs[e.item.source] ??= e.item.sourceDef;
    }
  }
}

/**
 * The match so far (`match:log-history`: the public events of earlier actions, per seq) as log lines, for a
 * page that arrives late (watching, reloading, another tab). Cards are named with the labels of the current
 * view (`ctx.after`): an approximation, since a card's place and marker may have changed since; a card no
 * longer in view is named by its definition, or "a card".
 */
export function historyLines(batches: readonly { seq: number; events: readonly GameEvent[] }[], ctx: LogContext): LogLine[] {
  const c: LogContext = { ...ctx, before: null };
  const out: LogLine[] = [];
  for (const b of batches) {
    learn(b.events, c);
    for (const e of b.events) {
      const s = sentence(e, c);
      if (s) out.push({ seq: b.seq, ...s });
    }
  }
  return out;
}
