/** The username rule and the key uniqueness is decided on (issue 17 §1; accounts.ts). */
import { describe, expect, it } from 'vitest';
import { isReservedUsername, LoginBody, RegisterBody, Username, usernameKey } from '../src/accounts.js';

const reason = (name: string) => {
  const r = Username.safeParse(name);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('usernameKey', () => {
  it('folds case and the in-alphabet look-alikes to one key', () => {
    const aiko = usernameKey('Aiko');
    for (const twin of ['aiko', 'AIKO', 'A1ko', 'Alko', 'AIk0', 'aIKO']) expect(usernameKey(twin), twin).toBe(aiko);
    expect(usernameKey('Corn')).toBe(usernameKey('Com'));
    expect(usernameKey('vvolf')).toBe(usernameKey('Wolf'));
    expect(usernameKey('big-bad')).toBe(usernameKey('big_bad'));
    expect(usernameKey('O0o')).toBe('ooo');
  });

  it('keeps different names apart', () => {
    for (const [a, b] of [
      ['Aiko', 'Aika'],
      ['Mara', 'Mira'],
      ['Tom', 'Tim'],
      ['Nova', 'Nova2'],
    ] as const)
      expect(usernameKey(a)).not.toBe(usernameKey(b));
  });
});

describe('Username', () => {
  it('accepts 3 to 20 ASCII letters, digits, _ and -, starting with a letter (trimmed)', () => {
    for (const ok of ['Abe', 'a'.repeat(20), 'Kai_99', 'x-wing', '  Padded  ']) expect(reason(ok), ok).toBeNull();
    expect(Username.parse('  Padded  ')).toBe('Padded');
  });

  it('refuses with a clear reason', () => {
    expect(reason('ab')).toMatch(/at least 3/);
    expect(reason('a'.repeat(21))).toMatch(/at most 20/);
    expect(reason('9lives')).toMatch(/starts with a letter/);
    expect(reason('_under')).toMatch(/starts with a letter/);
    expect(reason('has space')).toMatch(/only letters/);
    expect(reason('Аiko')).toMatch(/only letters/); // Cyrillic А
    expect(reason('Ａiko')).toMatch(/only letters/); // fullwidth
    expect(reason('émile')).toMatch(/only letters/);
    expect(reason('zero\u200bwidth')).toMatch(/only letters/);
  });

  it('reserves staff, system and bot/guest names, look-alikes included', () => {
    for (const r of ['admin', 'ADMIN', 'adm1n', 'Moderator', 'root', 'VRoyale', 'bot', 'Bot_7', 'bot-x', 'Guest_12', 'guest-1']) {
      expect(isReservedUsername(r), r).toBe(true);
      expect(reason(r), r).toBe('That username is reserved');
    }
    for (const free of ['Botanist', 'Guesthouse', 'Adminah']) expect(isReservedUsername(free), free).toBe(false);
  });

  // Issue 31: the prefix rule ran on the folded key only, where 1 is l and 0 is o, so "guest1234" passed.
  it('reserves bot/guest followed by _, - or a digit in the raw spelling and in every folded one', () => {
    const raw = ['guest1234', 'guest0', 'guest1', 'Guest9', 'GUEST_x', 'guest-x', 'bot1', 'Bot1', 'BOT0', 'bot_x', 'Bot-7', 'bot2000'];
    const folded = ['B0t1', 'B0T_x', 'GUESTO', 'Botl', 'BotI', 'boti', 'guestlO', 'GuestIl0', 'gUEST-1'];
    for (const r of [...raw, ...folded]) {
      expect(isReservedUsername(r), r).toBe(true);
      expect(reason(r), r).toBe('That username is reserved');
    }
    // Words that merely start with the letters stay free.
    for (const free of ['Botlane', 'Guestlist', 'Bottle', 'Botox', 'Guestl0ve', 'Abbot1', 'Sguest1']) expect(reason(free), free).toBeNull();
  });
});

describe('bodies', () => {
  it('register refuses a password equal to the username (folded) and unknown fields', () => {
    expect(RegisterBody.safeParse({ username: 'Kestrel', password: 'kestrel' }).success).toBe(false);
    expect(RegisterBody.safeParse({ username: 'Kestrel', password: 'KESTRE1 ' }).success).toBe(true);
    expect(RegisterBody.safeParse({ username: 'Kestrel', password: 'long enough', role: 'admin' }).success).toBe(false);
    expect(RegisterBody.safeParse({ username: 'Kestrel', password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('login does not apply the username rule (a wrong name is a 401, not a 400)', () => {
    expect(LoginBody.safeParse({ username: '9 not valid', password: 'p' }).success).toBe(true);
    expect(LoginBody.safeParse({ username: '', password: 'p' }).success).toBe(false);
  });
});
