import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@vroyale/protocol';
import { mergeChatHistory } from './chat-merge';

const line = (at: number, text: string, name = 'Ann'): ChatMessage => ({ roomId: 'r', from: { name, role: 'spectator' }, text, at });

describe('mergeChatHistory', () => {
  it('a reconnect sending lines already held shows each once, with the ones missed while away', () => {
    const held = [line(1, 'a'), line(2, 'b'), line(3, 'c')];
    const history = [line(2, 'b'), line(3, 'c'), line(4, 'missed')];
    expect(mergeChatHistory(held, history, 100).map((m) => m.text)).toEqual(['a', 'b', 'c', 'missed']);
  });

  it('keeps held lines older than the history, and drops none that are only in the history', () => {
    const held = [line(1, 'old'), line(5, 'same ms', 'Bo')];
    const history = [line(5, 'same ms', 'Cy'), line(6, 'new')];
    expect(mergeChatHistory(held, history, 100).map((m) => `${m.from.name}:${m.text}`)).toEqual(['Ann:old', 'Bo:same ms', 'Cy:same ms', 'Ann:new']);
  });

  it('a first visit takes the history as it is; the result is bounded', () => {
    const history = Array.from({ length: 50 }, (_, i) => line(i, `l${i}`));
    expect(mergeChatHistory([], history, 100)).toEqual(history);
    expect(mergeChatHistory([], history, 10).map((m) => m.text)).toEqual(history.slice(-10).map((m) => m.text));
  });
});
