/**
 * The coach's lessons over real engine positions: the tutorial's rosters and seed, the newcomer's projection
 * and legal actions at every point where the coach would see a new view. A newcomer who does what the coach
 * asks meets the lessons in teaching order; one who passes instead gets the hint and the lesson back later.
 */
import { describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, project, simplest, step, strongBot, type Action, type GameState, type Legal, type ManagerId } from '@vroyale/engine';
import { cardPool, tutorialRosters, TUTORIAL_SEED } from '@vroyale/cards';
import { acknowledge, advance, KEYWORDS, LESSONS, nextLesson, START, type CoachState, type Progress } from './lessons';

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
  if (att && att.type === 'choose-attackers') return { type: 'declare-attackers', manager: 'A', attackers: skip.has('choose-attackers') ? [] : att.eligible.map((e) => e.id) };
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
  const play = skip.has('play') ? undefined : legal.find((a) => a.type === 'play' && (cardPool[s.cards[a.card]!.def]!.types.includes('highlight') ? combat : true));
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
}

/** Plays the tutorial match, the coach following every position the newcomer would see; read lessons are acknowledged at once. */
function play(skip: (s: GameState) => ReadonlySet<Legal['type']> = () => new Set(), seed = TUTORIAL_SEED, maxSteps = 3000): Run {
  let s = start(seed);
  let p: Progress = START;
  const shown: string[] = [];
  const missed: string[] = [];
  const see = () => {
    p = advance(p, coach(s));
    for (let guard = 0; guard < 40; guard++) {
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
    const a = who === 'A' ? newcomer(legalActions(s, 'A'), s, skip(s)) : gentle(s);
    const r = step(s, a);
    if (!r.ok) throw new Error(`${a.type}: ${r.message}`);
    s = r.state;
    see();
  }
  return { shown, progress: p, final: s, missed };
}

describe('tutorial lessons', () => {
  it('opens on the mulligan, then the turn order, with the same hand every time', () => {
    const s = start();
    expect(nextLesson(coach(s), START)?.id).toBe('mulligan');
    expect(project(s, 'A').managers.A.hand!.map((c) => c.def)).toEqual(project(start(), 'A').managers.A.hand!.map((c) => c.def));
    const kept = step(s, legalActions(s, 'A').find((a) => a.type === 'mulligan' && !a.redraw)!);
    if (!kept.ok) throw new Error(kept.message);
    let t = kept.state;
    if (deciders(t).includes('B')) {
      const r = step(t, legalActions(t, 'B').find((a) => a.type === 'mulligan' && !a.redraw)!);
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
    const stuck: Progress = { done: [], current: 'stack', missed: null };
    // The mulligan must be decided: its lesson comes first.
    expect(advance(stuck, c).current).toBe('mulligan');
    const reading: Progress = { done: ['mulligan', 'turn-order'], current: 'graduation', missed: null };
    const later = { ...c, legal: [] };
    expect(advance(reading, later).current).toBe('graduation');
    expect(acknowledge(reading, later).done).toContain('graduation');
  });
});
