import { describe, expect, it } from 'vitest';
import type { CardView, GameEvent, GameView, ManagerId, ManagerView } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { labels } from './labels';
import { endReason, learn, sentence, type LogContext } from './log';

const names = { A: 'Aiko', B: 'Bea' } as const;
type Seat = ManagerId | null;

const ctx = (me: Seat = 'A', patch: Partial<LogContext> = {}): LogContext => ({ defs: cardPool, cardDefs: {}, me, names, stackSources: {}, ...patch });

/** The sentence as Aiko (A), Bea (B) and a spectator read it. */
function persons(e: GameEvent, patch: (me: Seat) => Partial<LogContext> = () => ({})): [string | null, string | null, string | null] {
  return (['A', 'B', null] as const).map((me) => sentence(e, ctx(me, patch(me)))?.text ?? null) as [string | null, string | null, string | null];
}

const move = (owner: ManagerId, from: string, to: string, def = 'chat-regular', extra: object = {}) =>
  ({ t: 'move', owner, from, to, card: 'c1', def, newId: 'c2', ...extra }) as GameEvent;

describe('log sentences, in both persons (and a spectator’s third person)', () => {
  it('setup: coin, order, mulligans, turns and phases', () => {
    expect(persons({ t: 'coin', winner: 'A' })).toEqual(['You win the coin flip.', 'Aiko wins the coin flip.', 'Aiko wins the coin flip.']);
    expect(persons({ t: 'order', first: 'B' })).toEqual(['Bea goes first.', 'You go first.', 'Bea goes first.']);
    expect(persons({ t: 'mulligan-decided', manager: 'A' })).toEqual([
      'You have made your mulligan decision.',
      'Aiko has made their mulligan decision.',
      'Aiko has made their mulligan decision.',
    ]);
    expect(persons({ t: 'mulligan-decided', manager: 'A', redraw: true })).toEqual([
      'You shuffle your hand away and draw 5 new cards.',
      'Aiko shuffles their hand away and draws 5 new cards.',
      'Aiko shuffles their hand away and draws 5 new cards.',
    ]);
    expect(persons({ t: 'mulligan-decided', manager: 'B', redraw: false })).toEqual([
      'Bea keeps their opening hand.',
      'You keep your opening hand.',
      'Bea keeps their opening hand.',
    ]);
    expect(persons({ t: 'turn', turn: 3, active: 'A' })).toEqual(['Turn 3 — your turn.', "Turn 3 — Aiko's turn.", "Turn 3 — Aiko's turn."]);
    expect(persons({ t: 'phase', phase: 'combat-attack' })[0]).toBe('Combat: attackers are declared.');
    expect(persons({ t: 'phase', phase: 'combat-block' })[0]).toBe('Combat: blockers are declared.');
    expect(persons({ t: 'phase', phase: 'resolution' })[0]).toBe('Resolution phase.');
    expect(persons({ t: 'phase', phase: 'main' })).toEqual([null, null, null]);
  });

  it('draws: the drawer reads the card, everyone else "a card"', () => {
    // The projection gives the drawer the definition and hides it from everyone else.
    expect(sentence(move('A', 'roster', 'hand'), ctx('A'))?.text).toBe('You draw Chat Regular.');
    expect(sentence(move('A', 'roster', 'hand', ''), ctx('B'))?.text).toBe('Aiko draws a card.');
    expect(sentence(move('A', 'roster', 'hand', ''), ctx(null))?.text).toBe('Aiko draws a card.');
    expect(persons(move('A', 'hand', 'roster'))).toEqual([null, null, null]);
  });

  it('moves between zones', () => {
    expect(persons(move('A', 'hand', 'star-pool'))).toEqual([
      'You place Chat Regular in your Star Pool.',
      'Aiko places Chat Regular in their Star Pool.',
      'Aiko places Chat Regular in their Star Pool.',
    ]);
    expect(persons(move('A', 'backstage', 'centre'))).toEqual([
      'You debut your Centre, Chat Regular!',
      'Aiko debuts their Centre, Chat Regular!',
      'Aiko debuts their Centre, Chat Regular!',
    ]);
    expect(persons(move('B', 'hand', 'main'))).toEqual(['Bea debuts Chat Regular.', 'You debut Chat Regular.', 'Bea debuts Chat Regular.']);
    expect(persons(move('B', 'hand', 'stack'))).toEqual([null, null, null]);
    expect(persons(move('A', 'hand', 'graduation'))).toEqual(['You discard Chat Regular.', 'Aiko discards Chat Regular.', 'Aiko discards Chat Regular.']);
    expect(persons(move('A', 'roster', 'graduation'))).toEqual([
      'Chat Regular is sent from your roster to the Graduation Zone.',
      "Chat Regular is sent from Aiko's roster to the Graduation Zone.",
      "Chat Regular is sent from Aiko's roster to the Graduation Zone.",
    ]);
    expect(persons(move('A', 'stack', 'graduation'))).toEqual([null, null, null]);
    expect(persons(move('A', 'main', 'graduation'))[0]).toBe('Chat Regular graduates.');
    expect(persons(move('A', 'main', 'token-gone', 'devoted-viewer'))[1]).toBe('Devoted Viewer graduates.');
    expect(persons(move('A', 'main', 'hiatus'))[1]).toBe('Chat Regular goes on Hiatus.');
    expect(persons(move('A', 'hiatus', 'main'))[2]).toBe('Chat Regular returns from Hiatus.');
    expect(persons(move('B', 'main', 'hand'))).toEqual([
      "Chat Regular returns to Bea's hand.",
      'Chat Regular returns to your hand.',
      "Chat Regular returns to Bea's hand.",
    ]);
    expect(persons(move('A', 'roster', 'main', 'devoted-viewer', { token: true }))).toEqual([
      'You commission a Devoted Viewer token.',
      'Aiko commissions a Devoted Viewer token.',
      'Aiko commissions a Devoted Viewer token.',
    ]);
    expect(persons(move('A', 'roster', 'main'))).toEqual([
      'Chat Regular enters your stage.',
      "Chat Regular enters Aiko's stage.",
      "Chat Regular enters Aiko's stage.",
    ]);
  });

  it('the stack: plays, activations, triggers, with their targets; resolving and cancelling', () => {
    const push = (kind: 'highlight' | 'ability' | 'trigger', targets: string[] = []) =>
      ({ t: 'stack-push', item: { id: `s-${kind}`, controller: 'A', source: 'src', sourceDef: 'chat-regular', kind, ability: 0, targets } }) as GameEvent;
    expect(persons(push('highlight', ['B']))).toEqual([
      'You play Chat Regular, targeting Bea.',
      'Aiko plays Chat Regular, targeting you.',
      'Aiko plays Chat Regular, targeting Bea.',
    ]);
    expect(persons(push('ability', ['A', 'B']))).toEqual([
      "You activate Chat Regular's ability, targeting you and Bea.",
      "Aiko activates Chat Regular's ability, targeting Aiko and you.",
      "Aiko activates Chat Regular's ability, targeting Aiko and Bea.",
    ]);
    expect(persons(push('trigger'))).toEqual([
      "Chat Regular's ability triggers for you.",
      "Chat Regular's ability triggers for Aiko.",
      "Chat Regular's ability triggers for Aiko.",
    ]);
    // A target on the stack, a resolution and a cancellation name the item by its source.
    const c = ctx('B');
    learn([push('ability'), push('highlight', ['s-ability'])], c);
    expect(sentence(push('highlight', ['s-ability']), c)?.text).toBe("Aiko plays Chat Regular, targeting Chat Regular's ability on the stack.");
    expect(sentence({ t: 'stack-resolve', item: 's-ability', fizzled: false }, c)?.text).toBe("Chat Regular's ability resolves.");
    expect(sentence({ t: 'stack-resolve', item: 's-highlight', fizzled: true }, c)?.text).toBe('Chat Regular does nothing: its targets are gone.');
    expect(sentence({ t: 'stack-cancel', item: 's-highlight' }, c)?.text).toBe('Chat Regular is cancelled.');
    expect(sentence({ t: 'stack-resolve', item: 'unknown', fizzled: false }, c)?.text).toBe('An effect resolves.');
  });

  it('damage, counters, equipment', () => {
    const known = () => ({ cardDefs: { c9: 'chat-regular', e1: 'acrylic-stand' } });
    expect(persons({ t: 'damage', card: 'c9', amount: 2, combat: true }, known)[0]).toBe('Chat Regular takes 2 damage.');
    expect(persons({ t: 'damage', card: 'hidden', amount: 1, combat: false })[1]).toBe('A card takes 1 damage.');
    expect(persons({ t: 'counters', card: 'c9', counter: 'hype', now: 1 }, known)[0]).toBe('Chat Regular now has 1 hype counter.');
    expect(persons({ t: 'counters', card: 'c9', counter: 'hype', now: 2 }, known)[1]).toBe('Chat Regular now has 2 hype counters.');
    expect(persons({ t: 'attach', asset: 'e1', to: 'c9' }, known)[2]).toBe('Limited Acrylic Stand is equipped to Chat Regular.');
  });

  it('sanity, never below 0, and deck-outs', () => {
    expect(persons({ t: 'sanity', manager: 'A', delta: -3, now: 17, reason: 'raid' })).toEqual([
      'You lose 3 sanity from Raid (17 left).',
      'Aiko loses 3 sanity from Raid (17 left).',
      'Aiko loses 3 sanity from Raid (17 left).',
    ]);
    expect(persons({ t: 'sanity', manager: 'B', delta: -2, now: 5, reason: 'combat' })).toEqual([
      'Bea loses 2 sanity in combat (5 left).',
      'You lose 2 sanity in combat (5 left).',
      'Bea loses 2 sanity in combat (5 left).',
    ]);
    expect(persons({ t: 'sanity', manager: 'A', delta: -2, now: 8, reason: 'deck-out' })[0]).toBe('You lose 2 sanity to the deck-out (8 left).');
    expect(persons({ t: 'sanity', manager: 'A', delta: 2, now: 19, reason: 'effect' })).toEqual([
      'You gain 2 sanity (now 19).',
      'Aiko gains 2 sanity (now 19).',
      'Aiko gains 2 sanity (now 19).',
    ]);
    // 5 damage with 3 left: the match is over at 0, and the log says 0.
    expect(persons({ t: 'sanity', manager: 'B', delta: -5, now: -2, reason: 'combat' })[0]).toBe('Bea loses 5 sanity in combat (0 left).');
    expect(persons({ t: 'deck-out', manager: 'B', amount: 1 })).toEqual([
      'Bea has no cards left to draw.',
      'You have no cards left to draw.',
      'Bea has no cards left to draw.',
    ]);
  });

  it('the end of the match, about the loser', () => {
    expect(persons({ t: 'game-over', winner: 'B', reason: 'sanity' })).toEqual([
      'Bea wins the match: your sanity ran out.',
      "You win the match: Aiko's sanity ran out.",
      "Bea wins the match: Aiko's sanity ran out.",
    ]);
    expect(persons({ t: 'game-over', winner: 'A', reason: 'concede' })).toEqual([
      'You win the match: Bea conceded.',
      'Aiko wins the match: you conceded.',
      'Aiko wins the match: Bea conceded.',
    ]);
    expect(persons({ t: 'game-over', winner: 'draw', reason: 'double-ko' })[0]).toBe('The match is a draw: both managers fell at once.');
    expect(endReason('time', 'A', { me: 'B', names })).toBe('you ran out of time');
    expect(endReason('deck-out', 'A', { me: 'A', names })).toBe("Bea's roster ran out");
    expect(endReason('abandoned', 'B', { me: null, names })).toBe('Aiko left the match');
    expect(endReason('card', 'B', { me: null, names })).toBe("a card's own condition");
  });

  it('says nothing for noise', () => {
    const quiet: GameEvent[] = [
      { t: 'setup', first: null },
      { t: 'shuffle', manager: 'A' },
      { t: 'tilt', card: 'c1', tilted: true },
      { t: 'stars', manager: 'A', available: 2 },
      { t: 'priority', manager: 'A' },
      { t: 'pass', manager: 'A' },
      { t: 'stats', card: 'c1' },
      { t: 'choice', manager: 'A', option: 0 },
    ];
    for (const e of quiet) expect(persons(e)).toEqual([null, null, null]);
  });
});

describe('log sentences name cards as the board does', () => {
  const cv = (id: string, def: string, owner: ManagerId): CardView => ({
    id,
    def,
    owner,
    token: false,
    tilted: false,
    damage: 0,
    burnout: false,
    counters: {},
    attachedTo: null,
  });
  const side = (main: CardView[]): ManagerView => ({
    sanity: 20,
    rosterCount: 20,
    handCount: 0,
    hand: null,
    backstage: null,
    centre: [],
    main,
    starPool: [],
    graduation: [],
    hiatus: [],
    availableStars: 0,
    deckOuts: 0,
    mulligan: 'kept',
  });
  const board = (a: CardView[], b: CardView[]) => ({ managers: { A: side(a), B: side(b) }, stack: [], defs: cardPool }) as unknown as GameView;
  const before = board([cv('a1', 'chat-regular', 'A')], [cv('b1', 'chat-regular', 'B'), cv('b2', 'chat-regular', 'B')]);
  const after = board([cv('a1', 'chat-regular', 'A'), cv('a2', 'chat-regular', 'A')], [cv('b1', 'chat-regular', 'B')]);
  const withLabels = (me: Seat) => ({ before: labels(before, names, me), after: labels(after, names, me) });

  it('with markers and whose, in both persons', () => {
    expect(persons({ t: 'damage', card: 'b2', amount: 3, combat: true }, withLabels)).toEqual([
      "Bea's Chat Regular (2) takes 3 damage.",
      'Your Chat Regular (2) takes 3 damage.',
      "Bea's Chat Regular (2) takes 3 damage.",
    ]);
    // Leaving: named where it was. Arriving: where it is now, and the actor's own card needs no "whose".
    expect(persons({ t: 'move', owner: 'B', from: 'main', to: 'graduation', card: 'b2', def: 'chat-regular', newId: 'g1' }, withLabels)[0]).toBe(
      "Bea's Chat Regular (2) graduates.",
    );
    expect(persons({ t: 'move', owner: 'A', from: 'hand', to: 'main', card: 'h1', def: 'chat-regular', newId: 'a2' }, withLabels)).toEqual([
      'You debut Chat Regular (2).',
      'Aiko debuts Chat Regular (2).',
      'Aiko debuts Chat Regular (2).',
    ]);
  });

  it('attacks and blocks say who', () => {
    expect(persons({ t: 'attackers', attackers: ['b1', 'b2'] }, withLabels)).toEqual([
      'Bea attacks with Chat Regular (1) and Chat Regular (2).',
      'You attack with Chat Regular (1) and Chat Regular (2).',
      'Bea attacks with Chat Regular (1) and Chat Regular (2).',
    ]);
    expect(persons({ t: 'blockers', blocks: [{ blocker: 'a1', attacker: 'b2' }] }, withLabels)).toEqual([
      "You block Bea's Chat Regular (2) with Chat Regular.",
      'Aiko blocks your Chat Regular (2) with Chat Regular.',
      "Aiko blocks Bea's Chat Regular (2) with Chat Regular.",
    ]);
    expect(persons({ t: 'attackers', attackers: [] })[0]).toBe('No attack this turn.');
    expect(persons({ t: 'blockers', blocks: [] })[1]).toBe('No blocks.');
    // Cards this viewer never saw on the board: the old neutral form.
    expect(persons({ t: 'attackers', attackers: ['zz'] })[0]).toBe('Attacking: a card.');
  });
});
