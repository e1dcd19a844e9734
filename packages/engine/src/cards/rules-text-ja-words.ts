/**
 * Japanese rules text, part 1 of 3: the glossary, the word tables, card filters and conditions.
 * (Part 2, rules-text-ja-effects.ts: who and what an effect acts on, and the effects. Part 3,
 * rules-text-ja.ts: triggers, costs, static abilities, whole lines.)
 *
 * Glossary (English term → Japanese, in the style of official Japanese TCG text: 自分 / 相手, 「…た時、」,
 * 「…たび、」, 「ターン終了時まで、」). A card the text names is quoted 「」 by its Japanese name (`nameJa`,
 * the English one for a hand-made card without it). A name filter quotes the English name it holds: the
 * filter stores the card's identity and no card of the set uses one. Digits stay half-width.
 *
 *   Ban バン · Callout コールアウト · Clip クリップ · Clout クラウト · Moderator X モデレーターX · Raid レイド
 *   (keywords are written bare, as official Japanese text writes 飛行; the keyword line joins them with 、)
 *   you / your 自分 / 自分の · opponent 相手 · each manager お互い · manager マネージャー · owner 持ち主
 *   leader リーダー · character キャラクター · highlight ハイライト · event イベント · asset アセット
 *   token トークン (character token キャラクタートークン) · card カード (counted 枚; characters on stage 体)
 *   stage ステージ · Main Step メインステップ · Main Phase メインフェイズ · hand 手札 · roster ロスター
 *   Graduation Zone 卒業ゾーン · Star Pool スタープール · Hiatus 活動休止 · stack スタック
 *   star (cost) スター · ATK 攻撃力 · HP 体力 · sanity 正気度 (points: 点) · damage ダメージ
 *   counter カウンター (counted 個; names: hype ハイプ, memory メモリー, cheer 応援, fatigue 疲労, sub サブスク)
 *   debut デビューする · graduate 卒業する / 卒業させる · attack 攻撃する · block ブロックする
 *   tilt / untilt ティルトする / アンティルトする (cost: ティルト) · draw 引く · discard 捨てる
 *   commission (a token) 生成する · equip 装備する · cancel 打ち消す · play (a highlight) プレイする
 *   target 対象の… (second mention その…) · each …すべて · until end of turn ターン終了時まで
 *   gets +1 ATK 攻撃力+1の修整を受ける · win / lose the match 対戦に勝利する / 敗北する
 *   you may … …てもよい · if you do そうしたなら · if X Xなら · during your turn 自分のターン中
 *   Whenever …たび · When / At …時 · Activate only … …のみ起動できる · No abilities 能力なし
 */
import type { CardFilter, CardType, Condition, Keyword, Side, Zone } from './schema.js';

export function unreachable(x: never): never {
  throw new Error(`rules text (ja): unhandled variant ${JSON.stringify(x)}`);
}

export const KEYWORD_JA: Record<Keyword, string> = {
  ban: 'バン',
  callout: 'コールアウト',
  clip: 'クリップ',
  clout: 'クラウト',
  moderator: 'モデレーター',
  raid: 'レイド',
};

export function keywordJa(k: Keyword, x?: number): string {
  return k === 'moderator' ? `${KEYWORD_JA[k]}${x ?? 1}` : KEYWORD_JA[k];
}

export const TYPE_JA: Record<CardType, string> = {
  leader: 'リーダー',
  character: 'キャラクター',
  highlight: 'ハイライト',
  event: 'イベント',
  asset: 'アセット',
};

/** Counter names are free text in the data; the ones the card set uses have Japanese names. */
const COUNTER_JA: Record<string, string> = {
  hype: 'ハイプ',
  memory: 'メモリー',
  cheer: '応援',
  fatigue: '疲労',
  sub: 'サブスク',
};

/** "ハイプ"; a counter without a Japanese name keeps its own in 「」. (The web app's log and badges use it too.) */
export function counterNameJa(counter: string): string {
  return Object.prototype.hasOwnProperty.call(COUNTER_JA, counter) ? COUNTER_JA[counter]! : `「${counter}」`;
}

/** "ハイプカウンター". */
export function counterJa(counter: string): string {
  return `${counterNameJa(counter)}カウンター`;
}

/** Whose: "自分の", "相手の", or nothing for either side. */
export const SIDE_JA: Record<Side, string> = { you: '自分の', opponent: '相手の', any: '' };

export function signed(n: number): string {
  return n < 0 ? `${n}` : `+${n}`;
}

/** "攻撃力+1、体力+1". */
export function statsJa(atk: number | undefined, hp: number | undefined): string {
  const parts: string[] = [];
  if (atk !== undefined && atk !== 0) parts.push(`攻撃力${signed(atk)}`);
  if (hp !== undefined && hp !== 0) parts.push(`体力${signed(hp)}`);
  return parts.length ? parts.join('、') : '攻撃力+0';
}

/** "3枚以上", "5以下", "1枚以上4枚以下", "ちょうど2枚", "0枚" (unit: 枚, 体, 個 or nothing). */
export function rangeJa(atLeast: number | undefined, atMost: number | undefined, unit: string): string {
  if (atLeast !== undefined && atMost !== undefined) return atLeast === atMost ? `ちょうど${atLeast}${unit}` : `${atLeast}${unit}以上${atMost}${unit}以下`;
  if (atLeast !== undefined) return `${atLeast}${unit}以上`;
  if (atMost === 0) return `0${unit}`;
  return `${atMost ?? 0}${unit}${atMost === undefined ? '以上' : '以下'}`;
}

// ---------------------------------------------------------------------------------------------- filters

/**
 * Modifiers that go before the noun, one entry per CardFilter field (null: the field changes the noun
 * itself, or another field already says it). A mapped type, so a new filter field needs wording here.
 */
const FILTER_JA: { [K in keyof CardFilter]-?: (v: NonNullable<CardFilter[K]>, f: CardFilter) => string | null } = {
  keyword: (v) => `${KEYWORD_JA[v]}を持つ`,
  name: (v) => `「${v}」という名前の`,
  minCost: (v, f) => (f.maxCost !== undefined ? null : `コスト${v}以上の`),
  maxCost: (v, f) => (f.minCost !== undefined ? `コスト${f.minCost}以上${v}以下の` : `コスト${v}以下の`),
  maxAtk: (v) => `攻撃力${v}以下の`,
  tilted: (v) => (v ? 'ティルトしている' : 'ティルトしていない'),
  other: () => '他の',
  nonLeader: () => 'リーダー以外の',
  token: (v) => (v ? null : 'トークン以外の'),
  types: () => null,
};

/** A noun phrase for the cards a filter allows: "コスト2以下のリーダー以外のキャラクター". */
export function filterJa(f: CardFilter | undefined, base: 'カード' | 'キャラクター'): string {
  const mods: string[] = [];
  if (f)
    for (const key of Object.keys(FILTER_JA) as (keyof CardFilter)[]) {
      const v = f[key];
      if (v === undefined) continue;
      const w = (FILTER_JA[key] as (v: unknown, f: CardFilter) => string | null)(v, f);
      if (w) mods.push(w);
    }
  const typeWord = f?.types ? f.types.map((t) => TYPE_JA[t]).join('か') : null;
  const noun = f?.token ? `${typeWord ?? ''}トークン` : (typeWord ?? base);
  return mods.join('') + noun;
}

/** How cards are counted: characters standing on stage by 体, any other card by 枚. */
export function unitJa(f: CardFilter | undefined, base: 'カード' | 'キャラクター', onStage: boolean): '体' | '枚' {
  if (!onStage) return '枚';
  const types = f?.types;
  const fighters = types ? types.every((t) => t === 'character' || t === 'leader') : base === 'キャラクター';
  return fighters ? '体' : '枚';
}

// ---------------------------------------------------------------------------------------------- conditions

/** Where counted cards are, as a modifier before the noun: "自分の卒業ゾーンの". */
const ZONE_JA: Record<Zone, Record<Side, string>> = {
  stage: { you: '自分のステージの', opponent: '相手のステージの', any: 'ステージの' },
  hand: { you: '自分の手札の', opponent: '相手の手札の', any: 'お互いの手札の' },
  graduation: { you: '自分の卒業ゾーンの', opponent: '相手の卒業ゾーンの', any: 'お互いの卒業ゾーンの' },
  roster: { you: '自分のロスターの', opponent: '相手のロスターの', any: 'お互いのロスターの' },
  'star-pool': { you: '自分のスタープールの', opponent: '相手のスタープールの', any: 'お互いのスタープールの' },
  hiatus: { you: '活動休止中の自分の', opponent: '活動休止中の相手の', any: '活動休止中の' },
};

/**
 * A condition as a predicate ending in a noun ("自分の正気度が5以下"), `neg` when it is negated. The noun
 * ending takes every connective the text needs: …なら, …の場合, …で (and), …ではない.
 */
export interface Pred {
  p: string;
  neg: boolean;
}

export function conditionJa(c: Condition, self: string): Pred {
  switch (c.kind) {
    case 'sanity':
      return { p: `${c.who === 'you' ? '自分' : '相手'}の正気度が${rangeJa(c.atLeast, c.atMost, '')}`, neg: false };
    case 'count': {
      const base = 'カード';
      const total = c.side === 'any' && c.zone !== 'stage' && c.zone !== 'hiatus' ? '合計' : '';
      const unit = unitJa(c.filter, base, c.zone === 'stage');
      return { p: `${ZONE_JA[c.zone][c.side]}${filterJa(c.filter, base)}が${total}${rangeJa(c.atLeast, c.atMost, unit)}`, neg: false };
    }
    case 'counters':
      return { p: `${self}に置かれている${counterJa(c.counter)}が${c.atLeast}個以上`, neg: false };
    case 'turn':
      return { p: c.whose === 'yours' ? '自分のターン' : '相手のターン', neg: false };
    case 'turn-order':
      return { p: `自分が${c.you === 'first' ? '先攻' : '後攻'}`, neg: false };
    case 'all':
      return {
        p: c.of
          .map((x, i) => {
            const q = conditionJa(x, self);
            return i === c.of.length - 1 ? q.p : `${q.p}${q.neg ? 'ではなく' : 'で'}、`;
          })
          .join(''),
        neg: conditionJa(c.of[c.of.length - 1]!, self).neg,
      };
    case 'not': {
      const inner = conditionJa(c.of, self);
      // A negated conjunction is quoted, so the negation covers all of it.
      if (c.of.kind === 'all') return { p: `『${finite(inner)}』という状態`, neg: true };
      return { p: inner.p, neg: !inner.neg };
    }
    default:
      return unreachable(c);
  }
}

/** The predicate as a finished clause: "自分の正気度が5以下" / "…ではない". */
export function finite(q: Pred): string {
  return q.neg ? `${q.p}ではない` : q.p;
}

/** "Xなら、" before a clause; a lone turn condition reads "自分のターン中、" (static) or "自分のターン中なら、". */
export function conditionPrefixJa(cs: readonly (Condition | undefined)[], self: string, mode: 'if' | 'static'): string {
  const all = cs.filter((c): c is Condition => c !== undefined);
  if (all.length === 0) return '';
  const [only] = all;
  if (all.length === 1 && only!.kind === 'turn') return `${conditionJa(only!, self).p}中${mode === 'if' ? 'なら' : ''}、`;
  const q = conditionJa(all.length === 1 ? only! : { kind: 'all', of: all }, self);
  return `${finite(q)}なら、`;
}
