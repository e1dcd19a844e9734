/**
 * Rules text generated from card data. A card's printed text is never stored: it is always derived from the
 * definition, so the data the engine plays and the text a player reads cannot drift apart.
 *
 * Every switch below covers its schema union exhaustively (`unreachable(x: never)`), and the per-field tables
 * are mapped types over the schema's keys, so adding a variant or a field to schema.ts fails type checking
 * here until it has wording.
 */
import type {
  Ability,
  CardDef,
  CardFilter,
  CardSel,
  CardType,
  Condition,
  Cost,
  Duration,
  Effect,
  Keyword,
  Keywords,
  ManagerSel,
  Side,
  StaticEffect,
  TargetReq,
  Trigger,
  Zone,
} from './schema.js';
import { KEYWORDS } from './schema.js';
import { rulesTextJa } from './rules-text-ja.js';
import type { RulesTextLookup } from './rules-text-lookup.js';

export type { RulesTextLookup } from './rules-text-lookup.js';

function unreachable(x: never): never {
  throw new Error(`rules text: unhandled variant ${JSON.stringify(x)}`);
}

// ---------------------------------------------------------------------------------------------- words

const KEYWORD_NAME: Record<Keyword, string> = {
  ban: 'Ban',
  callout: 'Callout',
  clip: 'Clip',
  clout: 'Clout',
  moderator: 'Moderator',
  raid: 'Raid',
};

const TYPE_NOUN: Record<CardType, [singular: string, plural: string]> = {
  leader: ['leader', 'leaders'],
  character: ['character', 'characters'],
  highlight: ['highlight', 'highlights'],
  event: ['event', 'events'],
  asset: ['asset', 'assets'],
};

const DURATION_SUFFIX: Record<Duration, string> = { turn: ' until end of turn', permanent: '' };

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function plural(n: number, singular: string, many = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : many}`;
}

/** "a, b and c" / "a or b". */
function list(items: string[], joiner: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

function keywordName(k: Keyword, x?: number): string {
  return k === 'moderator' ? `${KEYWORD_NAME[k]} ${x ?? 1}` : KEYWORD_NAME[k];
}

function counterText(n: number, counter: string): string {
  return n === 1 ? `${article(counter)} counter` : `${n} ${counter} counters`;
}

function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

function statsText(atk: number | undefined, hp: number | undefined): string {
  const parts: string[] = [];
  if (atk !== undefined && atk !== 0) parts.push(`${signed(atk)} ATK`);
  if (hp !== undefined && hp !== 0) parts.push(`${signed(hp)} HP`);
  return parts.length ? parts.join(' and ') : '+0 ATK';
}

/** "2 or more", "3 or less", "between 1 and 4", "no". */
function rangeText(atLeast: number | undefined, atMost: number | undefined, fewer: 'less' | 'fewer'): string {
  if (atLeast !== undefined && atMost !== undefined) return atLeast === atMost ? `exactly ${atLeast}` : `between ${atLeast} and ${atMost}`;
  if (atLeast !== undefined) return `${atLeast} or more`;
  if (atMost !== undefined) return atMost === 0 ? 'no' : `${atMost} or ${fewer}`;
  return 'any number of';
}

// ---------------------------------------------------------------------------------------------- filters

/** Adjectives that go before the noun and phrases that go after it, one entry per CardFilter field. */
type FilterWords = { pre?: string; withPart?: string; post?: string };
const FILTER_WORDS: { [K in keyof CardFilter]-?: (v: NonNullable<CardFilter[K]>, f: CardFilter) => FilterWords } = {
  other: () => ({ pre: 'other' }),
  tilted: (v) => ({ pre: v ? 'tilted' : 'untilted' }),
  token: (v) => (v ? {} : { pre: 'non-token' }),
  nonLeader: () => ({ pre: 'non-leader' }),
  types: () => ({}),
  keyword: (v) => ({ withPart: KEYWORD_NAME[v] }),
  maxAtk: (v) => ({ withPart: `${v} or less ATK` }),
  minCost: (v, f) => (f.maxCost !== undefined ? {} : { post: `costing ${v} or more` }),
  maxCost: (v, f) => ({ post: f.minCost !== undefined ? `costing ${f.minCost} to ${v}` : `costing ${v} or less` }),
  name: (v) => ({ post: `named "${v}"` }),
};

/** A noun phrase for the cards a filter allows: "other non-leader characters costing 2 or less". */
function filterNoun(f: CardFilter | undefined, base: string, many: boolean): string {
  const pre: string[] = [];
  const withParts: string[] = [];
  const post: string[] = [];
  if (f)
    for (const key of Object.keys(FILTER_WORDS) as (keyof CardFilter)[]) {
      const v = f[key];
      if (v === undefined) continue;
      const w = (FILTER_WORDS[key] as (v: unknown, f: CardFilter) => FilterWords)(v, f);
      if (w.pre) pre.push(w.pre);
      if (w.withPart) withParts.push(w.withPart);
      if (w.post) post.push(w.post);
    }
  const typeWord = f?.types
    ? list(
        f.types.map((t) => TYPE_NOUN[t][many ? 1 : 0]),
        'or',
      )
    : null;
  let noun: string;
  if (f?.token)
    noun = `${
      f.types
        ? `${list(
            f.types.map((t) => TYPE_NOUN[t][0]),
            'or',
          )} `
        : ''
    }${many ? 'tokens' : 'token'}`;
  else noun = typeWord ?? (many ? `${base}s` : base);
  return [...pre, noun, ...(withParts.length ? [`with ${list(withParts, 'and')}`] : []), ...post].join(' ');
}

// ---------------------------------------------------------------------------------------------- conditions

const ZONE_WORDS: Record<Zone, { you: string; opponent: string; any: string }> = {
  stage: { you: 'on your stage', opponent: 'on their stage', any: 'on stage' },
  hand: { you: 'in your hand', opponent: 'in their hand', any: 'in hands' },
  graduation: { you: 'in your Graduation Zone', opponent: 'in their Graduation Zone', any: 'in Graduation Zones' },
  roster: { you: 'in your roster', opponent: 'in their roster', any: 'in rosters' },
  'star-pool': { you: 'in your Star Pool', opponent: 'in their Star Pool', any: 'in Star Pools' },
  hiatus: { you: 'on Hiatus', opponent: 'on Hiatus', any: 'on Hiatus' },
};

const COUNT_SUBJECT: Record<Side, string> = { you: 'you have', opponent: 'your opponent has', any: 'there are' };

/** A clause that can follow "if" / "as long as": "you have 10 or more cards in your Graduation Zone". */
function conditionText(c: Condition, self = 'this card'): string {
  switch (c.kind) {
    case 'sanity':
      return `${c.who === 'you' ? 'you have' : 'your opponent has'} ${rangeText(c.atLeast, c.atMost, 'less')} sanity`;
    case 'count':
      return `${COUNT_SUBJECT[c.side]} ${rangeText(c.atLeast, c.atMost, 'fewer')} ${filterNoun(c.filter, 'card', true)} ${ZONE_WORDS[c.zone][c.side]}`;
    case 'counters':
      return `${self} has ${c.atLeast} or more ${c.counter} counters on it`;
    case 'turn':
      return c.whose === 'yours' ? 'it is your turn' : "it is your opponent's turn";
    case 'turn-order':
      return `you went ${c.you}`;
    case 'all':
      return list(
        c.of.map((x) => conditionText(x, self)),
        'and',
      );
    case 'not':
      return `it is not true that ${conditionText(c.of, self)}`;
    default:
      return unreachable(c);
  }
}

/**
 * "if X, " / "during your turn, " before a clause (lower case: the sentence is capitalised later). Several
 * conditions on one clause read "if X and Y, ".
 */
function conditionPrefix(cs: readonly (Condition | undefined)[], lead: 'if' | 'as long as', self?: string): string {
  const all = cs.filter((c): c is Condition => c !== undefined);
  if (all.length === 0) return '';
  const [only] = all;
  if (all.length === 1 && only!.kind === 'turn') return only!.whose === 'yours' ? 'during your turn, ' : "during your opponent's turn, ";
  return `${lead} ${list(
    all.map((c) => conditionText(c, self)),
    'and',
  )}, `;
}

// ---------------------------------------------------------------------------------------------- selectors

interface Ctx {
  def: CardDef;
  targets: readonly TargetReq[];
  lookup: RulesTextLookup | undefined;
  /** Targets ('t0', 't1') and 'self' already named in this ability: later mentions say "that character" / "it". */
  mentioned: Set<string>;
}

function selfNoun(def: CardDef): string {
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
function selText(sel: CardSel, ctx: Ctx, base: 'character' | 'card'): string {
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
function effectsText(effects: readonly Effect[], ctx: Ctx, opts: { may?: boolean; condition?: Condition } = {}): string {
  const sentences = effects.map((e, i) => {
    if (i === 0) return effectSentence(e, ctx, opts.condition, opts.may);
    const s = effectSentence(e, ctx);
    return opts.may ? `if you do, ${s}` : s;
  });
  return sentences.map((s) => `${upperFirst(s)}.`).join(' ');
}

// ---------------------------------------------------------------------------------------------- abilities

function triggerLead(t: Trigger, def: CardDef): string {
  const whose = (w: 'yours' | 'opponents' | 'each', what: string): string =>
    w === 'yours' ? `${what} your turn` : w === 'opponents' ? `${what} your opponent's turn` : `${what} each turn`;
  switch (t.on) {
    case 'debut':
      return 'Debut';
    case 'start-of-turn':
      return whose(t.whose, 'At the start of');
    case 'end-of-turn':
      return whose(t.whose, 'At the end of');
    case 'attack':
      return `When ${selfNoun(def)} attacks`;
    case 'block':
      return `When ${selfNoun(def)} blocks`;
    case 'graduate':
      return `When ${selfNoun(def)} graduates`;
    case 'ally-graduated':
      return `Whenever another of your ${filterNoun(t.filter, 'character', true)} graduates`;
    case 'highlight-played':
      return t.whose === 'yours'
        ? 'Whenever you play a highlight'
        : t.whose === 'opponents'
          ? 'Whenever your opponent plays a highlight'
          : 'Whenever a manager plays a highlight';
    default:
      return unreachable(t);
  }
}

/** Cost parts in printed order ("Tilt, 2 stars"); a mapped type so a new Cost field needs wording here. */
const COST_WORDS: { [K in keyof Cost]-?: (v: NonNullable<Cost[K]>, self: string) => string | null } = {
  tilt: () => 'Tilt',
  stars: (v) => (v === 0 ? null : plural(v, 'star')),
  graduate: (v) => `Graduate ${article(filterNoun(v, 'character', false))} you control`,
  discard: (v) => (v === 1 ? 'Discard a card' : `Discard ${v} cards`),
  removeCounters: (v, self) => `Remove ${counterText(v.count, v.counter)} from ${self}`,
};

function costText(c: Cost, def: CardDef): string {
  const parts: string[] = [];
  for (const key of Object.keys(COST_WORDS) as (keyof Cost)[]) {
    const v = c[key];
    if (v === undefined) continue;
    const w = (COST_WORDS[key] as (v: unknown, self: string) => string | null)(v, selfNoun(def));
    if (w) parts.push(w);
  }
  return parts.length ? parts.join(', ') : 'No cost';
}

function groupSubject(sel: CardSel, ctx: Ctx): { subject: string; many: boolean } {
  switch (sel.ref) {
    case 'each': {
      const noun = filterNoun(sel.filter, 'character', true);
      return { subject: sel.side === 'you' ? `your ${noun}` : sel.side === 'opponent' ? `opposing ${noun}` : `all ${noun}`, many: true };
    }
    case 'self':
    case 'equipped':
    case 'target':
      return { subject: selText(sel, ctx, 'character'), many: false };
    default:
      return unreachable(sel);
  }
}

function staticText(e: StaticEffect, ctx: Ctx): string {
  switch (e.kind) {
    case 'stats': {
      const g = groupSubject(e.what, ctx);
      const per = e.perCounter ? ` for each ${e.perCounter} counter on ${e.what.ref === 'self' ? 'it' : selfNoun(ctx.def)}` : '';
      return `${g.subject} ${g.many ? 'get' : 'gets'} ${statsText(e.atk, e.hp)}${per}`;
    }
    case 'keyword': {
      const g = groupSubject(e.what, ctx);
      return `${g.subject} ${g.many ? 'have' : 'has'} ${keywordName(e.keyword, e.x)}`;
    }
    case 'extra-plays':
      return `you may play ${plural(e.amount, 'additional card')} each Main Phase`;
    default:
      return unreachable(e);
  }
}

function abilityText(a: Ability, def: CardDef, lookup: RulesTextLookup | undefined): string {
  const ctx: Ctx = { def, targets: 'targets' in a ? (a.targets ?? []) : [], lookup, mentioned: new Set() };
  switch (a.kind) {
    case 'play':
      return effectsText(a.effects, ctx);
    case 'triggered': {
      const lead = triggerLead(a.trigger, def);
      if (a.trigger.on === 'attack' || a.trigger.on === 'block' || a.trigger.on === 'graduate') ctx.mentioned.add('self');
      const body = effectsText(a.effects, ctx, { may: a.optional, condition: a.condition });
      // "Debut: Draw 1 card." but "At the start of your turn, gain 1 sanity."
      return a.trigger.on === 'debut' ? `${lead}: ${body}` : `${lead}, ${lowerFirst(body)}`;
    }
    case 'activated': {
      const limits: string[] = [];
      if (a.speed === 'main') limits.push('during your Main Step');
      if (a.oncePerTurn) limits.push('once per turn');
      if (a.condition) limits.push(`if ${conditionText(a.condition, selfNoun(def))}`);
      const restriction = limits.length ? ` Activate only ${list(limits, 'and')}.` : '';
      return `${costText(a.cost, def)}: ${effectsText(a.effects, ctx)}${restriction}`;
    }
    case 'static': {
      const body = staticText(a.effect, ctx);
      return `${upperFirst(conditionPrefix([a.condition], 'as long as', selfNoun(def)) + body)}.`;
    }
    case 'end-condition':
      return `You ${a.result} the match if ${conditionText(a.condition, selfNoun(def))}.`;
    default:
      return unreachable(a);
  }
}

/** The keyword line: "Ban, Moderator 2" in schema order. Null when the card has no keywords. */
function keywordLine(k: Keywords | undefined): string | null {
  if (!k) return null;
  const names = KEYWORDS.filter((key) => k[key] !== undefined).map((key) => keywordName(key, k.moderator));
  return names.length ? names.join(', ') : null;
}

/** The whole rules text of a card with no keywords and no abilities. */
export const NO_ABILITIES = 'No abilities.';

/** The languages rules text is written in. */
export type RulesLanguage = 'en' | 'ja';

/**
 * A card's rules text: the keyword line (if any), then one line per ability in printed order. `lookup` lets
 * commissioned tokens be named ("Commission a Devoted Viewer token ..."); without it the token's id is used.
 * A card with neither keywords nor abilities reads "No abilities.". `language` 'ja' gives the Japanese text
 * (rules-text-ja.ts), line for line the same structure.
 */
export function rulesText(def: CardDef, lookup?: RulesTextLookup, language: RulesLanguage = 'en'): string[] {
  return language === 'ja' ? rulesTextJa(def, lookup) : rulesTextEn(def, lookup);
}

function rulesTextEn(def: CardDef, lookup?: RulesTextLookup): string[] {
  const lines: string[] = [];
  const kw = keywordLine(def.keywords);
  if (kw) lines.push(kw);
  for (const a of def.abilities) lines.push(abilityText(a, def, lookup));
  // A vanilla card still says so, so every card has at least one line of rules text.
  return lines.length ? lines : [NO_ABILITIES];
}
