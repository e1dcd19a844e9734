/**
 * Display names (display-name.ts): normalised, refused with a reason for invisible, bidi, control and broken
 * characters, and for names that pass themselves off as the server's bot.
 */
import { describe, expect, it } from 'vitest';
import { DisplayName, HelloPayload, impersonatesBot, LIMITS } from '../src/index.js';

const issue = (name: string) => {
  const r = DisplayName.safeParse(name);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('display names', () => {
  it('are NFC-normalised, trimmed and have their space runs collapsed', () => {
    const decomposed = 'Zoe\u0301 Mu\u0308ller'; // e + combining acute, u + combining diaeresis
    expect(DisplayName.parse(decomposed)).toBe('Zoé Müller');
    expect(DisplayName.parse(decomposed)).toBe(DisplayName.parse('Zoé Müller'));
    expect(DisplayName.parse('  Aki \t  Mori ')).toBe('Aki Mori');
    expect(HelloPayload.parse({ name: '  Aki  ' })).toEqual({ name: 'Aki' });
    // The limit counts the normalised name: 24 decomposed é (48 code units) are 24 characters.
    expect(DisplayName.parse('e\u0301'.repeat(LIMITS.nameMax))).toHaveLength(LIMITS.nameMax);
    expect(issue('x'.repeat(LIMITS.nameMax + 1))).not.toBeNull();
    expect(issue('   ')).toBe('a name is required');
  });

  it('keep ordinary names from many scripts and emoji', () => {
    for (const name of ['Mika', 'Zoé', 'Дмитрий', 'Σοφία', '李小龍', 'محمد', 'שרה', 'Ana-María O’Neil', 'Kai ❤️', 'Botan', 'Abbot', 'Robot Rita']) {
      expect(DisplayName.safeParse(name).success, name).toBe(true);
    }
  });

  it('refuse control characters and line breaks', () => {
    for (const c of ['\u0000', '\u0007', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029']) {
      expect(issue(`Ai${c}ko`), JSON.stringify(c)).toMatch(/control characters/);
    }
  });

  it('refuse bidi embeddings, overrides and isolates', () => {
    for (let cp = 0x202a; cp <= 0x202e; cp++) expect(issue(`Ai${String.fromCodePoint(cp)}ko`), cp.toString(16)).toMatch(/text-direction/);
    for (let cp = 0x2066; cp <= 0x2069; cp++) expect(issue(`Ai${String.fromCodePoint(cp)}ko`), cp.toString(16)).toMatch(/text-direction/);
    expect(issue('\u202Eokia')).toMatch(/text-direction/);
  });

  it('refuse zero-width and other invisible characters', () => {
    for (const c of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']) {
      expect(issue(`Ai${c}ko`), c.codePointAt(0)!.toString(16)).toMatch(/invisible/);
    }
  });

  it('refuse unpaired surrogates', () => {
    expect(issue('Ai\uD800ko')).toMatch(/unpaired/);
    expect(issue('Aiko\uDC00')).toMatch(/unpaired/);
    expect(issue('Ai\uDC00\uD800ko')).toMatch(/unpaired/);
    expect(DisplayName.safeParse('Aiko \uD83C\uDFB4').success).toBe(true); // a real pair: 🎴
  });

  it("reserve names that read as the server's bot, in any case or disguise", () => {
    for (const name of [
      'Bot',
      'bot',
      'BOT',
      'Bot (strongBot)',
      'bot 2',
      'Bot_Mika',
      '[Bot] Mika',
      'B0t',
      'Böt',
      'Ｂｏｔ',
      '𝐁𝐨𝐭',
      'Вот',
      'ВОТ',
      'Βοτ',
      ' bot ',
    ]) {
      expect(issue(name), name).toMatch(/reserved for the server's bot/);
    }
    expect(impersonatesBot('Botan')).toBe(false);
    expect(impersonatesBot('Mika')).toBe(false);
  });
});
