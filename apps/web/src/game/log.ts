/**
 * Game events in plain sentences, for the log. Works from what this viewer was sent: the projected events
 * and the card definitions it has seen. A card this viewer may not see is "a card". The viewer's own doings
 * are told in the second person ("You debut your Centre"), the other manager's in the third; a spectator
 * reads both managers by name. Cards are named as the board names them (game/labels.ts), so two cards of
 * one name are told apart here too.
 */
import { counterNameJa, type CardDef, type GameEvent, type ManagerId } from '@vroyale/engine';
import type { LogLine } from '../store';
import { language, t } from '../i18n';
import { abilityOf, article, capitalise, cardName as defName, type Labels } from './labels';

export interface LogContext {
  defs: Record<string, CardDef>;
  cardDefs: Record<string, string>;
  /** The viewer's seat, or null for a spectator. */
  me: ManagerId | null;
  names: Record<ManagerId, string>;
  /** Stack item id → the card it came from. */
  stackSources: Record<string, string>;
  /** A game of a best of three: its end is the game's, not the match's ("wins the game"). */
  gameOfSeries?: boolean;
  /** Stack item id → what kind of item it is ("Chat Regular's ability resolves" rather than "Chat Regular resolves"). */
  stackKinds?: Record<string, 'highlight' | 'ability' | 'trigger'>;
  /**
   * The board's labels just before and just after this batch of events. A card is named as it was before
   * the batch (its place then), a card that arrived in it as it is after; a card that left only before.
   */
  before?: Labels | null;
  after?: Labels | null;
}

/** A log text by key (keys differ per person: `_you` is the viewer's own). */
const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;

/** Why a match ended, saying no one's name (the lobby's list of rooms). */
export function reasonText(r: string): string {
  return REASONS.has(r) ? tx(`log.reason.${r}`) : r;
}
const REASONS = new Set(['sanity', 'deck-out', 'card', 'concede', 'double-ko', 'time', 'abandoned', 'round-time']);
const LOSER = new Set(['sanity', 'deck-out', 'concede', 'time', 'abandoned']);

const other = (m: ManagerId): ManagerId => (m === 'A' ? 'B' : 'A');

/** Why a match ended, about the manager who lost, in the viewer's persons: "Bea conceded", "your sanity ran out". */
export function endReason(reason: string, winner: ManagerId | 'draw', ctx: Pick<LogContext, 'me' | 'names'>): string {
  if (winner === 'draw' || !LOSER.has(reason)) return reasonText(reason);
  const loser = other(winner);
  return tx(`log.end.${reason}${loser === ctx.me ? '_you' : ''}`, { name: ctx.names[loser] });
}

const PHASES = new Set(['combat-attack', 'combat-block', 'resolution']);

/** "You" or the manager's name, to begin a sentence. */
export function who(ctx: LogContext, m: ManagerId): string {
  return ctx.me === m ? t('log.you') : ctx.names[m];
}

/** A sentence about manager `m`: the `_you` text when `m` is the viewer, else the third person with `name`. */
function say(ctx: LogContext, m: ManagerId, key: string, o: Record<string, unknown> = {}): string {
  return tx(`log.${key}${ctx.me === m ? '_you' : ''}`, { name: ctx.names[m], ...o });
}

/** "a", "a and b", "a, b and c" (`oxford`: "a, b, and c"), in the interface's language. */
function list(xs: readonly string[], oxford = false): string {
  if (xs.length < 2) return xs[0] ?? '';
  return tx(oxford ? 'log.listOxford' : 'log.listAnd', { rest: xs.slice(0, -1).join(t('log.listSep')), last: xs[xs.length - 1] });
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
  if (!d) return t('labels.aCard');
  const found = ctx.defs[d];
  return found ? defName(found) : t('labels.aCard');
}

/** A stack item by its source: "Zap", "Chat Regular's ability". */
function itemName(ctx: LogContext, item: string, o: NameOpts = {}): string | null {
  const src = ctx.stackSources[item];
  if (!src) return null;
  const name = cardName(ctx, src, undefined, o);
  const kind = ctx.stackKinds?.[item];
  return kind === 'ability' || kind === 'trigger' ? abilityOf(name) : name;
}

function targetName(ctx: LogContext, target: string): string {
  if (target === 'A' || target === 'B') return ctx.me === target ? t('labels.you') : ctx.names[target];
  const item = itemName(ctx, target);
  if (item) return t('log.onStack', { item });
  return cardName(ctx, target);
}

const STAGE_LIKE = new Set(['main', 'centre', 'backstage', 'star-pool']);

/** One event → a sentence, or null for events that would only be noise (passes, star tilts). */
export function sentence(e: GameEvent, ctx: LogContext): { text: string; kind: LogLine['kind'] } | null {
  const s = write(e, ctx);
  return s && { text: capitalise(s.text), kind: s.kind };
}

const LOSS: Record<string, string> = { raid: 'loseRaid', combat: 'loseCombat', 'deck-out': 'loseDeckOut' };

function write(e: GameEvent, ctx: LogContext): { text: string; kind: LogLine['kind'] } | null {
  const info = (text: string) => ({ text, kind: 'info' as const });
  const combat = (text: string) => ({ text, kind: 'combat' as const });
  switch (e.t) {
    case 'turn':
      return { text: say(ctx, e.active, 'turn', { turn: e.turn }), kind: 'turn' };
    case 'phase':
      return PHASES.has(e.phase) ? combat(tx(`log.phase.${e.phase}`)) : null;
    case 'coin':
      return info(say(ctx, e.winner, e.previousGame ? 'chooserPreviousGame' : 'coin'));
    case 'order':
      return info(say(ctx, e.first, 'order'));
    case 'mulligan-decided': {
      const m = e.manager;
      if (e.redraw === undefined) return info(say(ctx, m, 'mulliganMade'));
      return info(say(ctx, m, e.redraw ? 'mulliganRedraw' : 'mulliganKeep'));
    }
    case 'move': {
      const p = e.owner;
      // Arriving on the board: named where it now is; anything else: where it was.
      const arriving = STAGE_LIKE.has(e.to);
      const name = (subject: ManagerId | null = null) =>
        arriving && e.newId && labelled(ctx, e.newId, { after: true })
          ? cardName(ctx, e.newId, e.def, { subject, after: true })
          : cardName(ctx, e.card, e.def, { subject });
      if (e.from === 'roster' && e.to === 'hand') return info(e.def && ctx.me === p ? t('log.drawSeen', { card: name(p) }) : say(ctx, p, 'draw'));
      if (e.from === 'hand' && e.to === 'roster') return null;
      if (e.to === 'star-pool') return info(say(ctx, p, 'star', { card: name(p) }));
      if (e.from === 'backstage' && e.to === 'centre') return info(say(ctx, p, 'debutCentre', { card: name(p) }));
      if (e.from === 'hand' && (e.to === 'main' || e.to === 'centre')) return info(say(ctx, p, 'debut', { card: name(p) }));
      if (e.from === 'hand' && e.to === 'stack') return null; // the stack-push says it
      if (e.from === 'hand' && e.to === 'graduation') return info(say(ctx, p, 'discard', { card: name(p) }));
      if (e.from === 'roster' && e.to === 'graduation') return info(say(ctx, p, 'milled', { card: name() }));
      if (e.from === 'stack' && e.to === 'graduation') return null;
      if (e.to === 'graduation' || e.to === 'token-gone') return combat(t('log.graduates', { card: name() }));
      if (e.to === 'hiatus') return info(t('log.hiatus', { card: name() }));
      if (e.from === 'hiatus') return info(t('log.hiatusBack', { card: name() }));
      if (e.to === 'hand') return info(say(ctx, p, 'toHand', { card: name() }));
      const tokenDef = e.token && e.to === 'main' ? ctx.defs[e.def ?? ''] : undefined;
      if (e.token && e.to === 'main') return info(say(ctx, p, 'token', { aName: article(tokenDef ? defName(tokenDef) : t('log.tokenWord')) }));
      if (e.to === 'main' || e.to === 'centre') return info(say(ctx, p, 'enters', { card: name() }));
      return null;
    }
    case 'stack-push': {
      const it = e.item;
      const c = it.controller;
      const card = cardName(ctx, it.source, it.sourceDef, { subject: c, after: true });
      const targets = list(it.targets.map((x) => targetName(ctx, x)));
      const key = it.kind === 'trigger' ? 'trigger' : it.kind === 'ability' ? 'activate' : 'play';
      return info(say(ctx, c, it.targets.length ? `${key}Targets` : key, { card: it.kind === 'highlight' ? card : abilityOf(card), targets }));
    }
    case 'stack-resolve': {
      const item = itemName(ctx, e.item) ?? t('log.anEffect');
      return info(t(e.fizzled ? 'log.fizzles' : 'log.resolves', { item }));
    }
    case 'stack-cancel':
      return info(t('log.cancelled', { item: itemName(ctx, e.item) ?? t('log.anEffect') }));
    case 'damage':
      return combat(t('log.damage', { card: cardName(ctx, e.card), amount: e.amount }));
    case 'sanity': {
      const n = Math.abs(e.delta);
      // The match is over at 0: an overshoot is never printed as negative sanity.
      const now = Math.max(0, e.now);
      return e.delta < 0 ? combat(say(ctx, e.manager, LOSS[e.reason ?? ''] ?? 'lose', { n, now })) : info(say(ctx, e.manager, 'gain', { n, now }));
    }
    case 'deck-out':
      return combat(say(ctx, e.manager, 'deckOut'));
    case 'attackers': {
      if (!e.attackers.length) return combat(t('log.noAttack'));
      const side = labelled(ctx, e.attackers[0]!, {})?.ref(e.attackers[0]!)?.side;
      if (!side) return combat(t('log.attackingUnknown', { cards: list(e.attackers.map((a) => cardName(ctx, a))) }));
      return combat(say(ctx, side, 'attack', { cards: list(e.attackers.map((a) => cardName(ctx, a, undefined, { subject: side }))) }));
    }
    case 'blockers': {
      if (!e.blocks.length) return combat(t('log.noBlocks'));
      const side = labelled(ctx, e.blocks[0]!.blocker, {})?.ref(e.blocks[0]!.blocker)?.side;
      if (!side)
        return combat(
          t('log.blocksUnknown', {
            pairs: e.blocks.map((b) => t('log.blockPair', { blocker: cardName(ctx, b.blocker), attacker: cardName(ctx, b.attacker) })).join(t('log.clauseSep')),
          }),
        );
      const pairs = e.blocks.map((b) =>
        t('log.blockWith', {
          attacker: cardName(ctx, b.attacker, undefined, { subject: side }),
          blocker: cardName(ctx, b.blocker, undefined, { subject: side }),
        }),
      );
      return combat(say(ctx, side, 'block', { pairs: list(pairs, true) }));
    }
    case 'counters':
      // glossary.ts's counterName, inlined: importing glossary.ts here would move it into the lobby's entry.
      return info(t('log.counters', { card: cardName(ctx, e.card), count: e.now, counter: language() === 'ja' ? counterNameJa(e.counter) : e.counter }));
    case 'attach':
      return info(t('log.attach', { asset: cardName(ctx, e.asset, undefined, { after: true }), card: cardName(ctx, e.to, undefined, { after: true }) }));
    case 'game-over':
      return {
        text:
          e.winner === 'draw'
            ? t(ctx.gameOfSeries ? 'log.gameDraw' : 'log.matchDraw', { reason: endReason(e.reason, 'draw', ctx) })
            : say(ctx, e.winner, ctx.gameOfSeries ? 'winGame' : 'win', { reason: endReason(e.reason, e.winner, ctx) }),
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
