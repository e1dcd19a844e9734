/**
 * The coach's lessons over real engine positions: the tutorial's rosters and seed, the newcomer's projection
 * and legal actions at every point where the coach would see a new view. A newcomer who does what the coach
 * asks meets the lessons in teaching order; one who passes instead gets the hint and the lesson back later.
 */
import { describe, expect, it } from 'vitest';
import {
  createGame,
  deciders,
  legalActions,
  project,
  simplest,
  step,
  strongBot,
  type Action,
  type GameState,
  type Legal,
  type ManagerId,
} from '@vroyale/engine';
import { cardPool, tutorialRosters, TUTORIAL_SEED } from '@vroyale/cards';
import i18next from 'i18next';
import { setLanguage } from '../i18n';
import { LESSON_TEXTS } from './lesson-texts';
import {
  acknowledge,
  advance,
  KEYWORDS,
  lessonCount,
  lessonQuotes,
  LESSONS,
  lessonText,
  lessonVars,
  nextLesson,
  restoreProgress,
  START,
  type CoachState,
  type Progress,
} from './lessons';

function start(seed = TUTORIAL_SEED): GameState {
  const g = createGame({ seed, pool: cardPool, rosters: { A: tutorialRosters.player, B: tutorialRosters.bot } });
  if (!g.ok) throw new Error(g.message);
  return g.state;
}

const coach = (s: GameState, me: ManagerId = 'A'): CoachState => {
  const view = project(s, me);
  return { view, legal: deciders(s).includes(me) ? legalActions(s, me) : [], me, defs: cardPool, winner: s.winner, ended: s.phase === 'game-over' };
};

/**
 * The newcomer doing what the coach asks (as e2e/tutorial.test.ts's player does in the browser): keep, go first,
 * a star each turn, debut the Centre when it can (its lesson comes first), then characters, attack with all,
 * play highlights in combat.
 */
function newcomer(legal: readonly Legal[], s: GameState, skip: ReadonlySet<Legal['type']> = new Set()): Action {
  const find = (t: Legal['type']) => (skip.has(t) ? undefined : legal.find((a) => a.type === t));
  const att = legal.find((a) => a.type === 'choose-attackers');
  if (att && att.type === 'choose-attackers')
    return { type: 'declare-attackers', manager: 'A', attackers: skip.has('choose-attackers') ? [] : att.eligible.map((e) => e.id) };
  const bl = legal.find((a) => a.type === 'choose-blocks');
  if (bl) return simplest(bl);
  const keep = legal.find((a) => a.type === 'mulligan' && !a.redraw);
  if (keep) return simplest(keep);
  const first = legal.find((a) => a.type === 'choose-order' && a.goFirst);
  if (first) return simplest(first);
  if (s.phase === 'resource') {
    const star = find('place-star');
    if (star) return simplest(star);
  }
  // Characters in the Main Phase; highlights kept for combat, as the coach suggests.
  // The Centre first when it can debut, as the coach asks (its lesson comes before any other play).
  const backstage = s.managers.A.backstage;
  const centre = skip.has('play') ? undefined : legal.find((a) => a.type === 'play' && a.card === backstage);
  if (s.phase === 'main' && centre) return simplest(centre);
  const combat = s.phase.startsWith('combat');
  const play = skip.has('play')
    ? undefined
    : legal.find((a) => a.type === 'play' && (cardPool[s.cards[a.card]!.def]!.types.includes('highlight') ? combat : true));
  if (play) return simplest(play);
  const other = legal.find((a) => a.type === 'choose' || a.type === 'discard');
  if (other) return simplest(other);
  return simplest(legal.find((a) => a.type === 'pass') ?? legal[0]!);
}

/** The bot's side: strongBot, attacking with one character at most and blocking only as required. */
function gentle(s: GameState): Action {
  const legal = legalActions(s, 'B');
  const bl = legal.find((a) => a.type === 'choose-blocks');
  if (bl) return simplest(bl);
  const a = strongBot({ view: project(s, 'B'), legal, seed: `tutorial:${s.seq}` });
  return a.type === 'declare-attackers' ? { ...a, attackers: a.attackers.slice(0, 1) } : a;
}

interface Run {
  shown: string[];
  progress: Progress;
  final: GameState;
  missed: string[];
  /** The panel's "n of N" at every position. */
  counts: { n: number; total: number }[];
  /** The coach's state when each lesson first showed. */
  at: Map<string, CoachState>;
}

/** Plays the tutorial match, the coach following every position the newcomer would see; read lessons are acknowledged at once. */
function play(
  skip: (s: GameState) => ReadonlySet<Legal['type']> = () => new Set(),
  seed = TUTORIAL_SEED,
  maxSteps = 3000,
  own?: (s: GameState, legal: readonly Legal[]) => Action | undefined,
): Run {
  let s = start(seed);
  let p: Progress = START;
  const shown: string[] = [];
  const missed: string[] = [];
  const counts: { n: number; total: number }[] = [];
  const at = new Map<string, CoachState>();
  const see = () => {
    p = advance(p, coach(s));
    for (let guard = 0; guard < 40; guard++) {
      counts.push(lessonCount(p, coach(s)));
      if (p.current && !at.has(p.current)) at.set(p.current, coach(s));
      if (p.current && shown[shown.length - 1] !== p.current) shown.push(p.current);
      if (p.missed && missed[missed.length - 1] !== p.missed) missed.push(p.missed);
      const l = LESSONS.find((x) => x.id === p.current);
      if (!l || l.kind !== 'read') break;
      p = acknowledge(p, coach(s));
    }
  };
  see();
  for (let n = 0; n < maxSteps && s.phase !== 'game-over'; n++) {
    const who = deciders(s)[0]!;
    const a = who === 'A' ? (own?.(s, legalActions(s, 'A')) ?? newcomer(legalActions(s, 'A'), s, skip(s))) : gentle(s);
    const r = step(s, a);
    if (!r.ok) throw new Error(`${a.type}: ${r.message}`);
    s = r.state;
    see();
  }
  return { shown, progress: p, final: s, missed, counts, at };
}

describe('tutorial lessons', () => {
  it('opens on the mulligan, then the turn order, with the same hand every time', () => {
    const s = start();
    expect(nextLesson(coach(s), START)?.id).toBe('mulligan');
    expect(project(s, 'A').managers.A.hand!.map((c) => c.def)).toEqual(project(start(), 'A').managers.A.hand!.map((c) => c.def));
    const kept = step(
      s,
      legalActions(s, 'A').find((a) => a.type === 'mulligan' && !a.redraw)!,
    );
    if (!kept.ok) throw new Error(kept.message);
    let t = kept.state;
    if (deciders(t).includes('B')) {
      const r = step(
        t,
        legalActions(t, 'B').find((a) => a.type === 'mulligan' && !a.redraw)!,
      );
      if (!r.ok) throw new Error(r.message);
      t = r.state;
    }
    const p = advance({ ...START, current: 'mulligan' }, coach(t));
    expect(p.done).toContain('mulligan');
    expect(p.current).toBe('turn-order');
  });

  it('a newcomer who follows the coach meets every lesson, in teaching order, and wins the match', () => {
    const run = play();
    expect(run.final.phase).toBe('game-over');
    const at = (id: string) => run.shown.indexOf(id);
    // All 21 lessons, each keyword once: the tutorial's rosters and seed are chosen so (cards/tutorial-rosters.ts).
    expect(LESSONS).toHaveLength(21);
    for (const l of LESSONS) expect(at(l.id), `${l.id} in ${run.shown.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(at('mulligan')).toBeLessThan(at('turn-order'));
    expect(at('turn-order')).toBeLessThan(at('star-card'));
    expect(at('star-card')).toBeLessThan(at('debut'));
    expect(at('debut')).toBeLessThan(at('burnout'));
    expect(at('burnout')).toBeLessThan(at('centre'));
    expect(at('centre')).toBeLessThan(at('attack'));
    expect(at('centre')).toBeLessThan(at('centre-debut'));
    expect(at('attack')).toBeLessThan(at('highlight'));
    // The highlight played in combat goes on the stack: the stack is explained right then.
    expect(at('highlight')).toBeLessThan(at('stack'));
    expect(at('attack')).toBeLessThan(at('winning'));
    expect(run.shown[run.shown.length - 1]).toBe('finished');
    // Every keyword is explained once, when it is first in play (after the first debut).
    const kws = run.shown.filter((id) => id.startsWith('kw-'));
    expect([...kws].sort()).toEqual(KEYWORDS.map((x) => `kw-${x}`).sort());
    for (const k of kws) expect(at(k), k).toBeGreaterThan(at('debut'));
    expect(run.final.winner).toBe('A');
    // Doing what the coach asks, nothing is missed.
    expect(run.missed).toEqual([]);
    expect(run.progress.done).toEqual(expect.arrayContaining(LESSONS.map((l) => l.id)));
  });

  it('a missed step gets its hint, and the lesson comes back at its next chance', () => {
    // The newcomer passes the first Resource Step instead of placing a star card.
    const run = play((s) => (s.turn === 1 && s.phase === 'resource' ? new Set<Legal['type']>(['place-star']) : new Set()));
    expect(run.missed[0]).toBe('star-card');
    expect(run.shown.filter((id) => id === 'star-card').length).toBeGreaterThanOrEqual(2);
    expect(run.progress.done).toContain('star-card');
  });

  it('declaring no attack is a hint, not a dead end', () => {
    let first = true;
    const run = play((s) => {
      if (s.phase === 'combat-attack' && first && legalActions(s, 'A').some((a) => a.type === 'choose-attackers' && a.eligible.length > 0)) {
        first = false;
        return new Set<Legal['type']>(['choose-attackers']);
      }
      return new Set();
    });
    expect(run.missed).toContain('attack');
    expect(run.progress.done).toContain('attack');
  });

  it('a read lesson waits for "Got it", but gives way when a step must be done', () => {
    const s = start();
    const c = coach(s);
    const stuck: Progress = { ...START, current: 'stack' };
    // The mulligan must be decided: its lesson comes first.
    expect(advance(stuck, c).current).toBe('mulligan');
    const reading: Progress = { ...START, done: ['mulligan', 'turn-order'], current: 'graduation', shown: ['mulligan', 'turn-order', 'graduation'] };
    const later = { ...c, legal: [] };
    expect(advance(reading, later).current).toBe('graduation');
    expect(acknowledge(reading, later).done).toContain('graduation');
  });

  it('counts the lessons this player sees without a jump: one more per new lesson, the total only going down, n = N at the end', () => {
    const expectSteady = (run: Run) => {
      for (let i = 1; i < run.counts.length; i++) {
        const [a, b] = [run.counts[i - 1]!, run.counts[i]!];
        expect(b.n - a.n, `step ${i}`).toBeGreaterThanOrEqual(0);
        expect(b.n - a.n, `step ${i}`).toBeLessThanOrEqual(1);
        expect(b.total, `step ${i}`).toBeLessThanOrEqual(a.total);
        expect(b.n).toBeLessThanOrEqual(b.total);
      }
      const last = run.counts[run.counts.length - 1]!;
      expect(last.n).toBe(last.total);
      expect(last.n).toBe(new Set(run.shown).size);
    };
    // Following the coach: all 21, from "1 of 21" to "21 of 21".
    const follower = play();
    expectSteady(follower);
    expect(follower.counts.find((c) => c.n > 0)).toEqual({ n: 1, total: LESSONS.length });
    expect(follower.counts[follower.counts.length - 1]).toEqual({ n: LESSONS.length, total: LESSONS.length });
    // A newcomer who debuts nothing in their first Main Phase (the debut's hint shows) and plays highlights in the
    // Main Phase instead of keeping them for combat: "A highlight, in response" cannot come any more.
    let firstMain = true;
    const wanderer = play(
      (s) => {
        if (s.phase === 'main' && s.active === 'A' && firstMain) {
          firstMain = false;
          return new Set<Legal['type']>(['play']);
        }
        return new Set();
      },
      TUTORIAL_SEED,
      3000,
      (s, legal) =>
        s.phase === 'main' && !firstMain
          ? legal.find((a): a is Extract<Legal, { type: 'play' }> => a.type === 'play' && cardPool[s.cards[a.card]!.def]!.types.includes('highlight'))
          : undefined,
    );
    expectSteady(wanderer);
    expect(wanderer.missed).toContain('debut');
    expect(wanderer.progress.skipped).toContain('highlight');
    expect(wanderer.shown).not.toContain('highlight');
    // The total went down before the end, when the highlight lesson's moment had passed.
    expect(wanderer.counts.some((c, i) => i < wanderer.counts.length - 1 && c.total < LESSONS.length)).toBe(true);
  });

  it('skips a lesson whose moment passed before it showed, and says so in the total', () => {
    // The Centre debuted by the player on their own before its lesson could show: "Debut your Centre" will not come.
    const s = start();
    const p = advance({ ...START, done: ['mulligan', 'turn-order'], shown: ['mulligan', 'turn-order'] }, coach(s));
    expect(p.skipped).toEqual(['mulligan', 'turn-order'].filter((id) => !p.shown.includes(id)));
    const c = coach(s);
    const centreOnStage: CoachState = {
      ...c,
      view: { ...c.view, managers: { ...c.view.managers, A: { ...c.view.managers.A, centre: [c.view.managers.A.backstage!], backstage: null } } },
    };
    const q = advance(p, centreOnStage);
    expect(q.skipped).toContain('centre-debut');
    expect(lessonCount(q, centreOnStage).total).toBe(LESSONS.length - q.skipped.length);
    // Never shown after, even if its moment seemed to come back.
    expect(nextLesson(c, q)?.id).not.toBe('centre-debut');
  });

  it('restores progress an older version saved (no count fields), and drops what it does not know', () => {
    const p = restoreProgress({ done: ['mulligan', 'turn-order', 'nonsense'], current: 'star-card' } as Partial<Progress>);
    expect(p).toEqual({ done: ['mulligan', 'turn-order'], current: 'star-card', missed: null, shown: ['mulligan', 'turn-order', 'star-card'], skipped: [] });
    expect(restoreProgress(null)).toEqual(START);
    expect(lessonCount(p, { ended: false })).toEqual({ n: 3, total: LESSONS.length });
  });
});

describe('what the lessons say', () => {
  const run = play();
  type Texts = Record<string, Record<string, string>>;
  const TEXTS: Record<'en' | 'ja', Texts> = { en: LESSON_TEXTS.en as Texts, ja: LESSON_TEXTS.ja as Texts };
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);

  it("fill every placeholder from the lesson's own values and quotes, each quote used, in both languages", async () => {
    for (const lang of ['en', 'ja'] as const) {
      await setLanguage(lang, false);
      for (const l of LESSONS) {
        const s = run.at.get(l.id)!;
        const vars = lessonVars(l.id, s);
        const texts = TEXTS[lang][l.id]!;
        for (const [part, text] of Object.entries(texts))
          for (const ph of placeholders(text)) expect(Object.keys(vars), `${lang} ${l.id}.${part} {{${ph}}}`).toContain(ph);
        for (const q of Object.keys(l.quotes ?? {}))
          expect(
            Object.values(texts).some((x) => placeholders(x).includes(q)),
            `${lang} ${l.id} quotes ${q}`,
          ).toBe(true);
        // What the player reads: no placeholder left, every quoted label word for word.
        for (const touch of [false, true])
          for (const part of ['title', 'body', ...('hint' in texts ? (['hint'] as const) : [])] as const) {
            const shown = lessonText(l.id, part, s, touch);
            expect(shown, `${lang} ${l.id}.${part}`).not.toMatch(/\{\{|\}\}/);
          }
        for (const q of lessonQuotes(l.id, s)) expect(q.label, `${lang} ${l.id}`).not.toBe('');
      }
      for (const l of LESSONS)
        for (const q of Object.values(l.quotes ?? {}))
          expect(i18next.exists(q.key, { lng: lang, ...q.values?.(run.at.get(l.id)!) }), `${lang} ${q.key}`).toBe(true);
    }
    await setLanguage('en', false);
  });

  it("never write a control's label by hand: buttons are quoted from their own texts", () => {
    const labels = [
      'prompt.keep',
      'prompt.redraw',
      'prompt.goFirst',
      'prompt.goSecond',
      'prompt.pass',
      'prompt.noBlocks',
      'prompt.requiredBlocks',
      'prompt.attackAll',
      'prompt.confirm',
      'choices.placeStar',
      'lobby.playBot',
      'lobby.deckBuilder',
      'help.howToPlay',
    ].map((k) => i18next.t(k as never, { lng: 'en' }) as string);
    // Titles may ask the question ("Go first or second?"); bodies and hints name the buttons.
    for (const l of LESSONS)
      for (const [part, text] of Object.entries(TEXTS.en[l.id]!).filter(([k]) => k !== 'title'))
        for (const label of labels) expect(text.includes(label), `${l.id}.${part} writes "${label}"`).toBe(false);
  });

  it("quote the controls the player sees at that moment: the prompt's answers are listed when the lesson shows", () => {
    // The simulated newcomer's legal actions at each lesson's first showing, for the prompt's quoted buttons.
    const at = (id: string) => run.at.get(id)!;
    expect(at('mulligan').legal.some((a) => a.type === 'mulligan' && !a.redraw)).toBe(true);
    expect(at('turn-order').legal.some((a) => a.type === 'choose-order' && a.goFirst)).toBe(true);
    expect(at('attack').legal.some((a) => a.type === 'choose-attackers' && a.eligible.length > 0)).toBe(true);
    expect(at('highlight').legal.some((a) => a.type === 'pass')).toBe(true);
    expect(lessonQuotes('attack', at('attack')).find((q) => q.where === 'prompt')?.label).toMatch(/^Attack with all \(\d+\)$/);
    // The tutorial's first block is required (a Moderator of yours must block): "No blocks" is not offered, so the
    // lesson names the button that is, in the words for that case.
    const block = at('block');
    const offer = block.legal.find((a) => a.type === 'choose-blocks');
    expect(offer).toBeDefined();
    expect(lessonQuotes('block', block).map((q) => q.label)).toEqual(['Make the required blocks']);
    expect(lessonText('block', 'body', block, false)).toContain('a block is required');
    expect(lessonText('block', 'body', block, true)).toContain('tap your characters');
    // Where no block is required, "No blocks" is what it names.
    const free: CoachState = {
      ...block,
      legal: block.legal.map((a) => (a.type === 'choose-blocks' ? { ...a, blockers: a.blockers.map((b) => ({ ...b, moderator: false })) } : a)),
    };
    expect(lessonQuotes('block', free).map((q) => q.label)).toEqual(['No blocks']);
    expect(lessonText('block', 'body', free, false)).toContain('Or press “No blocks”');
  });
});
