/**
 * Deck codes with side decks (v2, PR-22), and the promise that v1 codes made before v2 read and are written
 * exactly as before. The pinned codes below were written by the v1-only encoder (commit 858279b).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardList, cardPool, demoRosters, starterRosters } from '@vroyale/cards';
import { decodeDeckCode, encodeDeckCode, validateRoster, validateSideDeck, type Roster } from '@vroyale/engine';

const PINNED_V1: [string, string][] = [
  ['raid-night', 'v1-EHEAA_iVkhZFY8GgfE0eALZ6gqAk17re2kss2sOBoCGhZOS0AjY2T9VU-Q4M-gTNwEaN'],
  ['mod-squad', 'v1-HHDAMHfRAMeCYR9cYg2LI8b_-a6ae5pAwAQCmxUR4CGhYV4VJb_oOY2JOaYvwqAk3P7WoZgGgAL6'],
  ['fan-club-frenzy', 'v1-DJDAHL4TT9VU6U1SwZRCVtu74CGhYZgGo8b_60RRdApW9nw3egTN1deZWxUR-2niAEB1'],
  ['anniversary-countdown', 'v1-FIDAO5EMTFqyjfxwGsOBu5pAwMeCQWjR4CGhYV4VK3eea8H9r8Nq83COgqAk3FXT-edDQHHi'],
  ['headline-scandal', 'v1-EKCAEc3Vo8Ggc2qc-aJEALZ6gjY2TeyskBK9VB4R4CGhYeDJJOS0MCwqOixuQMeCS9N7gIWb'],
];
const shipped = new Map([...starterRosters, ...demoRosters].map((r) => [r.id, r as Roster] as const));
const sorted = (xs: readonly string[]) => [...xs].sort();
const nonTokens = cardList.filter((d) => !d.token).map((d) => d.id);

describe('deck codes with side decks', () => {
  it.each(PINNED_V1)('a v1 code made before v2 decodes unchanged and is written the same: %s', (id, code) => {
    const roster = shipped.get(id)!;
    const back = decodeDeckCode(code, cardPool);
    expect(back).toMatchObject({ ok: true, side: [] });
    if (!back.ok) return;
    expect(back.roster.centre).toBe(roster.centre);
    expect(sorted(back.roster.cards)).toEqual(sorted(roster.cards));
    expect(encodeDeckCode(roster, cardPool)).toBe(code);
    expect(encodeDeckCode({ ...roster, side: [] }, cardPool)).toBe(code);
  });

  it('round trip: any shipped roster with any side deck of pool cards (property)', () => {
    const rosters = [...shipped.values()];
    fc.assert(
      fc.property(fc.nat({ max: rosters.length - 1 }), fc.array(fc.constantFrom(...nonTokens), { maxLength: 10 }), (k, side) => {
        const roster = rosters[k]!;
        const code = encodeDeckCode({ ...roster, side }, cardPool);
        expect(code.startsWith(side.length > 0 ? 'v2-' : 'v1-')).toBe(true);
        expect(code).toMatch(/^v[12]-[A-Za-z0-9_-]+$/);
        const back = decodeDeckCode(code, cardPool);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.roster.centre).toBe(roster.centre);
        expect(sorted(back.roster.cards)).toEqual(sorted(roster.cards));
        expect(sorted(back.side)).toEqual(sorted(side));
        // One list, one code: the order of the side deck does not matter.
        expect(encodeDeckCode({ ...back.roster, side: [...side].reverse() }, cardPool)).toBe(code);
      }),
      { seed: 3434, numRuns: 300 },
    );
  });

  it('a legal side deck survives the trip and stays legal', () => {
    const roster = shipped.get('raid-night')!;
    const side = nonTokens.filter((id) => !roster.cards.includes(id) && cardPool[id]!.rarity === 'C').slice(0, 10);
    expect(validateRoster(roster, cardPool)).toEqual([]);
    expect(validateSideDeck(roster, side, cardPool)).toEqual([]);
    const back = decodeDeckCode(encodeDeckCode({ ...roster, side }, cardPool), cardPool);
    expect(back.ok && validateSideDeck(back.roster, back.side, cardPool)).toEqual([]);
  });

  it('a damaged or cut-off v2 code is refused', () => {
    const roster = shipped.get('mod-squad')!;
    const code = encodeDeckCode({ ...roster, side: nonTokens.slice(0, 7) }, cardPool);
    for (let n = 0; n < code.length; n++) expect(decodeDeckCode(code.slice(0, n), cardPool).ok, `prefix ${n}`).toBe(false);
    for (let i = 3; i < code.length; i++) {
      const ch = code[i] === 'A' ? 'B' : 'A';
      expect(decodeDeckCode(code.slice(0, i) + ch + code.slice(i + 1), cardPool)).toMatchObject({ ok: false, code: 'checksum' });
    }
    // A v2 body read as v1 (or the reverse) fails the checksum, which covers the version byte.
    expect(decodeDeckCode(`v1-${code.slice(3)}`, cardPool)).toMatchObject({ ok: false, code: 'checksum' });
  });
});
