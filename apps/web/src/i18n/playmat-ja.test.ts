/**
 * The playmat in Japanese: the real Board rendered (react-dom/server) at every kind of moment of seeded matches
 * between starter rosters (each step, pending decision and choice, with and without a stack, as the stages fill), for the manager to act and with their legal actions, and every
 * text it shows or says (text, aria-label, title, aria-description) checked for English: an English card name,
 * an engine label or a word left untranslated fails, naming the position. The managers' names stay as typed.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, project, realise, step, type GameState, type ManagerId } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { store } from '../store';
import { Board } from '../ui/board';
import { untranslated } from './check-texts';
import { setLanguage } from './index';

const names: Record<ManagerId, string> = { A: 'Aiko', B: 'Bea' };

/** The English names, shown on purpose as the hint (a title) over a Japanese card name. */
const HINTS = new Set(Object.values(cardPool).map((d) => d.name));
const unescape = (x: string) =>
  x
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Everything the markup shows or says, with the managers' names and the English-name hints taken out. */
function words(html: string): string {
  const attrs = [...html.matchAll(/\s(aria-label|title|aria-description)="([^"]*)"/g)]
    .filter((m) => !(m[1] === 'title' && HINTS.has(unescape(m[2]!))))
    .map((m) => m[2]!);
  const text = html.replace(/<[^>]+>/g, ' ');
  return [...attrs, text]
    .join(' ')
    .replace(/&#x27;|&quot;|&amp;|&lt;|&gt;/g, ' ')
    .replaceAll(names.A, ' ')
    .replaceAll(names.B, ' ');
}

function render(s: GameState, me: ManagerId): string {
  const view = project(s, me);
  store.setState({ defs: { ...store.getState().defs, ...view.defs } });
  const legal = deciders(s).includes(me) ? legalActions(s, me) : [];
  return renderToStaticMarkup(createElement(Board, { view, legal, names, me, busy: false, onAct: () => undefined }));
}

describe('the playmat in Japanese', () => {
  beforeAll(() => setLanguage('ja', false));
  afterAll(() => setLanguage('en', false));

  it('the check can fail: an English card name in the markup is caught', () => {
    expect(untranslated(words('<span aria-label="Chat Regular: 攻撃力 1">コメ欄の常連</span> Aiko'))).toEqual(['Chat', 'Regular']);
    // The English name as the hint over a Japanese name is meant (card data), not a leak.
    expect(untranslated(words('<span title="Chat Regular">コメ欄の常連</span>'))).toEqual([]);
  });

  /** Plays a seeded match between two starter rosters; the words of every new moment, and the kinds of decision met. */
  function sweep(pair: [number, number], seed: string, bad: Map<string, string>, kinds: Set<string>, hoarder?: ManagerId): void {
    const created = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[pair[0]]!, B: starterRosters[pair[1]]! } });
    if (!created.ok) throw new Error(created.message);
    let s = created.state;
    const rnd = makeRng(`${seed}:moves`);
    const seen = new Set<string>();
    for (let n = 0; n < 3000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const legal = legalActions(s, who).filter((a) => a.type !== 'concede');
      // Once per kind of moment (step, manager, pending decision and what it asks, with or without a stack, and a
      // new card in view): a render costs ~20 ms, and the same moment again holds the same kinds of text.
      const ask = s.pending?.kind === 'choice' ? JSON.stringify(s.pending.say ?? null) : '';
      const cards = project(s, who).managers[who].main.length + project(s, who).managers[who === 'A' ? 'B' : 'A'].main.length;
      const moment = `${s.phase}:${who}:${s.pending?.kind ?? ''}:${ask}:${s.stack.length > 0}:${Math.min(cards, 6)}`;
      if (!seen.has(moment)) {
        kinds.add(s.pending?.kind ?? s.phase);
        seen.add(moment);
        for (const w of untranslated(words(render(s, who)))) if (!bad.has(w)) bad.set(w, `${seed}: turn ${s.turn}, ${s.phase}, ${who} to act`);
      }
      // Plays preferred to passes, so the stages fill and combat, choices and the stack come up.
      // A hoarder only passes where it can: its hand outgrows the limit and it must discard.
      const plays = legal.filter((a) => a.type === 'play' || a.type === 'place-star' || a.type === 'activate');
      const pass = legal.filter((a) => a.type === 'pass');
      const from = who === hoarder && pass.length ? pass : plays.length && rnd() < 0.7 ? plays : legal;
      const r = step(s, realise(from[Math.floor(rnd() * from.length)]!, rnd));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(s.phase, seed).toBe('game-over');
  }

  it('says nothing in English at any kind of moment of three matches, for either manager', () => {
    const bad = new Map<string, string>();
    const kinds = new Set<string>();
    sweep([0, 1], 'playmat-ja-1', bad, kinds);
    sweep([2, 3], 'playmat-ja-2', bad, kinds);
    sweep([4, 2], 'playmat-ja-3', bad, kinds, 'B');
    // The matches went through the decisions that carry texts of their own.
    for (const k of ['mulligan', 'choose-order', 'resource', 'main', 'combat-attack', 'combat-block', 'combat-attack-window', 'choice', 'discard'])
      expect([...kinds], k).toContain(k);
    expect(Object.fromEntries(bad)).toEqual({});
  });
});
