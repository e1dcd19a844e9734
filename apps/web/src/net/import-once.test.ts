import { describe, expect, it } from 'vitest';
import { decksToImport, IMPORTED_KEY, importOnce } from './import-once';

function memory(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

const local = [
  { name: 'Raid Rush', code: 'v1-AAAA' },
  { name: 'Half built', code: null },
  { name: '  ', code: 'v1-BBBB' },
  { name: 'x'.repeat(60), code: 'v1-CCCC' },
];

describe('importing this browser’s decks once', () => {
  it('sends the decks that have a code, names trimmed to the server’s rule', () => {
    const body = decksToImport(local, false)!;
    expect(body.map((d) => d.code)).toEqual(['v1-AAAA', 'v1-BBBB', 'v1-CCCC']);
    expect(body[1]!.name).toBe('Deck');
    expect(body[2]!.name).toHaveLength(40);
  });

  it('sends nothing once done, or when no deck has a code', () => {
    expect(decksToImport(local, true)).toBeNull();
    expect(decksToImport([{ name: 'a', code: null }], false)).toBeNull();
    expect(decksToImport([], false)).toBeNull();
  });

  it('imports once, then never again', async () => {
    const st = memory();
    const sent: unknown[] = [];
    const send = async (d: unknown) => (sent.push(d), true);
    expect(await importOnce(st, local, send)).toBe(true);
    expect(st.map.has(IMPORTED_KEY)).toBe(true);
    expect(await importOnce(st, local, send)).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('tries again next time when the server did not take them', async () => {
    const st = memory();
    expect(await importOnce(st, local, async () => false)).toBe(false);
    expect(st.map.has(IMPORTED_KEY)).toBe(false);
    expect(await importOnce(st, local, async () => true)).toBe(true);
  });

  it('remembers a browser with nothing to import as done', async () => {
    const st = memory();
    let calls = 0;
    expect(await importOnce(st, [], async () => (calls++, true))).toBe(false);
    expect(calls).toBe(0);
    expect(st.map.has(IMPORTED_KEY)).toBe(true);
  });
});
