import { describe, expect, it } from 'vitest';
import { cardPool } from '@vroyale/cards';
import { learn, sentence, type LogContext } from './log';

const ctx = (): LogContext => ({ defs: cardPool, cardDefs: {}, me: 'A', names: { A: 'Aiko', B: 'Bea' }, stackSources: {} });

describe('log sentences', () => {
  it('names cards the viewer saw and hides the rest', () => {
    const c = ctx();
    const draw = { t: 'move', owner: 'B', from: 'roster', to: 'hand', card: '', def: '', newId: '' } as const;
    expect(sentence(draw, c)?.text).toBe('Bea draws a card.');
    const debut = { t: 'move', owner: 'B', from: 'hand', to: 'main', card: '', def: 'chat-regular', newId: 'c9' } as const;
    learn([debut], c);
    expect(sentence(debut, c)?.text).toBe('Bea debuts Chat Regular.');
    expect(sentence({ t: 'damage', card: 'c9', amount: 2, combat: true }, c)?.text).toBe('Chat Regular takes 2 damage.');
    expect(sentence({ t: 'sanity', manager: 'A', delta: -3, now: 17, reason: 'raid' }, c)?.text).toBe('You lose 3 sanity from Raid (17 left).');
  });

  it('says who won and why', () => {
    expect(sentence({ t: 'game-over', winner: 'B', reason: 'sanity' }, ctx())?.text).toBe('Bea wins the match (sanity ran out)!');
    expect(sentence({ t: 'game-over', winner: 'draw', reason: 'double-ko' }, ctx())?.text).toMatch(/draw/);
  });
});
