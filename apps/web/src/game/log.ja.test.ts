/** Log sentences in Japanese: whole sentences per person, the same card labels, Japanese word order. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardView, GameEvent, GameView, ManagerId, ManagerView } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { setLanguage } from '../i18n';
import { labels } from './labels';
import { endReason, learn, sentence, type LogContext } from './log';

const names = { A: 'Aiko', B: 'Bea' } as const;
const ctx = (me: ManagerId | null): LogContext => ({ defs: cardPool, cardDefs: { c9: 'chat-regular' }, me, names, stackSources: {} });
const say = (e: GameEvent, me: ManagerId | null) => sentence(e, ctx(me))?.text;

describe('log sentences in Japanese', () => {
  beforeAll(() => setLanguage('ja', false));

  it('tells the viewer in the second person and the other manager by name', () => {
    expect(say({ t: 'coin', winner: 'A' }, 'A')).toBe('あなたがコイントスに勝ちました。');
    expect(say({ t: 'coin', winner: 'A' }, 'B')).toBe('Aikoがコイントスに勝ちました。');
    expect(say({ t: 'turn', turn: 3, active: 'B' }, 'A')).toBe('ターン3 — Beaのターン。');
    expect(say({ t: 'move', owner: 'A', from: 'hand', to: 'main', card: 'c1', def: 'chat-regular', newId: 'c2' } as GameEvent, 'A')).toBe(
      'あなたはコメ欄の常連をデビューさせました。',
    );
  });

  it('puts targets, amounts and reasons where Japanese wants them', () => {
    const push = {
      t: 'stack-push',
      item: { id: 's1', controller: 'B', source: 'src', sourceDef: 'chat-regular', kind: 'highlight', ability: 0, targets: ['A'] },
    } as GameEvent;
    expect(say(push, 'A')).toBe('Beaがあなたを対象にコメ欄の常連をプレイしました。');
    expect(say({ t: 'sanity', manager: 'A', delta: -3, now: 17, reason: 'raid' }, 'A')).toBe('あなたはレイドで正気度を3失いました（残り17）。');
    expect(say({ t: 'counters', card: 'c9', counter: 'hype', now: 2 }, null)).toBe('コメ欄の常連のハイプカウンターが2個になりました。');
    expect(say({ t: 'game-over', winner: 'B', reason: 'concede' }, 'B')).toBe('あなたの勝利：Aikoが投了した。');
    expect(endReason('sanity', 'A', { me: 'B', names })).toBe('あなたの正気度が尽きた');
  });
});

/** Latin letters left once the managers' own names (which stay as their players typed them) are taken out. */
const english = (line: string | undefined): string[] =>
  [
    ...(line ?? '')
      .replaceAll('Aiko', '')
      .replaceAll('Bea', '')
      .matchAll(/[A-Za-z]+/g),
  ].map((m) => m[0]);

/** Every counter the card set puts on cards (free text in the data). */
function counters(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const y of x) counters(y, out);
  else if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if (typeof o.counter === 'string') out.add(o.counter);
    for (const v of Object.values(o)) counters(v, out);
  }
  return out;
}

describe('Japanese log lines name every card in Japanese', () => {
  beforeAll(() => setLanguage('ja', false));

  it("the check can fail: an English card name is caught, the managers' names are not", () => {
    expect(english('Beaがあなたを対象にChat Regularをプレイしました。')).toEqual(['Chat', 'Regular']);
    expect(english('Aikoがコイントスに勝ちました。')).toEqual([]);
  });

  it('every card of the set, in every kind of card sentence and person, and every counter', () => {
    const bad: string[] = [];
    const all = Object.values(cardPool);
    const set = counters(all);
    expect(set.size).toBeGreaterThan(0);
    for (const d of all) {
      const events: GameEvent[] = [
        { t: 'move', owner: 'A', from: 'roster', to: 'hand', card: 'c1', def: d.id, newId: 'c2' },
        { t: 'move', owner: 'A', from: 'hand', to: 'main', card: 'c1', def: d.id, newId: 'c2' },
        { t: 'move', owner: 'B', from: 'backstage', to: 'centre', card: 'c1', def: d.id, newId: 'c2' },
        { t: 'move', owner: 'A', from: 'hand', to: 'star-pool', card: 'c1', def: d.id, newId: 'c2' },
        { t: 'move', owner: 'A', from: 'main', to: 'graduation', card: 'c1', def: d.id, newId: 'c2' },
        { t: 'move', owner: 'A', from: 'roster', to: 'main', card: 'c1', def: d.id, newId: 'c2', token: true },
        { t: 'stack-push', item: { id: 's1', controller: 'B', source: 'c7', sourceDef: d.id, kind: 'highlight', ability: 0, targets: ['A', 'c9'] } },
        { t: 'stack-push', item: { id: 's2', controller: 'A', source: 'c7', sourceDef: d.id, kind: 'ability', ability: 0, targets: ['s1'] } },
        { t: 'stack-push', item: { id: 's3', controller: 'A', source: 'c7', sourceDef: d.id, kind: 'trigger', ability: 0, targets: [] } },
        { t: 'stack-resolve', item: 's2', fizzled: false },
        { t: 'stack-cancel', item: 's1' },
        { t: 'damage', card: 'c9', amount: 2, combat: true },
        { t: 'attach', asset: 'c7', to: 'c9' },
        ...[...set].map((counter) => ({ t: 'counters', card: 'c9', counter, now: 2 }) as GameEvent),
        { t: 'attackers', attackers: ['c9'] },
        { t: 'blockers', blocks: [{ blocker: 'c7', attacker: 'c9' }] },
      ] as GameEvent[];
      for (const me of ['A', 'B', null] as const) {
        const c: LogContext = { defs: cardPool, cardDefs: { c9: d.id }, me, names, stackSources: {} };
        learn(events, c);
        for (const e of events) {
          const line = sentence(e, c)?.text;
          if (!line) continue;
          if (english(line).length) bad.push(`${d.id} (${e.t}): ${line}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('cards named by the board, with markers and whose', () => {
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
    const view = {
      managers: { A: side([cv('a1', 'chat-regular', 'A')]), B: side([cv('b1', 'chat-regular', 'B'), cv('b2', 'chat-regular', 'B')]) },
      stack: [],
      defs: cardPool,
    } as unknown as GameView;
    const c: LogContext = { ...ctx('A'), before: labels(view, names, 'A'), after: labels(view, names, 'A') };
    expect(sentence({ t: 'damage', card: 'b2', amount: 3, combat: true }, c)?.text).toBe('Beaのコメ欄の常連 (2)が3ダメージを受けました。');
  });
});
