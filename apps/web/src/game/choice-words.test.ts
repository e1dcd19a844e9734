/** A choice's words come from the engine's data: the English is the engine's own sentence, the Japanese is whole. */
import { afterAll, describe, expect, it } from 'vitest';
import { cardPool } from '@vroyale/cards';
import type { ChoiceOption, PromptSay } from '@vroyale/engine';
import { setLanguage } from '../i18n';
import { optionText, promptText } from './choice-words';

const p = (say: PromptSay, prompt = '') => ({ prompt, say });
const o = (say: ChoiceOption['say']): ChoiceOption => ({ label: 'engine label', say });

describe('choice words', () => {
  afterAll(() => setLanguage('en', false));

  it('in English say what the engine says', () => {
    expect(promptText(p({ key: 'roster-search' }), cardPool)).toBe('Search your roster for a card');
    expect(promptText(p({ key: 'look-at-top', count: 3 }), cardPool)).toBe('Look at the top 3 of your roster');
    expect(promptText(p({ key: 'use-ability', card: 'chat-regular' }), cardPool)).toBe("Use Chat Regular's ability?");
    expect(optionText(o({ key: 'take', card: 'chat-regular' }), cardPool)).toBe('Take Chat Regular');
    expect(optionText(o(undefined), cardPool)).toBeNull();
    expect(promptText({ prompt: 'An old save without say' }, cardPool)).toBe('An old save without say');
  });

  it('in Japanese name cards in Japanese and reorder the sentence', async () => {
    await setLanguage('ja', false);
    expect(promptText(p({ key: 'choose-targets', card: 'chat-regular' }), cardPool)).toBe('コメ欄の常連の対象を選ぶ');
    expect(promptText(p({ key: 'use-ability', card: 'chat-regular' }), cardPool)).toBe('コメ欄の常連の能力を使いますか？');
    expect(optionText(o({ key: 'take-nothing' }), cardPool)).toBe('何も取らない');
    expect(optionText(o({ key: 'yes' }), cardPool)).toBe('はい');
  });
});
