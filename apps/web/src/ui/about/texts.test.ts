import { describe, expect, it } from 'vitest';
import { placeholders, textProblems, type Tree } from '../../i18n/check-texts';
import { ABOUT_TEXTS, fill, NAMES } from './texts';

describe('About texts', () => {
  it('say everything in both languages, nothing English left in Japanese', () => {
    expect(textProblems(ABOUT_TEXTS.en as unknown as Tree, ABOUT_TEXTS.ja as unknown as Tree)).toEqual([]);
  });

  it('every placeholder is a name the page fills in', () => {
    for (const lang of [ABOUT_TEXTS.en, ABOUT_TEXTS.ja])
      for (const text of Object.values(lang)) {
        for (const p of placeholders([text])) expect(Object.keys(NAMES)).toContain(p);
        expect(fill(text)).not.toMatch(/\{\{/);
      }
  });

  it('credits the art and the icons with their licences', () => {
    expect(fill(ABOUT_TEXTS.en.portraits)).toContain('Lorelei” by Lisa Wischofsky, released under CC0 1.0');
    expect(fill(ABOUT_TEXTS.en.icons)).toContain('game-icons.net by Lorc, Delapouite and other contributors');
    expect(fill(ABOUT_TEXTS.ja.icons)).toContain('（CC BY 3.0）');
  });
});
