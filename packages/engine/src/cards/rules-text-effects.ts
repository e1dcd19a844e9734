/** English rules text, part 2 of 3: who and what an effect acts on (selectors, targets), and effects as clauses. */
import type { CardDef, CardSel, Condition, Effect, ManagerSel, Side, TargetReq, Zone } from './schema.js';
import type { RulesTextLookup } from './rules-text-lookup.js';
import {
  DURATION_SUFFIX,
  KEYWORD_NAME,
  TYPE_NOUN,
  article,
  conditionPrefix,
  counterText,
  filterNoun,
  keywordName,
  plural,
  statsText,
  unreachable,
  upperFirst,
} from './rules-text-words.js';

export interface Ctx {
  def: CardDef;
  targets: readonly TargetReq[];
  lookup: RulesTextLookup | undefined;
  /** Targets ('t0', 't1') and 'self' already named in this ability: later mentions say "that character" / "it". */
  mentioned: Set<string>;
}

export function selfNoun(def: CardDef): string {
  if (def.types.includes('character') || def.types.includes('leader')) return 'this character';
  if (def.types.length === 1) return `this ${TYPE_NOUN[def.types[0]!][0]}`;
  return 'this card';
}

const SIDE_OWNER: Record<Side, string> = { you: 'your', opponent: "your opponent's", any: 'a' };

/** What a second mention of a target calls it: "that character". */
function thatText(t: TargetReq | undefined): string {
  if (!t) return 'that target';
  switch (t.kind) {
    case 'character':
      return 'that character';
    case 'stage-card':
    case 'graduated-card':
      return 'that card';
    case 'manager':
      return t.side === 'you' ? 'you' : t.side === 'opponent' ? 'that opponent' : 'that manager';
    case 'stack-item':
      return t.item === 'any' ? 'that highlight or ability' : `that ${t.item}`;
    default:
      return unreachable(t);
  }
}

/** A target requirement as a noun phrase: "target opposing non-leader character". */
function targetText(t: TargetReq | undefined): string {
  if (!t) return 'the target';
  switch (t.kind) {
    case 'character':
    case 'stage-card': {
      const noun = filterNoun(t.filter, t.kind === 'character' ? 'character' : 'card', false);
      if (t.side === 'opponent') return `target opposing ${noun}`;
      if (t.side === 'you') return `target ${noun} you control`;
      return t.kind === 'character' ? `target ${noun}` : `target ${noun} on stage`;
    }
    case 'manager':
      return t.side === 'opponent' ? 'target opponent' : t.side === 'you' ? 'you' : 'target manager';
    case 'stack-item': {
      const what = t.item === 'any' ? 'highlight or ability' : t.item;
      if (t.side === 'opponent') return `target ${what} your opponent controls`;
      if (t.side === 'you') return `target ${what} you control`;
      return `target ${what}`;
    }
    case 'graduated-card':
      return `target ${filterNoun(t.filter, 'card', false)} in ${SIDE_OWNER[t.side]} Graduation Zone`;
    default:
      return unreachable(t);
  }
}

function targetRef(index: number, ctx: Ctx): string {
  const key = `t${index}`;
  if (ctx.mentioned.has(key)) return thatText(ctx.targets[index]);
  ctx.mentioned.add(key);
  return targetText(ctx.targets[index]);
}

/** Which cards an effect acts on, as a singular-verb subject/object: "each opposing character". */
export function selText(sel: CardSel, ctx: Ctx, base: 'character' | 'card'): string {
  switch (sel.ref) {
    case 'target':
      return targetRef(sel.index, ctx);
    case 'self':
      if (ctx.mentioned.has('self')) return 'it';
      ctx.mentioned.add('self');
      return selfNoun(ctx.def);
    case 'equipped':
      return 'the equipped character';
    case 'each': {
      const noun = filterNoun(sel.filter, base, false);
      if (sel.side === 'you') return `each ${noun} you control`;
      if (sel.side === 'opponent') return `each opposing ${noun}`;
      return `each ${noun}`;
    }
    default:
      return unreachable(sel);
  }
}

/** Whether a selector names more than one card (for "its owner" / "their owners"). */
function isMany(sel: CardSel): boolean {
  return sel.ref === 'each';
}

interface Who {
  /** Subject with a third-person verb ("your opponent loses") or second person for "you" ("you lose"). */
  subject: string;
  you: boolean;
  /** Possessive for the subject: "your" / "their". */
  their: string;
}

function whoOf(sel: ManagerSel, ctx: Ctx): Who {
  switch (sel.ref) {
    case 'you':
      return { subject: 'you', you: true, their: 'your' };
    case 'opponent':
      return { subject: 'your opponent', you: false, their: 'their' };
    case 'each':
      return { subject: 'each manager', you: false, their: 'their' };
    case 'target': {
      const t = targetRef(sel.index, ctx);
      return t === 'you' ? { subject: 'you', you: true, their: 'your' } : { subject: t, you: false, their: 'their' };
    }
    default:
      return unreachable(sel);
  }
}

function verb(w: Who, base: string, third = `${base}s`): string {
  return `${w.subject} ${w.you ? base : third}`;
}

// ---------------------------------------------------------------------------------------------- effects

/** Wording of the named custom handlers (engine effects/custom-handlers.ts). */
const CUSTOM_TEXT: Record<string, (what: string) => string> = {
  'swap-atk-hp': (what) => `swap the ATK and HP of ${what} until end of turn`,
  'double-counters': (what) => `double the number of counters of each kind on ${what}`,
};

function tokenText(id: string, count: number, lookup: RulesTextLookup | undefined): string {
  const d = lookup?.(id);
  const name = d?.name ?? id;
  const head = count === 1 ? `${article(name)} token` : `${count} ${name} tokens`;
  if (!d) return head;
  if (d.types.includes('character')) return `${head} (${count === 1 ? 'a character' : 'characters'} with ${d.atk ?? 0} ATK and ${d.hp ?? 0} HP)`;
  return `${head} (${count === 1 ? 'an asset' : 'assets'})`;
}

/** One effect as a clause starting in lower case (the caller capitalises and punctuates). */
function effectClause(e: Effect, ctx: Ctx): string {
  switch (e.kind) {
    case 'damage':
      return `deal ${e.amount} damage to ${selText(e.to, ctx, 'character')}`;
    case 'lose-sanity':
    case 'gain-sanity': {
      const w = whoOf(e.who, ctx);
      const v = e.kind === 'lose-sanity' ? 'lose' : 'gain';
      return `${w.subject === 'you' ? v : verb(w, v)} ${e.amount} sanity`;
    }
    case 'draw': {
      const w = whoOf(e.who, ctx);
      const cards = plural(e.count, 'card');
      return w.you ? `draw ${cards}` : `${verb(w, 'draw')} ${cards}`;
    }
    case 'send-from-roster': {
      const w = whoOf(e.who, ctx);
      const top = e.count === 1 ? 'the top card' : `the top ${e.count} cards`;
      const rest = `${top} of ${w.their} roster to ${w.their} Graduation Zone`;
      return w.you ? `send ${rest}` : `${verb(w, 'send')} ${rest}`;
    }
    case 'graduate':
      return `graduate ${selText(e.what, ctx, 'card')}`;
    case 'return-to-hand':
    case 'recover':
      return `return ${selText(e.what, ctx, 'card')} to ${isMany(e.what) ? "their owners' hands" : "its owner's hand"}`;
    case 'modify-stats':
      return `${selText(e.what, ctx, 'character')} gets ${statsText(e.atk, e.hp)}${DURATION_SUFFIX[e.duration]}`;
    case 'grant-keyword':
      return `${selText(e.what, ctx, 'character')} gains ${keywordName(e.keyword, e.x)}${DURATION_SUFFIX[e.duration]}`;
    case 'remove-keyword':
      return `${selText(e.what, ctx, 'character')} loses ${KEYWORD_NAME[e.keyword]}${DURATION_SUFFIX[e.duration]}`;
    case 'commission':
      return `commission ${tokenText(e.token, e.count, ctx.lookup)}`;
    case 'add-counters':
      return `put ${counterText(e.count, e.counter)} on ${selText(e.what, ctx, 'card')}`;
    case 'remove-counters':
      return `remove ${counterText(e.count, e.counter)} from ${selText(e.what, ctx, 'card')}`;
    case 'hiatus':
      return `put ${selText(e.what, ctx, 'card')} on Hiatus${e.until === 'owner-next-turn' ? (isMany(e.what) ? " until their owners' next turns" : " until its owner's next turn") : ''}`;
    case 'equip':
      return `equip ${selfNoun(ctx.def)} to ${selText(e.to, ctx, 'character')}`;
    case 'search-roster':
      return `search your roster for ${article(filterNoun(e.filter, 'card', false))} and put it into your hand, then shuffle your roster`;
    case 'look-at-top': {
      const top = e.count === 1 ? 'the top card' : `the top ${e.count} cards`;
      return `look at ${top} of your roster; you may put ${article(filterNoun(e.filter, 'card', false))} from among them into your hand and the rest on the bottom of your roster`;
    }
    case 'tilt':
      return `tilt ${selText(e.what, ctx, 'card')}`;
    case 'untilt':
      return `untilt ${selText(e.what, ctx, 'card')}`;
    case 'cancel':
      return `cancel ${selText(e.what, ctx, 'card')}`;
    case 'win-game':
      return `${verb(whoOf(e.who, ctx), 'win')} the match`;
    case 'lose-game':
      return `${verb(whoOf(e.who, ctx), 'lose')} the match`;
    case 'custom': {
      const what = e.what ? selText(e.what, ctx, 'card') : selfNoun(ctx.def);
      const text = Object.prototype.hasOwnProperty.call(CUSTOM_TEXT, e.handler) ? CUSTOM_TEXT[e.handler]! : null;
      return text ? text(what) : `apply the "${e.handler}" effect to ${what}`;
    }
    default:
      return unreachable(e);
  }
}

/** One effect as a clause, after its own condition and any condition the ability puts in front of it. */
function effectSentence(e: Effect, ctx: Ctx, before?: Condition, may = false): string {
  const clause = effectClause(e, ctx);
  return `${conditionPrefix([before, e.if], 'if', selfNoun(ctx.def))}${may ? `you may ${clause}` : clause}`;
}

/**
 * Effects as sentences. `lead` (when given) is the clause the first sentence continues, e.g. "Debut: " or
 * "At the start of your turn, "; `may` turns the first effect into "you may ..." and the rest into "If you do, ...".
 */
export function effectsText(effects: readonly Effect[], ctx: Ctx, opts: { may?: boolean; condition?: Condition } = {}): string {
  const sentences = effects.map((e, i) => {
    if (i === 0) return effectSentence(e, ctx, opts.condition, opts.may);
    const s = effectSentence(e, ctx);
    return opts.may ? `if you do, ${s}` : s;
  });
  return sentences.map((s) => `${upperFirst(s)}.`).join(' ');
}
