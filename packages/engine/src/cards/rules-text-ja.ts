/**
 * Japanese rules text, part 3 of 3: triggers, costs, static abilities and whole lines. The Japanese twin of
 * rules-text.ts, with the same exhaustive structure: every switch covers its schema union
 * (`unreachable(x: never)`) and the per-field tables are mapped types over the schema's keys, so a new
 * variant or field fails type checking here too. Sentences are built whole in Japanese order, never from
 * English fragments. The glossary of the chosen terms is at the top of rules-text-ja-words.ts.
 */
import type { Ability, CardDef, CardSel, Condition, Cost, Effect, Keywords, StaticEffect, Trigger } from './schema.js';
import { KEYWORDS } from './schema.js';
import type { RulesTextLookup } from './rules-text-lookup.js';
import { conditionJa, conditionPrefixJa, counterJa, filterJa, finite, keywordJa, statsJa, unreachable } from './rules-text-ja-words.js';
import { effectJa, mayJa, plainJa, selfJa, selJa, type CtxJa } from './rules-text-ja-effects.js';

/** One effect as a sentence body, after its own condition and any condition the ability puts in front of it. */
function effectSentence(e: Effect, ctx: CtxJa, before?: Condition, may = false): string {
  const clause = effectJa(e, ctx);
  return `${conditionPrefixJa([before, e.if], selfJa(ctx.def), 'if')}${may ? mayJa(clause) : plainJa(clause)}`;
}

/** Effects as sentences: "you may" conjugates the first ("…てもよい。"), the rest follow "そうしたなら、". */
function effectsJa(effects: readonly Effect[], ctx: CtxJa, opts: { may?: boolean; condition?: Condition } = {}): string {
  return effects
    .map((e, i) => {
      if (i === 0) return effectSentence(e, ctx, opts.condition, opts.may);
      const s = effectSentence(e, ctx);
      return opts.may ? `そうしたなら、${s}` : s;
    })
    .map((s) => `${s}。`)
    .join('');
}

// ---------------------------------------------------------------------------------------------- abilities

/** The trigger as the clause a triggered ability starts with, comma included. */
function triggerJa(t: Trigger, def: CardDef): string {
  const whose = (w: 'yours' | 'opponents' | 'each', when: '開始時' | '終了時'): string =>
    `${w === 'yours' ? '自分のターン' : w === 'opponents' ? '相手のターン' : '各ターン'}の${when}、`;
  const self = selfJa(def);
  switch (t.on) {
    case 'debut':
      return `${self}がデビューした時、`;
    case 'start-of-turn':
      return whose(t.whose, '開始時');
    case 'end-of-turn':
      return whose(t.whose, '終了時');
    case 'attack':
      return `${self}が攻撃した時、`;
    case 'block':
      return `${self}がブロックした時、`;
    case 'graduate':
      return `${self}が卒業した時、`;
    case 'ally-graduated':
      return `自分の他の${filterJa(t.filter, 'キャラクター')}が卒業するたび、`;
    case 'highlight-played':
      return `${t.whose === 'yours' ? '自分' : t.whose === 'opponents' ? '相手' : 'いずれかのマネージャー'}がハイライトをプレイするたび、`;
    default:
      return unreachable(t);
  }
}

/** Cost parts in printed order ("ティルト、スター2"); a mapped type so a new Cost field needs wording here. */
const COST_JA: { [K in keyof Cost]-?: (v: NonNullable<Cost[K]>, self: string) => string | null } = {
  tilt: () => 'ティルト',
  stars: (v) => (v === 0 ? null : `スター${v}`),
  graduate: (v) => `自分の${filterJa(v, 'キャラクター')}1体を卒業させる`,
  discard: (v) => `手札を${v}枚捨てる`,
  removeCounters: (v, self) => `${self}から${counterJa(v.counter)}を${v.count}個取り除く`,
};

function costJa(c: Cost, def: CardDef): string {
  const parts: string[] = [];
  for (const key of Object.keys(COST_JA) as (keyof Cost)[]) {
    const v = c[key];
    if (v === undefined) continue;
    const w = (COST_JA[key] as (v: unknown, self: string) => string | null)(v, selfJa(def));
    if (w) parts.push(w);
  }
  return parts.length ? parts.join('、') : 'コストなし';
}

/** The cards a static ability changes, as the topic of its sentence: "自分のキャラクタートークンすべて". */
function groupJa(sel: CardSel, ctx: CtxJa): string {
  return selJa(sel, ctx, 'キャラクター');
}

function staticJa(e: StaticEffect, ctx: CtxJa): string {
  switch (e.kind) {
    case 'stats': {
      const on = e.what.ref === 'self' ? '自身' : selfJa(ctx.def);
      const per = e.perCounter ? `${on}に置かれている${counterJa(e.perCounter)}1個につき` : '';
      return `${groupJa(e.what, ctx)}は${per}${statsJa(e.atk, e.hp)}の修整を受ける`;
    }
    case 'keyword':
      return `${groupJa(e.what, ctx)}は${keywordJa(e.keyword, e.x)}を持つ`;
    case 'extra-plays':
      return `各メインフェイズに、自分はカードを追加で${e.amount}枚プレイできる`;
    default:
      return unreachable(e);
  }
}

/** "Activate only …": when (Main Step, a condition) and how often, then "のみ起動できる。". */
function activationLimitJa(a: Extract<Ability, { kind: 'activated' }>, def: CardDef): string {
  const parts: string[] = [];
  if (a.speed === 'main') parts.push('自分のメインステップ中に');
  if (a.condition) {
    const q = conditionJa(a.condition, selfJa(def));
    parts.push(a.condition.kind === 'turn' ? `${q.p}中に` : `${q.p}${q.neg ? 'ではない' : 'の'}場合に`);
  }
  if (a.oncePerTurn) parts.push('1ターンに1回');
  return parts.length ? `${parts.join('、')}のみ起動できる。` : '';
}

function abilityJa(a: Ability, def: CardDef, lookup: RulesTextLookup | undefined): string {
  const ctx: CtxJa = { def, targets: 'targets' in a ? (a.targets ?? []) : [], lookup, mentioned: new Set() };
  switch (a.kind) {
    case 'play':
      return effectsJa(a.effects, ctx);
    case 'triggered':
      return triggerJa(a.trigger, def) + effectsJa(a.effects, ctx, { may: a.optional, condition: a.condition });
    case 'activated':
      return `${costJa(a.cost, def)}：${effectsJa(a.effects, ctx)}${activationLimitJa(a, def)}`;
    case 'static':
      return `${conditionPrefixJa([a.condition], selfJa(def), 'static')}${staticJa(a.effect, ctx)}。`;
    case 'end-condition':
      return `${finite(conditionJa(a.condition, selfJa(def)))}なら、自分は対戦に${a.result === 'win' ? '勝利' : '敗北'}する。`;
    default:
      return unreachable(a);
  }
}

/** The keyword line: "バン、モデレーター2" in schema order. Null when the card has no keywords. */
function keywordLineJa(k: Keywords | undefined): string | null {
  if (!k) return null;
  const names = KEYWORDS.filter((key) => k[key] !== undefined).map((key) => keywordJa(key, k.moderator));
  return names.length ? names.join('、') : null;
}

/** The whole Japanese rules text of a card with no keywords and no abilities. */
export const NO_ABILITIES_JA = '能力なし。';

/**
 * A card's Japanese rules text, line for line what `rulesText` gives in English: the keyword line (if any),
 * then one line per ability in printed order; "能力なし。" for a card with neither.
 */
export function rulesTextJa(def: CardDef, lookup?: RulesTextLookup): string[] {
  const lines: string[] = [];
  const kw = keywordLineJa(def.keywords);
  if (kw) lines.push(kw);
  for (const a of def.abilities) lines.push(abilityJa(a, def, lookup));
  return lines.length ? lines : [NO_ABILITIES_JA];
}
