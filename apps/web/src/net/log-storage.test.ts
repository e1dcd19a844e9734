/**
 * This tab's logs across a reload: what `saveLogs` writes, `restoredLog` finds again by match and viewer (a
 * spectator's log is not a player's), at most four matches, and broken or missing storage means no saved log.
 */
import { beforeEach, describe, expect, it } from 'vitest';

const mem = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => mem.get(k) ?? null,
    setItem: (k: string, v: string) => void mem.set(k, v),
    removeItem: (k: string) => void mem.delete(k),
  },
});
const { restoredLog, saveLogs } = await import('./log-storage');
const { store, initialState } = await import('../store');

const view = (matchId: string, viewer: 'A' | 'B' | 'spectator') => ({ matchId, viewer }) as never;
const line = (text: string) => ({ seq: 1, kind: 'info' as const, text });

beforeEach(() => {
  mem.clear();
  store.setState(initialState());
});

describe('log storage', () => {
  it('finds a saved log again by match and viewer', () => {
    store.setState({ views: { r1: view('m1', 'A'), r2: view('m2', 'spectator') }, log: { r1: [line('mine')], r2: [line('watched')] } });
    saveLogs();
    expect(restoredLog('m1', 'A')).toEqual([line('mine')]);
    expect(restoredLog('m2', 'spectator')).toEqual([line('watched')]);
    expect(restoredLog('m1', 'spectator')).toBeNull();
    expect(restoredLog('m3', 'A')).toBeNull();
  });

  it('keeps the last four matches', () => {
    const views = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`r${i}`, view(`m${i}`, 'A')]));
    const log = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`r${i}`, [line(`log ${i}`)]]));
    store.setState({ views, log });
    saveLogs();
    expect(restoredLog('m1', 'A')).toBeNull();
    expect(restoredLog('m5', 'A')).toEqual([line('log 5')]);
    expect(restoredLog('m2', 'A')).toEqual([line('log 2')]);
  });

  it('nothing saved, or something broken saved: no log', () => {
    expect(restoredLog('m1', 'A')).toBeNull();
    mem.set('vroyale.log', '{not json');
    expect(restoredLog('m1', 'A')).toBeNull();
  });
});
