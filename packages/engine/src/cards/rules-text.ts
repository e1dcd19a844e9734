/**
 * Rules text generated from card data. A card's printed text is never stored: it is always derived from the
 * definition, so the data the engine plays and the text a player reads cannot drift apart.
 * English in three parts: rules-text-words.ts (words, filters, conditions), rules-text-effects.ts (selectors,
 * effects) and this file (triggers, costs, statics, abilities, the lines of a card). Japanese: rules-text-ja*.ts.
 */
import type { Ability, CardDef, CardSel, Cost, Keywords, StaticEffect, Trigger } from './schema.js';
import { KEYWORDS } from './schema.js';
import { rulesTextJa } from './rules-text-ja.js';
import type { RulesTextLookup } from './rules-text-lookup.js';
import { type Ctx, effectsText, selText, selfNoun } from './rules-text-effects.js';
import {
  article,
  conditionPrefix,
  conditionText,
  counterText,
  filterNoun,
  keywordName,
  list,
  lowerFirst,
  plural,
  statsText,
  unreachable,
  upperFirst,
} from './rules-text-words.js';

export type { RulesTextLookup } from './rules-text-lookup.js';

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
