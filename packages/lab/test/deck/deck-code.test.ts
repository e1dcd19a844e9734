import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardList, cardPool, demoRosters, starterRosters } from '@vroyale/cards';
import { cardIdHash, decodeDeckCode, deckCodeTable, encodeDeckCode, makeRng, validateRoster, type CardDef, type Roster } from '@vroyale/engine';

/** Every roster the card set ships: the starter rosters and the demo rosters (which may repeat them). */
const shipped: { id: string; roster: Roster }[] = [
  ...starterRosters.map((r) => ({ id: `starter ${r.id}`, roster: r as Roster })),
  ...demoRosters.map((r) => ({ id: `demo ${r.id}`, roster: r as Roster })),
];

const sorted = (xs: readonly string[]) => [...xs].sort();
const URL_SAFE = /^[A-Za-z0-9_-]+$/;

/** A random legal roster (RUL-DECK-1..4) drawn from the card set with a seeded generator. */
function randomLegalRoster(seed: number): Roster {
  const rnd = makeRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const limit: Record<string, number> = { C: 3, U: 2, R: 2, SR: 1, SSR: 1 };
  const byName = new Map<string, number>();
  let r = 0;
  let sr = 0;
  let srLeader = 0;
  const fits = (d: CardDef) => {
    if ((byName.get(d.name) ?? 0) >= limit[d.rarity]!) return false;
    if (d.rarity === 'R' && r >= 10) return false;
    const leader = d.types.includes('leader');
    if ((d.rarity === 'SR' || d.rarity === 'SSR') && (leader ? srLeader >= 2 : sr >= 1)) return false;
    return true;
  };
  const add = (d: CardDef, out: string[]) => {
    out.push(d.id);
    byName.set(d.name, (byName.get(d.name) ?? 0) + 1);
    if (d.rarity === 'R') r++;
    if (d.rarity === 'SR' || d.rarity === 'SSR') d.types.includes('leader') ? srLeader++ : sr++;
  };
  const out: string[] = [];
  const centre = pick(cardList.filter((d) => d.types.includes('leader')));
  add(centre, out);
  while (out.length < 30) {
    const d = pick(cardList);
    if (fits(d)) add(d, out);
  }
  return { centre: centre.id, cards: out.sort(() => rnd() - 0.5) };
}

describe('deck codes', () => {
  it('the card set has no id hash collisions (the table builds) and hashes are pinned', () => {
    expect(() => deckCodeTable(cardPool)).not.toThrow();
    expect(deckCodeTable(cardPool).size).toBe(Object.keys(cardPool).length);
    // The hash is part of the v1 format: changing it would silently break every code in the wild.
    expect(cardIdHash('captain-pixelhook').toString(16)).toMatchInlineSnapshot(`"fe256"`);
    expect(cardIdHash('')).toBe((0x811c9dc5 >>> 24) ^ (0x811c9dc5 & 0xffffff));
  });

  it('refuses a pool whose ids collide', () => {
    // Search a small space for two ids with the same 24-bit hash (the birthday bound makes this quick).
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; !pair; i++) {
      const id = `card-${i}`;
      const h = cardIdHash(id);
      const prev = seen.get(h);
      if (prev) pair = [prev, id];
      else seen.set(h, id);
    }
    const base = cardList[0]!;
    const pool = pair.map((id) => ({ ...base, id }));
    expect(() => deckCodeTable(pool)).toThrow(/same id hash/);
  });

  it.each(shipped.map((s) => [s.id, s.roster] as const))('round trip: %s', (id, roster) => {
    const code = encodeDeckCode(roster, cardPool);
    expect(code).toMatch(URL_SAFE);
    expect(code.startsWith('v1-')).toBe(true);
    const back = decodeDeckCode(code, cardPool);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.roster.centre).toBe(roster.centre);
    expect(sorted(back.roster.cards)).toEqual(sorted(roster.cards));
    expect(validateRoster(back.roster, cardPool)).toEqual([]);
    // One roster, one code: the order of the cards does not matter.
    expect(encodeDeckCode({ centre: roster.centre, cards: [...roster.cards].reverse() }, cardPool)).toBe(code);
    expect(encodeDeckCode(back.roster, cardPool)).toBe(code);
    console.log(`deck code for ${id} (${code.length} chars): ${code}`);
    expect(code.length).toBeLessThanOrEqual(90);
  });

  it('round trip: random legal rosters (property)', () => {
    let longest = 0;
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const roster = randomLegalRoster(seed);
        expect(validateRoster(roster, cardPool)).toEqual([]);
        const code = encodeDeckCode(roster, cardPool);
        longest = Math.max(longest, code.length);
        expect(code).toMatch(URL_SAFE);
        const back = decodeDeckCode(code, cardPool);
        expect(back.ok && back.roster.centre === roster.centre && sorted(back.roster.cards).join() === sorted(roster.cards).join()).toBe(true);
      }),
      { seed: 20240601, numRuns: 300 },
    );
    console.log(`longest code over random legal rosters: ${longest} chars`);
    // 30 distinct cards is the worst case: 'v1-' + base64 of ceil((26 + 30 * 24) / 8) body bytes + 2 checksum bytes.
    const worst = 3 + Math.ceil(((Math.ceil((26 + 30 * 24) / 8) + 2) * 8) / 6);
    expect(worst).toBe(131);
    expect(longest).toBeLessThanOrEqual(worst);
  });

  it('round trip: any multiset of pool cards, also beyond the roster limits (property)', () => {
    const ids = Object.keys(cardPool);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 20 }), fc.nat(), (entries, k) => {
        const list = entries.flatMap(([id, n]) => Array<string>(n).fill(id));
        const roster = { centre: list[k % list.length]!, cards: list };
        const back = decodeDeckCode(encodeDeckCode(roster, cardPool), cardPool);
        expect(back.ok && back.roster.centre === roster.centre && sorted(back.roster.cards).join() === sorted(roster.cards).join()).toBe(true);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('encoding refuses what no code can say', () => {
    const r = demoRosters[0]!;
    expect(() => encodeDeckCode({ centre: 'nobody', cards: r.cards }, cardPool)).toThrow(RangeError);
    expect(() => encodeDeckCode({ centre: r.centre, cards: [...r.cards, 'not-a-card'] }, cardPool)).toThrow(/not in the card pool/);
  });

  describe('bad input', () => {
    const roster = demoRosters[0]!;
    const code = encodeDeckCode(roster, cardPool);
    const decode = (c: string) => decodeDeckCode(c, cardPool);

    it('empty and whitespace', () => {
      expect(decode('')).toMatchObject({ ok: false, code: 'malformed', message: 'The deck code is empty' });
      expect(decode('   ')).toMatchObject({ ok: false, code: 'malformed' });
      expect(decode('v1-')).toMatchObject({ ok: false, code: 'malformed' });
      // Surrounding whitespace from copy and paste is forgiven.
      expect(decode(`  ${code}\n`).ok).toBe(true);
    });

    it('garbage', () => {
      for (const g of ['hello world', 'AAAA', '{"centre":"x"}', 'v1-!!!!', 'v1-AAAA AAAA', 'v-AAAA', 'vX-AAAA', code.slice(3)]) {
        const r = decode(g);
        expect(r.ok, g).toBe(false);
        if (!r.ok) expect(['malformed', 'checksum']).toContain(r.code);
      }
      expect(decode('v1-abc$def')).toMatchObject({ code: 'malformed', message: expect.stringContaining("'$' at position 7") });
      // Non-strings from a careless caller do not throw.
      expect(decodeDeckCode(undefined as unknown as string, cardPool).ok).toBe(false);
    });

    it('truncated: every proper prefix is refused', () => {
      for (let n = 0; n < code.length; n++) {
        const r = decode(code.slice(0, n));
        expect(r.ok, `prefix of ${n}`).toBe(false);
        if (!r.ok) expect(r.message.length).toBeGreaterThan(10);
      }
      expect(decode(code.slice(0, -1))).toMatchObject({ ok: false });
      expect(decode(code + 'A')).toMatchObject({ ok: false });
    });

    it('a changed character fails the checksum (every position, every replacement)', () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      let checked = 0;
      for (let i = 3; i < code.length; i++)
        for (const ch of alphabet) {
          if (ch === code[i]) continue;
          const r = decode(code.slice(0, i) + ch + code.slice(i + 1));
          expect(r).toMatchObject({ ok: false, code: 'checksum' });
          checked++;
        }
      expect(checked).toBe((code.length - 3) * 63);
      // Two neighbouring characters swapped: also caught.
      for (let i = 3; i < code.length - 1; i++) {
        if (code[i] === code[i + 1]) continue;
        expect(decode(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2)).ok).toBe(false);
      }
    });

    it('unknown version', () => {
      expect(decode(`v3-${code.slice(3)}`)).toEqual({
        ok: false,
        code: 'unsupported-version',
        message: 'This deck code was made for a newer version (v3); this site reads v1 and v2',
      });
      expect(decode(`v0-${code.slice(3)}`)).toMatchObject({ ok: false, code: 'unsupported-version' });
      expect(decode(`v12-${code.slice(3)}`)).toMatchObject({ ok: false, code: 'unsupported-version', message: expect.stringContaining('(v12)') });
    });

    it("unknown card: a code made with a bigger pool, read with today's", () => {
      const newCard: CardDef = { ...cardPool['fresh-debut-rookie']!, id: 'brand-new-rookie', name: 'Brand New Rookie' };
      const future = { ...cardPool, [newCard.id]: newCard };
      const withNew = { centre: roster.centre, cards: [...roster.cards.slice(0, 29), newCard.id] };
      const futureCode = encodeDeckCode(withNew, future);
      expect(decodeDeckCode(futureCode, future).ok).toBe(true);
      const r = decode(futureCode);
      expect(r).toMatchObject({ ok: false, code: 'unknown-card' });
      if (!r.ok) expect(r.message).toMatch(/^Card #\d+ in this code is not in the current card pool — the code is outdated/);
      // And the other way round: growing the pool never changes what an old code means.
      const old = decodeDeckCode(code, future);
      expect(old.ok && sorted(old.roster.cards)).toEqual(sorted(roster.cards));
    });

    it('a card pool given as a list works the same', () => {
      const list = Object.values(cardPool);
      expect(encodeDeckCode(roster, list)).toBe(code);
      expect(decodeDeckCode(code, list).ok).toBe(true);
    });
  });
});
