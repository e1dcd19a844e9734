/**
 * The tutorial's lessons ("Learn to play", issue 16 §1), pure: each lesson has a trigger over what the
 * newcomer's client knows (the view, its legal actions, the card definitions seen so far and the match's
 * result) and, for lessons that ask for something, a "done" predicate over the same. The coach reacts to the
 * position it sees, not to a script: a lesson shows when its moment comes, waits until the player did it, and
 * if the moment passes without it (the player passed instead, say) the coach shows that lesson's hint and the
 * lesson comes back at its next chance. Keyword lessons are shown once, the first time the keyword is in play.
 *
 * Texts: `tutorial.lessons.<id>.{title,body,hint?}` (lesson-texts.ts: in this lazy chunk, not the i18n bundle), with `body_touch` / `hint_touch` where a finger does
 * something else than a mouse (a tap on a hand card opens its menu; a click plays a one-use card at once).
 * `focus` names what the coach outlines on the playmat. A control a text names is a `quote`: its label is the
 * control's own i18n text, filled in as a placeholder, so the lesson says exactly what the button says.
 */
import '../i18n/later-texts';
import { blockProblems, type CardDef, type CardView, type GameView, type Legal, type ManagerId } from '@vroyale/engine';
import { cardName } from '../game/labels';
import i18next from 'i18next';
import { t } from '../i18n';
import './lesson-texts';

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
export type Focus = { zone: 'hand' | 'stars' | 'backstage' | 'centre' | 'main' | 'graduation' | 'prompt' | 'stack' | 'opponent' } | { card: string };

export type KeywordName = 'ban' | 'callout' | 'clip' | 'clout' | 'moderator' | 'raid';
export const KEYWORDS: readonly KeywordName[] = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'];

/**
 * A control a lesson's text names, by the i18n key of its label (and the values that label takes). `where` it is:
 * in the prompt or on the board (on screen while the lesson shows: e2e/tutorial.test.ts checks it), in a card's
 * menu (on screen once the card is pressed), in the lobby, or named by a hint, after its moment.
 */
export interface Quote {
  key: string;
  where: 'prompt' | 'menu' | 'board' | 'lobby' | 'hint';
  values?(s: CoachState): Record<string, string | number>;
  /** Only in the text of this variant (Lesson.variant). */
  variant?: string;
}

export interface Lesson {
  id: string;
  /** 'do': asks for something and waits for it; 'read': explains, the player says "Got it". */
  kind: 'do' | 'read';
  when(s: CoachState): boolean;
  /** 'do' lessons: the position shows it was done. */
  done?(s: CoachState): boolean;
  /**
   * Its moment has passed for good without it showing (the mulligan is over, the Centre debuted on the player's
   * own): this player will not see it, and the count of lessons says so. Lessons without it can come until the end.
   */
  gone?(s: CoachState): boolean;
  focus?(s: CoachState): Focus | null;
  /** i18n values for the lesson's texts (a card's name...). */
  vars?(s: CoachState): Record<string, string>;
  /** The controls its texts name, by placeholder. */
  quotes?: Record<string, Quote>;
  /**
   * A position that calls for other words (a block the rules require: "No blocks" is not on offer then): the
   * texts `<part>_<variant>` (and `_<variant>_touch`) are used instead.
   */
  variant?(s: CoachState): string | null;
}

const mine = (s: CoachState) => s.view.managers[s.me];
const theirs = (s: CoachState) => s.view.managers[s.me === 'A' ? 'B' : 'A'];
const myTurn = (s: CoachState) => s.view.active === s.me;
const has = (s: CoachState, type: Legal['type']) => s.legal.some((a) => a.type === type);
const stage = (s: CoachState): CardView[] => (['A', 'B'] as const).flatMap((m) => [...s.view.managers[m].centre, ...s.view.managers[m].main]);
const def = (s: CoachState, c: CardView | undefined): CardDef | undefined => (c ? (s.defs[c.def] ?? s.view.defs[c.def]) : undefined);
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
const debutable = (s: CoachState) =>
  plays(s)
    .map((a) => handCard(s, a.card))
    .find((c): c is CardView => !!c && isCharacter(s, c));
const playableHighlight = (s: CoachState) =>
  plays(s)
    .map((a) => handCard(s, a.card))
    .find((c): c is CardView => !!c && isHighlight(s, c));
const withKeyword = (s: CoachState, k: KeywordName) =>
  stage(s).find((c) => {
    const v = c.keywords?.[k];
    return v !== undefined && v !== 0;
  });
const blockOffer = (s: CoachState) => s.legal.find((a): a is Extract<Legal, { type: 'choose-blocks' }> => a.type === 'choose-blocks');
const attackOffer = (s: CoachState) => s.legal.find((a): a is Extract<Legal, { type: 'choose-attackers' }> => a.type === 'choose-attackers');
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
    gone: (s) => s.view.phase !== 'mulligan',
    focus: () => ({ zone: 'prompt' }),
    quotes: { keep: { key: 'prompt.keep', where: 'prompt' } },
  },
  {
    id: 'turn-order',
    kind: 'do',
    when: (s) => has(s, 'choose-order'),
    done: (s) => s.view.first !== null,
    gone: (s) => s.view.first !== null,
    focus: () => ({ zone: 'prompt' }),
    quotes: { goFirst: { key: 'prompt.goFirst', where: 'prompt' } },
  },
  {
    id: 'star-card',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'resource' && has(s, 'place-star') && mine(s).starPool.length === 0,
    done: (s) => mine(s).starPool.length > 0,
    gone: (s) => mine(s).starPool.length > 0,
    focus: () => ({ zone: 'hand' }),
    quotes: { placeStar: { key: 'choices.placeStar', where: 'menu' } },
  },
  {
    id: 'debut',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'main' && !!debutable(s),
    done: (s) => mine(s).main.some((c) => isCharacter(s, c)),
    gone: (s) => mine(s).main.some((c) => isCharacter(s, c)),
    focus: (s) => {
      const c = debutable(s);
      return c ? { card: c.id } : { zone: 'hand' };
    },
    vars: (s) => ({ card: nameOf(s, debutable(s)) }),
    quotes: { debut: { key: 'choices.debut', where: 'menu', values: (s) => ({ name: nameOf(s, debutable(s)) }) } },
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
    gone: (s) => mine(s).centre.length > 0 || !mine(s).backstage,
    focus: (s) => (mine(s).backstage ? { card: mine(s).backstage!.id } : null),
    vars: (s) => ({ card: nameOf(s, mine(s).backstage ?? undefined) }),
  },
  {
    id: 'attack',
    kind: 'do',
    when: (s) => myTurn(s) && s.view.phase === 'combat-attack' && s.legal.some((a) => a.type === 'choose-attackers' && a.eligible.length > 0),
    done: (s) => myTurn(s) && !!s.view.combat && s.view.combat.attackers.length > 0,
    focus: () => ({ zone: 'main' }),
    quotes: {
      attackAll: { key: 'prompt.attackAllN', where: 'prompt', values: (s) => ({ count: attackOffer(s)?.eligible.length ?? 0 }) },
      // The hint, after the moment: the button's words without its count.
      attackAllLater: { key: 'prompt.attackAll', where: 'hint' },
    },
  },
  {
    id: 'block',
    kind: 'do',
    when: (s) => !myTurn(s) && s.view.phase === 'combat-block' && s.legal.some((a) => a.type === 'choose-blocks' && a.blockers.length > 0),
    // Any declaration will do (no blocks too): the match waited on the newcomer and has moved on.
    done: (s) => s.view.phase !== 'combat-block',
    focus: () => ({ zone: 'main' }),
    // A Callout attacker or a Moderator of yours can make a block required: then the prompt offers the required
    // blocks instead of "No blocks".
    variant: (s) => {
      const offer = blockOffer(s);
      return offer && blockProblems(offer, [], true).length > 0 ? 'forced' : null;
    },
    quotes: {
      noBlocks: { key: 'prompt.noBlocks', where: 'prompt' },
      required: { key: 'prompt.requiredBlocks', where: 'prompt', variant: 'forced' },
    },
  },
  {
    id: 'highlight',
    kind: 'do',
    when: (s) =>
      COMBAT.has(s.view.phase) && s.view.phase !== 'combat-attack' && s.view.phase !== 'combat-block' && s.view.priority === s.me && !!playableHighlight(s),
    done: (s) => s.view.stack.some((it) => it.controller === s.me && it.kind === 'highlight') || mine(s).graduation.some((c) => isHighlight(s, c)),
    // A highlight played outside combat already (it is in the Graduation Zone): the lesson's moment will not come.
    gone: (s) => mine(s).graduation.some((c) => isHighlight(s, c)),
    focus: (s) => {
      const c = playableHighlight(s);
      return c ? { card: c.id } : { zone: 'hand' };
    },
    vars: (s) => ({ card: nameOf(s, playableHighlight(s)) }),
    quotes: {
      pass: { key: 'prompt.pass', where: 'prompt' },
      play: { key: 'choices.play', where: 'menu', values: (s) => ({ name: nameOf(s, playableHighlight(s)) }) },
    },
  },
  { id: 'stack', kind: 'read', when: (s) => s.view.stack.length > 0, focus: () => ({ zone: 'stack' }) },
  ...KEYWORDS.map(keywordLesson),
  {
    id: 'graduation',
    kind: 'read',
    when: (s) => (['A', 'B'] as const).some((m) => s.view.managers[m].graduation.some((c) => isCharacter(s, c))),
    focus: () => ({ zone: 'graduation' }),
    quotes: { pile: { key: 'playmat.graduation', where: 'board' } },
  },
  {
    id: 'hand-limit',
    kind: 'read',
    when: (s) =>
      (s.view.pending?.kind === 'discard' && s.view.pending.manager === s.me) ||
      (myTurn(s) && (s.view.phase === 'resource' || s.view.phase === 'main') && (mine(s).hand?.length ?? 0) >= 4 && s.view.turn >= 3),
    focus: () => ({ zone: 'hand' }),
  },
  {
    id: 'winning',
    kind: 'read',
    when: (s) => theirs(s).sanity <= 12 || mine(s).sanity <= 12,
    focus: () => ({ zone: 'opponent' }),
    vars: (s) => ({ mine: String(Math.max(0, mine(s).sanity)), theirs: String(Math.max(0, theirs(s).sanity)) }),
  },
  {
    id: 'finished',
    kind: 'read',
    when: (s) => s.ended,
    quotes: {
      playBot: { key: 'lobby.playBot', where: 'lobby' },
      deckBuilder: { key: 'lobby.deckBuilder', where: 'lobby' },
      howToPlay: { key: 'help.howToPlay', where: 'lobby' },
    },
  },
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
  /** Every lesson shown so far, once each, in the order they first showed. */
  shown: readonly string[];
  /** Lessons whose moment passed for good before they showed (`gone`): this player will not see them. */
  skipped: readonly string[];
}

export const START: Progress = { done: [], current: null, missed: null, shown: [], skipped: [] };

/** The lesson whose moment it is: the first triggered 'do' lesson not done, else the first such 'read' one. */
export function nextLesson(s: CoachState, p: Pick<Progress, 'done'> & Partial<Progress>): Lesson | null {
  if (s.ended) return p.done.includes('finished') ? null : lessonById('finished')!;
  const skipped = p.skipped ?? [];
  const open = LESSONS.filter((l) => !p.done.includes(l.id) && !skipped.includes(l.id) && l.when(s) && !(l.kind === 'do' && l.done!(s)));
  return open.find((l) => l.kind === 'do') ?? open[0] ?? null;
}

/** `current` recorded as shown, and lessons that can no longer come as skipped (never to show after). */
function record(p: Progress, s: CoachState): Progress {
  const shown = p.current && !p.shown.includes(p.current) ? [...p.shown, p.current] : p.shown;
  const gone = LESSONS.filter((l) => !shown.includes(l.id) && !p.skipped.includes(l.id) && l.gone?.(s)).map((l) => l.id);
  return gone.length || shown !== p.shown ? { ...p, shown, skipped: gone.length ? [...p.skipped, ...gone] : p.skipped } : p;
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
  // What can no longer come is known before choosing: a lesson skipped now never shows.
  const before = record({ ...p, done, current: null }, s);
  const next = nextLesson(s, before);
  const keep = cur?.kind === 'read' && !done.includes(cur.id) && next?.kind !== 'do' && !s.ended;
  const current = keep ? cur.id : (next?.id ?? null);
  if (missed && (current === missed || done.includes(missed) || s.ended)) missed = null;
  return record({ ...before, current, missed }, s);
}

/** The player read the lesson on show ("Got it"). */
export function acknowledge(p: Progress, s: CoachState): Progress {
  if (!p.current) return p;
  const done = p.done.includes(p.current) ? p.done : [...p.done, p.current];
  const next = nextLesson(s, { ...p, done });
  return record({ ...p, done, current: next?.id ?? null }, s);
}

/**
 * The panel's "Lesson n of N". n: the lessons shown so far (a lesson coming back is not counted again), so it
 * goes up by one with each new lesson and never jumps or goes back. N: the lessons this player will see — those
 * shown plus those that can still come. It starts at every lesson and only goes down, when a lesson's moment
 * passes for good before it showed (`gone`, or the match's end for all the rest); at the end n = N.
 */
export function lessonCount(p: Progress, s: Pick<CoachState, 'ended'>): { n: number; total: number } {
  const n = p.shown.length;
  if (s.ended) return { n, total: n };
  return { n, total: LESSONS.filter((l) => !p.skipped.includes(l.id) || p.shown.includes(l.id)).length };
}

/** Progress saved by an older version (no `shown` or `skipped`): what it showed is at least what it did. */
export function restoreProgress(saved: Partial<Progress> | null): Progress {
  if (!saved || !Array.isArray(saved.done)) return START;
  const ids = (xs: unknown): string[] => (Array.isArray(xs) ? xs.filter((x): x is string => typeof x === 'string' && !!lessonById(x)) : []);
  const done = ids(saved.done);
  const current = typeof saved.current === 'string' && lessonById(saved.current) ? saved.current : null;
  const shown = ids(saved.shown);
  for (const id of [...done, ...(current ? [current] : [])]) if (!shown.includes(id)) shown.push(id);
  return { done, current, missed: null, shown, skipped: ids(saved.skipped).filter((id) => !shown.includes(id)) };
}

/** The player closed the hint. */
export const dismissHint = (p: Progress): Progress => ({ ...p, missed: null });

/** Where the coach points for the lesson on show, and the values its texts need. */
export function lessonFocus(id: string | null, s: CoachState): Focus | null {
  const l = id ? lessonById(id) : undefined;
  return l?.focus?.(s) ?? null;
}

/** The values a lesson's texts take: its own, and the labels of the controls it names, in the current language. */
export function lessonVars(id: string | null, s: CoachState): Record<string, string> {
  const l = id ? lessonById(id) : undefined;
  const out: Record<string, string> = { ...(l?.vars?.(s) ?? {}) };
  for (const [name, q] of Object.entries(l?.quotes ?? {})) out[name] = quoteLabel(q, s);
  return out;
}

const tx = t as unknown as (key: string, values?: Record<string, unknown>) => string;

/** The label a quoted control shows. */
export const quoteLabel = (q: Quote, s: CoachState): string => tx(q.key, q.values?.(s));

/** The controls the lesson on show names in this position, with their labels (the coach panel lists them for the e2e check). */
export function lessonQuotes(id: string | null, s: CoachState): { where: Quote['where']; label: string }[] {
  const l = id ? lessonById(id) : undefined;
  const variant = l?.variant?.(s) ?? undefined;
  return Object.values(l?.quotes ?? {})
    .filter((q) => q.variant === variant)
    .map((q) => ({ where: q.where, label: quoteLabel(q, s) }));
}

export type LessonText = 'title' | 'body' | 'hint';

/**
 * A lesson's text key: the position's variant (Lesson.variant) and the touch screen's where there are such texts
 * (a finger does something else there), most particular first.
 */
export function textKey(id: string, part: LessonText, touch: boolean, variant: string | null = null): string {
  const key = `tutorial.lessons.${id}.${part}`;
  const tries = [...(variant ? [`${key}_${variant}${touch ? '_touch' : ''}`, `${key}_${variant}`] : []), ...(touch ? [`${key}_touch`] : [])];
  return (part === 'title' ? undefined : tries.find((k) => i18next.exists(k))) ?? key;
}

export const lessonText = (id: string, part: LessonText, s: CoachState, touch: boolean): string =>
  tx(textKey(id, part, touch, lessonById(id)?.variant?.(s) ?? null), lessonVars(id, s));
