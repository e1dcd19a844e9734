/** The tutorial's rosters are legal, and every keyword the coach explains is in the newcomer's roster. */
import { describe, expect, it } from 'vitest';
import { validateRoster } from '@vroyale/engine';
import { cardPool, tutorialRosters } from './index.js';

describe('tutorial rosters', () => {
  for (const r of [tutorialRosters.player, tutorialRosters.bot])
    it(`${r.name} passes validateRoster`, () => {
      expect(validateRoster(r, cardPool)).toEqual([]);
    });

  it('the newcomer has every keyword and a highlight', () => {
    const kws = new Set(tutorialRosters.player.cards.flatMap((id) => Object.keys(cardPool[id]!.keywords ?? {})));
    for (const k of ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid']) expect(kws.has(k), k).toBe(true);
    expect(tutorialRosters.player.cards.some((id) => cardPool[id]!.types.includes('highlight'))).toBe(true);
  });

  it('the bot has no highlights (nothing surprising on the newcomer’s first match)', () => {
    expect(tutorialRosters.bot.cards.some((id) => cardPool[id]!.types.includes('highlight'))).toBe(false);
  });
});
