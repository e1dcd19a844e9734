/**
 * The tutorial's lessons ("Learn to play", issue 16 §1), pure: each lesson has a trigger over what the
 * newcomer's client knows (the view, its legal actions, the card definitions seen so far and the match's
 * result) and, for lessons that ask for something, a "done" predicate over the same. The coach reacts to the
 * position it sees, not to a script: a lesson shows when its moment comes, waits until the player did it, and
 * if the moment passes without it (the player passed instead, say) the coach shows that lesson's hint and the
 * lesson comes back at its next chance. Keyword lessons are shown once, the first time the keyword is in play.
 *
 * Texts: i18n `tutorial.lessons.<id>.{title,body,hint?}`; `focus` names what the coach outlines on the playmat.
 */
import type { CardDef, CardView, GameView, Legal, ManagerId } from '@vroyale/engine';
import { cardName } from '../game/labels';

export interface CoachState {
  view: GameView;
  legal: readonly Legal[];
  me: ManagerId;
  /** Every definition this client has been shown (the store's cache: `view.defs` is incremental). */
  defs: Readonly<Record<string, CardDef>>;
  /** The match's winner once it has ended. */
  winner: ManagerId | 'draw' | null;
  ended: boolean;
}

/** Where the coach points: a zone of the newcomer's side, the prompt, the stack, or a card. */
export type Focus =
  | { zone: 'hand' | 'stars' | 'backstage' | 'centre' | 'main' | 'graduation' | 'prompt' | 'stack' | 'opponent' }
  | { card: string };

export type KeywordName = 'ban' | 'callout' | 'clip' | 'clout' | 'moderator' | 'raid';
export const KEYWORDS: readonly KeywordName[] = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'];

export interface Lesson {
  id: string;
  /** 'do': asks for something and waits for it; 'read': explains, the player says "Got it". */
  kind: 'do' | 'read';
  when(s: CoachState): boolean;
  /** 'do' lessons: the position shows it was done. */
  done?(s: CoachState): boolean;
  focus?(s: CoachState): Focus | null;
  /** i18n values for the lesson's texts (a card's name...). */
  vars?(s: CoachState): Record<string, string>;
}

const mine = (s: CoachState) => s.view.managers[s.me];
const theirs = (s: CoachState) => s.view.managers[s.me === 'A' ? 'B' : 'A'];
const myTurn = (s: CoachState) => s.view.active === s.me;
const has = (s: CoachState, type: Legal['type']) => s.legal.some((a) => a.type === type);
const stage = (s: CoachState): CardView[] => (['A', 'B'] as const).flatMap((m) => [...s.view.managers[m].centre, ...s.view.managers[m].main]);
const def = (s: CoachState, c: CardView | undefined): CardDef | undefined => (c ? s.defs[c.def] ?? s.view.defs[c.def] : undefined);
/** As the board shows it (Japanese names in Japanese). */
const nameOf = (s: CoachState, c: CardView | undefined): string => {
  const d = def(s, c);
  return d ? cardName(d) : '';
};
const isCharacter = (s: CoachState, c: CardView) => !!def(s, c)?.types.includes('character');
const isHighlight = (s: CoachState, c: CardView) => !!def(s, c)?.types.includes('highlight');
const handCard = (s: CoachState, id: string) => mine(s).hand?.find((c) => c.id === id);
/** Legal plays of a card from the newcomer's hand (or backstage, for the Centre). */
const plays = (s: CoachState) => s.legal.filter((a): a is Extract<Legal, { type: 'play' }> => a.type === 'play');
const debutable = (s: CoachState) => plays(s).map((a) => handCard(s, a.card)).find((c): c is CardView => !!c && isCharacter(s, c));
const playableHighlight = (s: CoachState) => plays(s).map((a) => handCard(s, a.card)).find((c): c is CardView => !!c && isHighlight(s, c));
const withKeyword = (s: CoachState, k: KeywordName) => stage(s).find((c) => {
  const v = c.keywords?.[k];
  return v !== undefined && v !== 0;
});
const COMBAT = new Set(['combat-attack', 'combat-attack-window', 'combat-block', 'combat-block-window']);

const keywordLesson = (k: KeywordName): Lesson => ({
  id: `kw-${k}`,
  kind: 'read',
  when: (s) => !!withKeyword(s, k),
  focus: (s) => {
    const c = withKeyword(s, k);
    return c ? { card: c.id } : null;
  },
  vars: (s) => ({ card: nameOf(s, withKeyword(s, k)) }),
});

/** In teaching order; the coach shows the first one whose moment has come ('do' lessons before 'read' ones). */
export const LESSONS: readonly Lesson[] = [
  {
    id: 'mulligan',
    kind: 'do',
    when: (s) => s.view.phase === 'mulligan' && has(s, 'mulligan'),
    done: (s) => mine(s).mulligan !== 'pending',
    focus: () => ({ zone: 'prompt' }),
  },
  {
    id: 'turn-order',
    kind: 'do',
    when: (s) => has(s, 'choose-order'),
    done: (s) => s.view.first !== null,
    focus: () => ({ zone: 'prompt' }),
  },
  {
    id: 'star-card',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'resource' && has(s, 'place-star') && mine(s).starPool.length === 0,
    done: (s) => mine(s).starPool.length > 0,
    focus: () => ({ zone: 'hand' }),
  },
  {
    id: 'debut',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'main' && !!debutable(s),
    done: (s) => mine(s).main.some((c) => isCharacter(s, c)),
    focus: (s) => {
      const c = debutable(s);
      return c ? { card: c.id } : { zone: 'hand' };
    },
    vars: (s) => ({ card: nameOf(s, debutable(s)) }),
  },
  {
    id: 'burnout',
    kind: 'read',
    when: (s) => mine(s).main.some((c) => c.burnout),
    focus: (s) => {
      const c = mine(s).main.find((x) => x.burnout);
      return c ? { card: c.id } : null;
    },
  },
  {
    id: 'centre',
    kind: 'read',
    when: (s) => mine(s).backstage !== null && mine(s).main.length > 0 && !s.view.combat,
    focus: () => ({ zone: 'backstage' }),
    vars: (s) => ({ card: nameOf(s, mine(s).backstage ?? undefined), cost: String(def(s, mine(s).backstage ?? undefined)?.cost ?? '') }),
  },
  {
    id: 'centre-debut',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'main' && !!mine(s).backstage && plays(s).some((a) => a.card === mine(s).backstage!.id),
    done: (s) => mine(s).centre.length > 0,
    focus: (s) => (mine(s).backstage ? { card: mine(s).backstage!.id } : null),
    vars: (s) => ({ card: nameOf(s, mine(s).backstage ?? undefined) }),
  },
  {
    id: 'attack',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'combat-attack' && s.legal.some((a) => a.type === 'choose-attackers' && a.eligible.length > 0),
    done: (s) => myTurn(s) && !!s.view.combat && s.view.combat.attackers.length > 0,
    focus: () => ({ zone: 'main' }),
  },
  {
    id: 'block',
    kind: 'do',
    when: (s) => !myTurn(s) && s.view.phase === 'combat-block' && s.legal.some((a) => a.type === 'choose-blocks' && a.blockers.length > 0),
    // Any declaration will do (no blocks too): the match waited on the newcomer and has moved on.
    done: (s) => s.view.phase !== 'combat-block',
    focus: () => ({ zone: 'main' }),
  },
  {
    id: 'highlight',
    kind: 'do',
    when: (s) => COMBAT.has(s.view.phase) && s.view.phase !== 'combat-attack' && s.view.phase !== 'combat-block' && s.view.priority === s.me && !!playableHighlight(s),
    done: (s) => s.view.stack.some((it) => it.controller === s.me && it.kind === 'highlight') || mine(s).graduation.some((c) => isHighlight(s, c)),
    focus: (s) => {
      const c = playableHighlight(s);
      return c ? { card: c.id } : { zone: 'hand' };
    },
    vars: (s) => ({ card: nameOf(s, playableHighlight(s)) }),
  },
  { id: 'stack', kind: 'read', when: (s) => s.view.stack.length > 0, focus: () => ({ zone: 'stack' }) },
  ...KEYWORDS.map(keywordLesson),
  {
    id: 'graduation',
    kind: 'read',
    when: (s) => (['A', 'B'] as const).some((m) => s.view.managers[m].graduation.some((c) => isCharacter(s, c))),
    focus: () => ({ zone: 'graduation' }),
  },
  {
    id: 'hand-limit',
    kind: 'read',
    when: (s) => (s.view.pending?.kind === 'discard' && s.view.pending.manager === s.me) || (myTurn(s) && (s.view.phase === 'resource' || s.view.phase === 'main') && (mine(s).hand?.length ?? 0) >= 4 && s.view.turn >= 3),
    focus: () => ({ zone: 'hand' }),
  },
  {
    id: 'winning',
    kind: 'read',
    when: (s) => theirs(s).sanity <= 12 || mine(s).sanity <= 12,
    focus: () => ({ zone: 'opponent' }),
    vars: (s) => ({ mine: String(Math.max(0, mine(s).sanity)), theirs: String(Math.max(0, theirs(s).sanity)) }),
  },
  { id: 'finished', kind: 'read', when: (s) => s.ended },
];

export const LESSON_COUNT = LESSONS.length;
export const lessonById = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);

export interface Progress {
  /** Lessons done or read, in the order they were. */
  done: readonly string[];
  /** The lesson on show. */
  current: string | null;
  /** A 'do' lesson whose moment passed without it: its hint shows until that lesson is back or closed. */
  missed: string | null;
}

export const START: Progress = { done: [], current: null, missed: null };

/** The lesson whose moment it is: the first triggered 'do' lesson not done, else the first such 'read' one. */
export function nextLesson(s: CoachState, p: Progress): Lesson | null {
  if (s.ended) return p.done.includes('finished') ? null : lessonById('finished')!;
  const open = LESSONS.filter((l) => !p.done.includes(l.id) && l.when(s) && !(l.kind === 'do' && l.done!(s)));
  return open.find((l) => l.kind === 'do') ?? open[0] ?? null;
}

/**
 * The coach after a new position: the 'do' lesson on show is done when the position says so; if its moment
 * passed without that, its hint shows (and the lesson waits for its next chance); then the next lesson is
 * chosen. A 'read' lesson on show stays until it is acknowledged, unless a 'do' lesson's moment came.
 */
export function advance(p: Progress, s: CoachState): Progress {
  let done = p.done;
  let missed = p.missed;
  const cur = p.current ? lessonById(p.current) : undefined;
  if (cur?.kind === 'do' && !done.includes(cur.id)) {
    if (cur.done!(s)) done = [...done, cur.id];
    else if (!cur.when(s)) missed = cur.id;
  }
  const next = nextLesson(s, { ...p, done });
  const keep = cur?.kind === 'read' && !done.includes(cur.id) && next?.kind !== 'do' && !s.ended;
  const current = keep ? cur.id : (next?.id ?? null);
  if (missed && (current === missed || done.includes(missed) || s.ended)) missed = null;
  return { done, current, missed };
}

/** The player read the lesson on show ("Got it"). */
export function acknowledge(p: Progress, s: CoachState): Progress {
  if (!p.current) return p;
  const done = p.done.includes(p.current) ? p.done : [...p.done, p.current];
  const next = nextLesson(s, { ...p, done });
  return { done, current: next?.id ?? null, missed: p.missed };
}

/** The player closed the hint. */
export const dismissHint = (p: Progress): Progress => ({ ...p, missed: null });

/** Where the coach points for the lesson on show, and the values its texts need. */
export function lessonFocus(id: string | null, s: CoachState): Focus | null {
  const l = id ? lessonById(id) : undefined;
  return l?.focus?.(s) ?? null;
}

export function lessonVars(id: string | null, s: CoachState): Record<string, string> {
  const l = id ? lessonById(id) : undefined;
  return l?.vars?.(s) ?? {};
}
