/** Japanese rules text: every card of the set is fully Japanese, exact wording of some, and every schema variant renders. */
import { describe, it, expect } from 'vitest';
import { cardPool, getCard } from '@vroyale/cards';
import { CardDef, CardFilter, Cost, CUSTOM_HANDLERS, NO_ABILITIES_JA, rulesText, rulesTextJa, Zone, type CardDef as Def } from '@vroyale/engine';
import {
  ABILITY_SAMPLES,
  COST_SAMPLES,
  CONDITION_SAMPLES,
  FILTER_SAMPLES,
  DRAW,
  EFFECT_SAMPLES,
  STATIC_SAMPLES,
  T0,
  TARGET_SAMPLES,
  TRIGGER_SAMPLES,
} from '../../../engine/src/cards/schema-samples.js';

const all = Object.values(cardPool);
const ja = (id: string): string[] => rulesText(cardPool[id]!, getCard, 'ja');

/**
 * Card names are Japanese too (`nameJa`): nothing Latin may be left, card names included. Only the samples
 * of every schema variant below (hand-made cards named like set cards, and the name filter, which holds the
 * English identity) may keep an English card name, taken out first.
 */
const names = [...new Set(all.map((c) => c.name))].sort((a, b) => b.length - a.length);
function withoutNames(line: string): string {
  let rest = line;
  for (const n of names) rest = rest.split(n).join('');
  return rest;
}
function latin(line: string): string | null {
  return /[A-Za-z]/.test(line) ? line : null;
}
function untranslated(line: string): string | null {
  return latin(withoutNames(line).replace(/[0-9]/g, ''));
}
const japaneseNames = new Set(all.map((c) => c.nameJa!));

function assertJapanese(lines: string[], label: string): void {
  expect(lines.length, label).toBeGreaterThan(0);
  for (const l of lines) {
    expect(l.trim().length, label).toBeGreaterThan(0);
    expect(untranslated(l), `${label}: ${l}`).toBeNull();
    expect(withoutNames(l), label).not.toMatch(/\s|undefined|NaN|null/);
  }
}

describe('Japanese rules text of the card set', () => {
  it('every card has Japanese text with no Latin letter (card names included), line for line the English', () => {
    const bad: string[] = [];
    for (const c of all) {
      const lines = rulesText(c, getCard, 'ja');
      if (lines.length === 0 || lines.length !== rulesText(c, getCard).length) bad.push(`${c.id}: ${lines.length} lines`);
      for (const l of lines) if (!l.trim() || latin(l) !== null) bad.push(`${c.id}: ${l}`);
      // A quoted card is named by its Japanese name.
      for (const l of lines) for (const m of l.matchAll(/「([^」]+)」/g)) if (!japaneseNames.has(m[1]!)) bad.push(`${c.id}: 「${m[1]}」`);
    }
    expect(bad).toEqual([]);
  });

  it('the check catches English: a line with an untranslated word fails it', () => {
    expect(untranslated('対象の相手のキャラクター1体に3ダメージを与える。')).toBeNull();
    expect(latin('「熱心なリスナー」トークンを1体生成する。')).toBeNull();
    expect(latin('「Devoted Viewer」トークンを1体生成する。')).not.toBeNull();
    expect(untranslated('対象の相手のキャラクター1体に3 damageを与える。')).not.toBeNull();
    expect(untranslated('ターン終了時まで、攻撃力+1 until end of turn')).not.toBeNull();
  });

  it('an SSR reads exactly like its SR card', () => {
    for (const c of all.filter((x) => x.rarity === 'SSR')) expect(ja(c.id), c.id).toEqual(ja(c.variantOf!));
  });

  it('exact text: keywords only', () => {
    expect(ja('ban-hammer-mod')).toEqual(['バン、モデレーター1']);
    expect(ja('karaoke-marathoner')).toEqual(['コールアウト、クラウト']);
    expect(ja('fresh-debut-rookie')).toEqual([NO_ABILITIES_JA]);
  });

  it('exact text: triggered abilities', () => {
    expect(ja('midnight-diva')).toEqual(['クラウト', 'このキャラクターがデビューした時、対象の相手のキャラクター1体に3ダメージを与える。']);
    expect(ja('fan-artist')).toEqual(['自分の他のリーダー以外のキャラクターが卒業するたび、カードを1枚引いてもよい。']);
    expect(ja('marigold-mochi')).toEqual([
      '自分のターンの開始時、自分のステージのキャラクタートークンが3体以下なら、「熱心なリスナー」トークン（攻撃力1、体力1のキャラクター）を1体生成する。',
      '自分のキャラクタートークンすべては体力+1の修整を受ける。',
    ]);
  });

  it('exact text: static effects and win conditions', () => {
    expect(ja('captain-pixelhook')).toEqual(['レイド', '自分のコスト2以下のリーダー以外のキャラクターすべてはレイドを持つ。']);
    expect(ja('ergonomic-gaming-chair')[1]).toBe('相手のターン中、装備しているキャラクターは体力+2の修整を受ける。');
    expect(ja('farewell-tour')).toEqual([
      '自分のターンの開始時、自分のロスターの上から1枚を卒業ゾーンに送る。',
      '自分の卒業ゾーンのカードが15枚以上なら、自分は対戦に勝利する。',
    ]);
    expect(ja('trending-number-one')).toEqual(['自分の正気度が15以上で、相手の正気度が5以下なら、自分は対戦に勝利する。']);
  });

  it('exact text: targeted highlights (a second mention is "そのキャラクター")', () => {
    expect(ja('raid-party')).toEqual([
      'ターン終了時まで、対象の自分のキャラクター1体はレイドを得る。ターン終了時まで、そのキャラクターは攻撃力+1の修整を受ける。',
    ]);
    expect(ja('copyright-strike')).toEqual(['対象の相手のハイライトか能力1つを打ち消す。']);
    expect(ja('mandatory-vacation')).toEqual(['対象のリーダー以外のキャラクター1体を、持ち主の次のターンまで活動休止にする。']);
  });

  it('exact text: costs and activation limits', () => {
    expect(ja('stage-manager')).toEqual(['自分のキャラクタートークン1体を卒業させる：ターン終了時まで、対象の自分のキャラクター1体は攻撃力+2の修整を受ける。']);
    expect(ja('merch-warehouse')).toEqual(['ティルト、スター1：「限定アクスタ」トークン（アセット）を1つ生成する。自分のメインステップ中にのみ起動できる。']);
    expect(ja('fan-club-meetup')[0]).toBe(
      'スター2：「熱心なリスナー」トークン（攻撃力1、体力1のキャラクター）を1体生成する。自分のメインステップ中に、1ターンに1回のみ起動できる。',
    );
    expect(ja('all-nighter')[2]).toBe('手札を1枚捨てる：このイベントから疲労カウンターを1個取り除く。1ターンに1回のみ起動できる。');
  });

  it('rulesText keeps English as its default and gives the Japanese generator for ja', () => {
    const diva = cardPool['midnight-diva']!;
    expect(rulesText(diva, getCard)).toEqual(rulesText(diva, getCard, 'en'));
    expect(rulesText(diva, getCard)[1]).toBe('Debut: Deal 3 damage to target opposing character.');
    expect(rulesText(diva, getCard, 'ja')).toEqual(rulesTextJa(diva, getCard));
  });
});

// ---------------------------------------------------------------------------------------------- every variant

function card(partial: Record<string, unknown>): Def {
  const base = { id: 'test-card', name: 'Chat Regular', types: ['character'], rarity: 'C', cost: 1, stars: 1, atk: 1, hp: 1 };
  return CardDef.parse({ ...base, ...partial });
}
const fighter = (abilities: unknown[]): Def => card({ abilities });
const highlight = (effects: unknown[], targets?: unknown[]): Def =>
  card({ types: ['highlight'], atk: undefined, hp: undefined, abilities: [{ kind: 'play', ...(targets ? { targets } : {}), effects }] });
describe('rulesTextJa: every schema variant renders in Japanese', () => {
  const lookup = (id: string): Def | undefined => getCard(id);

  it('every effect and every target requirement', () => {
    for (const [kind, e] of Object.entries(EFFECT_SAMPLES)) {
      const targets =
        kind === 'cancel' ? [TARGET_SAMPLES['stack-item'][0]] : kind === 'lose-game' ? [TARGET_SAMPLES.manager[0]] : [{ kind: 'character', side: 'opponent' }];
      const lines = rulesTextJa(highlight([e], targets), lookup);
      assertJapanese(lines, kind);
      expect(lines[0], kind).toMatch(/。$/);
    }
    for (const t of Object.values(TARGET_SAMPLES).flat()) {
      const lines = rulesTextJa(
        highlight(
          [
            { kind: 'tilt', what: T0 },
            { kind: 'untilt', what: T0 },
          ],
          [t],
        ),
      );
      assertJapanese(lines, JSON.stringify(t));
      expect(lines[0]).toMatch(/対象|自分/);
    }
  });

  it('every trigger, condition, static effect and ability kind', () => {
    for (const trigger of Object.values(TRIGGER_SAMPLES))
      assertJapanese(rulesTextJa(fighter([{ kind: 'triggered', trigger, effects: [DRAW] }])), JSON.stringify(trigger));
    for (const condition of Object.values(CONDITION_SAMPLES)) {
      const lines = rulesTextJa(fighter([{ kind: 'end-condition', result: 'win', condition }]));
      assertJapanese(lines, JSON.stringify(condition));
      expect(lines[0]).toMatch(/なら、自分は対戦に勝利する。$/);
    }
    for (const effect of Object.values(STATIC_SAMPLES)) assertJapanese(rulesTextJa(fighter([{ kind: 'static', effect }])), JSON.stringify(effect));
    for (const a of Object.values(ABILITY_SAMPLES))
      assertJapanese(rulesTextJa(a === ABILITY_SAMPLES.play ? highlight([DRAW]) : fighter([a])), JSON.stringify(a));
    expect(rulesTextJa(fighter([ABILITY_SAMPLES.triggered]))).toEqual([
      'このキャラクターがデビューした時、カードを1枚引いてもよい。そうしたなら、このキャラクターをアンティルトする。',
    ]);
    expect(rulesTextJa(fighter([ABILITY_SAMPLES.activated]))).toEqual(['ティルト：カードを1枚引く。自分のターン中に、1ターンに1回のみ起動できる。']);
    const limited = { kind: 'activated', cost: { discard: 2 }, condition: { kind: 'sanity', who: 'you', atLeast: 3 }, effects: [DRAW] };
    expect(rulesTextJa(fighter([limited]))).toEqual(['手札を2枚捨てる：カードを1枚引く。自分の正気度が3以上の場合にのみ起動できる。']);
    const empty = { kind: 'end-condition', result: 'win', condition: { kind: 'count', zone: 'hand', side: 'opponent', atMost: 0 } };
    expect(rulesTextJa(fighter([empty]))).toEqual(['相手の手札のカードが0枚なら、自分は対戦に勝利する。']);
  });

  it('every cost field, filter field and zone has wording', () => {
    const costs = COST_SAMPLES;
    expect(Object.keys(costs).sort()).toEqual(Object.keys(Cost.shape).sort());
    for (const [k, v] of Object.entries(costs)) {
      const [line] = rulesTextJa(fighter([{ kind: 'activated', cost: { [k]: v }, effects: [DRAW] }]));
      assertJapanese([line!], k);
      expect(line).not.toMatch(/^コストなし/);
    }
    const filters = FILTER_SAMPLES;
    expect(Object.keys(filters).sort()).toEqual(Object.keys(CardFilter.shape).sort());
    for (const [k, v] of Object.entries(filters)) {
      const [line] = rulesTextJa(highlight([{ kind: 'graduate', what: T0 }], [{ kind: 'stage-card', side: 'any', filter: { [k]: v } }]));
      assertJapanese([line!], k);
      expect(line, k).not.toBe('対象のステージのカード1枚を卒業させる。');
    }
    for (const zone of Zone.options)
      for (const side of ['you', 'opponent', 'any'] as const) {
        const [line] = rulesTextJa(fighter([{ kind: 'end-condition', result: 'lose', condition: { kind: 'count', zone, side, atLeast: 4 } }]));
        assertJapanese([line!], `${zone} ${side}`);
        expect(line).toMatch(/カードが(合計)?4枚以上なら、自分は対戦に敗北する。$/);
      }
  });

  it('every custom handler has its own wording', () => {
    for (const handler of Object.keys(CUSTOM_HANDLERS)) {
      const lines = rulesTextJa(highlight([{ kind: 'custom', handler, what: T0 }], [{ kind: 'stage-card', side: 'you' }]));
      assertJapanese(lines, handler);
      expect(lines[0], handler).not.toContain('効果を適用');
    }
  });
});
