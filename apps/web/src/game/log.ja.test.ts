/** Log sentences in Japanese: whole sentences per person, the same card labels, Japanese word order. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, ManagerId } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { setLanguage } from '../i18n';
import { endReason, sentence, type LogContext } from './log';

const names = { A: 'Aiko', B: 'Bea' } as const;
const ctx = (me: ManagerId | null): LogContext => ({ defs: cardPool, cardDefs: { c9: 'chat-regular' }, me, names, stackSources: {} });
const say = (e: GameEvent, me: ManagerId | null) => sentence(e, ctx(me))?.text;

describe('log sentences in Japanese', () => {
  beforeAll(() => setLanguage('ja', false));

  it('tells the viewer in the second person and the other manager by name', () => {
    expect(say({ t: 'coin', winner: 'A' }, 'A')).toBe('あなたがコイントスに勝ちました。');
    expect(say({ t: 'coin', winner: 'A' }, 'B')).toBe('Aikoがコイントスに勝ちました。');
    expect(say({ t: 'turn', turn: 3, active: 'B' }, 'A')).toBe('ターン3 — Beaのターン。');
    expect(say({ t: 'move', owner: 'A', from: 'hand', to: 'main', card: 'c1', def: 'chat-regular', newId: 'c2' } as GameEvent, 'A')).toBe('あなたはChat Regularをデビューさせました。');
  });

  it('puts targets, amounts and reasons where Japanese wants them', () => {
    const push = { t: 'stack-push', item: { id: 's1', controller: 'B', source: 'src', sourceDef: 'chat-regular', kind: 'highlight', ability: 0, targets: ['A'] } } as GameEvent;
    expect(say(push, 'A')).toBe('Beaがあなたを対象にChat Regularをプレイしました。');
    expect(say({ t: 'sanity', manager: 'A', delta: -3, now: 17, reason: 'raid' }, 'A')).toBe('あなたはレイドで正気度を3失いました（残り17）。');
    expect(say({ t: 'counters', card: 'c9', counter: 'hype', now: 2 }, null)).toBe('Chat Regularのhypeカウンターが2個になりました。');
    expect(say({ t: 'game-over', winner: 'B', reason: 'concede' }, 'B')).toBe('あなたの勝利：Aikoが投了した。');
    expect(endReason('sanity', 'A', { me: 'B', names })).toBe('あなたの正気度が尽きた');
  });
});
