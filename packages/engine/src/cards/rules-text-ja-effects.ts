/**
 * Japanese rules text, part 2 of 3: who and what an effect acts on, and each effect as a whole clause
 * (glossary: rules-text-ja-words.ts). A clause keeps its final verb apart, so "you may" can conjugate it
 * ("引く" → "引いてもよい") instead of bolting a phrase onto the English order.
 */
import type { CardDef, CardSel, Effect, ManagerSel, TargetReq } from './schema.js';
import type { RulesTextLookup } from './rules-text-lookup.js';
import { counterJa, filterJa, keywordJa, KEYWORD_JA, SIDE_JA, statsJa, TYPE_JA, unitJa, unreachable } from './rules-text-ja-words.js';

/** The verbs effects end in: plain form and te-form. */
const VERBS = {
  与える: '与えて',
  失う: '失って',
  得る: '得て',
  引く: '引いて',
  送る: '送って',
  させる: 'させて',
  戻す: '戻して',
  受ける: '受けて',
  置く: '置いて',
  取り除く: '取り除いて',
  する: 'して',
  加える: '加えて',
  打ち消す: '打ち消して',
  入れ替える: '入れ替えて',
} as const;
export type Verb = keyof typeof VERBS;

/** A clause: everything before the final verb, and the verb. */
export interface Clause {
  head: string;
  verb: Verb;
}

export function plainJa(c: Clause): string {
  return c.head + c.verb;
}

export function mayJa(c: Clause): string {
  return `${c.head}${VERBS[c.verb]}もよい`;
}

export interface CtxJa {
  def: CardDef;
  targets: readonly TargetReq[];
  lookup: RulesTextLookup | undefined;
  /** Targets ('t0', 't1') already named in this ability: later mentions say "そのキャラクター". */
  mentioned: Set<string>;
}

export function selfJa(def: CardDef): string {
  if (def.types.includes('character') || def.types.includes('leader')) return 'このキャラクター';
  if (def.types.length === 1) return `この${TYPE_JA[def.types[0]!]}`;
  return 'このカード';
}

const ITEM_JA = { highlight: 'ハイライト', ability: '能力', any: 'ハイライトか能力' } as const;

/** What a second mention of a target calls it: "そのキャラクター". */
function thatJa(t: TargetReq | undefined): string {
  if (!t) return 'その対象';
  switch (t.kind) {
    case 'character':
      return 'そのキャラクター';
    case 'stage-card':
    case 'graduated-card':
      return 'そのカード';
    case 'manager':
      return t.side === 'you' ? '自分' : t.side === 'opponent' ? '相手' : 'そのマネージャー';
    case 'stack-item':
      return `その${ITEM_JA[t.item]}`;
    default:
      return unreachable(t);
  }
}

/** A target requirement as a noun phrase: "対象の相手のリーダー以外のキャラクター1体". */
function targetJa(t: TargetReq | undefined): string {
  if (!t) return '対象';
  switch (t.kind) {
    case 'character':
      return `対象の${SIDE_JA[t.side]}${filterJa(t.filter, 'キャラクター')}1${unitJa(t.filter, 'キャラクター', true)}`;
    case 'stage-card': {
      const where = t.side === 'any' ? 'ステージの' : SIDE_JA[t.side];
      return `対象の${where}${filterJa(t.filter, 'カード')}1${unitJa(t.filter, 'カード', true)}`;
    }
    case 'manager':
      return t.side === 'opponent' ? '対象の相手' : t.side === 'you' ? '自分' : '対象のマネージャー1人';
    case 'stack-item':
      return `対象の${SIDE_JA[t.side]}${ITEM_JA[t.item]}1つ`;
    case 'graduated-card':
      return `対象の${t.side === 'any' ? '' : SIDE_JA[t.side]}卒業ゾーンの${filterJa(t.filter, 'カード')}1枚`;
    default:
      return unreachable(t);
  }
}

function targetRef(index: number, ctx: CtxJa): string {
  const key = `t${index}`;
  if (ctx.mentioned.has(key)) return thatJa(ctx.targets[index]);
  ctx.mentioned.add(key);
  return targetJa(ctx.targets[index]);
}

/** Which cards an effect acts on, as a noun phrase: "相手のキャラクターすべて". */
export function selJa(sel: CardSel, ctx: CtxJa, base: 'カード' | 'キャラクター'): string {
  switch (sel.ref) {
    case 'target':
      return targetRef(sel.index, ctx);
    case 'self':
      return selfJa(ctx.def);
    case 'equipped':
      return '装備しているキャラクター';
    case 'each':
      return `${SIDE_JA[sel.side]}${filterJa(sel.filter, base)}すべて`;
    default:
      return unreachable(sel);
  }
}

/** A manager as the topic of a clause ("相手は", nothing for oneself) and as an owner ("相手の"). */
interface WhoJa {
  topic: string;
  own: string;
}

function whoJa(sel: ManagerSel, ctx: CtxJa): WhoJa {
  switch (sel.ref) {
    case 'you':
      return { topic: '', own: '自分の' };
    case 'opponent':
      return { topic: '相手は', own: '相手の' };
    case 'each':
      return { topic: 'お互いに', own: 'お互いの' };
    case 'target': {
      const t = targetRef(sel.index, ctx);
      return t === '自分' ? { topic: '', own: '自分の' } : { topic: `${t}は`, own: `${t}の` };
    }
    default:
      return unreachable(sel);
  }
}

/** Wording of the named custom handlers (engine effects/custom-handlers.ts). */
const CUSTOM_JA: Record<string, (what: string) => Clause> = {
  'swap-atk-hp': (what) => ({ head: `ターン終了時まで、${what}の攻撃力と体力を`, verb: '入れ替える' }),
  'double-counters': (what) => ({ head: `${what}に置かれているカウンターの数を、種類ごとにそれぞれ2倍に`, verb: 'する' }),
};

/** "「熱心なリスナー」トークン（攻撃力1、体力1のキャラクター）を2体": the token by its Japanese name. */
function tokenJa(id: string, count: number, lookup: RulesTextLookup | undefined): string {
  const d = lookup?.(id);
  const name = `「${d?.nameJa ?? d?.name ?? id}」トークン`;
  if (!d) return `${name}を${count}つ`;
  if (d.types.includes('character')) return `${name}（攻撃力${d.atk ?? 0}、体力${d.hp ?? 0}のキャラクター）を${count}体`;
  return `${name}（アセット）を${count}つ`;
}

/** The top cards of a roster: "自分のロスターの上から2枚". */
function topJa(own: string, n: number): string {
  return `${own}ロスターの上から${n}枚`;
}

/** One effect as a clause without its final punctuation. */
export function effectJa(e: Effect, ctx: CtxJa): Clause {
  const turn = (d: 'turn' | 'permanent'): string => (d === 'turn' ? 'ターン終了時まで、' : '');
  switch (e.kind) {
    case 'damage':
      return { head: `${selJa(e.to, ctx, 'キャラクター')}に${e.amount}ダメージを`, verb: '与える' };
    case 'lose-sanity':
      return { head: `${whoJa(e.who, ctx).topic}正気度を${e.amount}点`, verb: '失う' };
    case 'gain-sanity':
      return { head: `${whoJa(e.who, ctx).topic}正気度を${e.amount}点`, verb: '得る' };
    case 'draw':
      return { head: `${whoJa(e.who, ctx).topic}カードを${e.count}枚`, verb: '引く' };
    case 'send-from-roster': {
      const w = whoJa(e.who, ctx);
      return { head: `${topJa(w.own, e.count)}を${e.who.ref === 'each' ? 'それぞれの' : ''}卒業ゾーンに`, verb: '送る' };
    }
    case 'graduate':
      return { head: `${selJa(e.what, ctx, 'カード')}を卒業`, verb: 'させる' };
    case 'return-to-hand':
    case 'recover':
      return { head: `${selJa(e.what, ctx, 'カード')}を持ち主の手札に`, verb: '戻す' };
    case 'modify-stats':
      return { head: `${turn(e.duration)}${selJa(e.what, ctx, 'キャラクター')}は${statsJa(e.atk, e.hp)}の修整を`, verb: '受ける' };
    case 'grant-keyword':
      return { head: `${turn(e.duration)}${selJa(e.what, ctx, 'キャラクター')}は${keywordJa(e.keyword, e.x)}を`, verb: '得る' };
    case 'remove-keyword':
      return { head: `${turn(e.duration)}${selJa(e.what, ctx, 'キャラクター')}は${KEYWORD_JA[e.keyword]}を`, verb: '失う' };
    case 'commission':
      return { head: `${tokenJa(e.token, e.count, ctx.lookup)}生成`, verb: 'する' };
    case 'add-counters':
      return { head: `${selJa(e.what, ctx, 'カード')}に${counterJa(e.counter)}を${e.count}個`, verb: '置く' };
    case 'remove-counters':
      return { head: `${selJa(e.what, ctx, 'カード')}から${counterJa(e.counter)}を${e.count}個`, verb: '取り除く' };
    case 'hiatus':
      return { head: `${selJa(e.what, ctx, 'カード')}を${e.until === 'owner-next-turn' ? '、持ち主の次のターンまで' : ''}活動休止に`, verb: 'する' };
    case 'equip':
      return { head: `${selfJa(ctx.def)}を${selJa(e.to, ctx, 'キャラクター')}に装備`, verb: 'する' };
    case 'search-roster':
      return { head: `自分のロスターから${filterJa(e.filter, 'カード')}を1枚選んで手札に加え、ロスターをシャッフル`, verb: 'する' };
    case 'look-at-top':
      return {
        head: `${topJa('自分の', e.count)}を見て、その中から${filterJa(e.filter, 'カード')}1枚を手札に加えてもよい。残りをロスターの下に`,
        verb: '置く',
      };
    case 'tilt':
      return { head: `${selJa(e.what, ctx, 'カード')}をティルト`, verb: 'する' };
    case 'untilt':
      return { head: `${selJa(e.what, ctx, 'カード')}をアンティルト`, verb: 'する' };
    case 'cancel':
      return { head: `${selJa(e.what, ctx, 'カード')}を`, verb: '打ち消す' };
    case 'win-game':
      return { head: `${whoJa(e.who, ctx).topic || '自分は'}対戦に勝利`, verb: 'する' };
    case 'lose-game':
      return { head: `${whoJa(e.who, ctx).topic || '自分は'}対戦に敗北`, verb: 'する' };
    case 'custom': {
      const what = e.what ? selJa(e.what, ctx, 'カード') : selfJa(ctx.def);
      const text = Object.prototype.hasOwnProperty.call(CUSTOM_JA, e.handler) ? CUSTOM_JA[e.handler]! : null;
      return text ? text(what) : { head: `${what}に「${e.handler}」の効果を適用`, verb: 'する' };
    }
    default:
      return unreachable(e);
  }
}
