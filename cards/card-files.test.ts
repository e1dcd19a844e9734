/** Broken card files fail loudly, naming the file, the card and the field. */
import { describe, it, expect } from 'vitest';
import { CardFileError } from '@vroyale/engine';
import { loadCardFiles, type CardFileSource } from './load-card-files.js';

const FILE = 'data/broken.json';
const grunt = {
  id: 'test-grunt',
  name: 'Test Grunt',
  nameJa: 'テストの兵',
  colour: 'red',
  types: ['character'],
  rarity: 'C',
  cost: 1,
  stars: 1,
  atk: 1,
  hp: 1,
};
const token = {
  id: 'test-fan',
  name: 'Test Fan',
  nameJa: 'テストのファン',
  colour: 'blue',
  types: ['character'],
  rarity: 'C',
  token: true,
  cost: 0,
  stars: 0,
  atk: 1,
  hp: 1,
};

function loadError(files: CardFileSource[]): CardFileError {
  try {
    loadCardFiles(files);
  } catch (e) {
    expect(e).toBeInstanceOf(CardFileError);
    return e as CardFileError;
  }
  throw new Error('expected a CardFileError');
}

function cardsError(cards: unknown[]): CardFileError {
  return loadError([{ file: FILE, json: { cards } }]);
}

/** The message and the structured fields must agree, so both the log and a UI can point at the problem. */
function expectNames(e: CardFileError, card: string | null, field: string, ...detail: string[]): void {
  expect(e.file).toBe(FILE);
  expect(e.card).toBe(card);
  expect(e.field).toBe(field);
  expect(e.message).toContain(FILE);
  if (card) expect(e.message).toContain(`'${card}'`);
  expect(e.message).toContain(field);
  for (const d of detail) expect(e.message).toContain(d);
}

const debut = (effect: object) => [{ kind: 'triggered', trigger: { on: 'debut' }, effects: [effect] }];

describe('broken card files', () => {
  it('a sound file loads (the fixtures below break one thing each)', () => {
    expect(Object.keys(loadCardFiles([{ file: FILE, json: { cards: [grunt, token] } }]).pool)).toEqual(['test-grunt', 'test-fan']);
  });

  it('a field of the wrong type', () => {
    expectNames(cardsError([{ ...grunt, id: 'bad-cost', cost: 'two' }]), 'bad-cost', 'cost', 'expected number');
  });

  it('an unknown printed keyword', () => {
    expectNames(cardsError([{ ...grunt, id: 'bad-keyword', keywords: { sparkle: true } }]), 'bad-keyword', 'keywords', 'sparkle');
  });

  it('an unknown keyword granted by an effect', () => {
    const e = cardsError([
      { ...grunt, id: 'bad-grant', abilities: debut({ kind: 'grant-keyword', what: { ref: 'self' }, keyword: 'sparkle', duration: 'turn' }) },
    ]);
    expectNames(e, 'bad-grant', 'abilities[0].effects[0].keyword', 'raid');
  });

  it('a character without atk', () => {
    const { atk: _atk, ...noAtk } = grunt;
    expectNames(cardsError([{ ...noAtk, id: 'no-atk' }]), 'no-atk', 'atk', 'need atk and hp');
  });

  it('an asset with atk (RUL-ZONE-4)', () => {
    expectNames(cardsError([{ id: 'armed-chair', name: 'Armed Chair', types: ['asset'], rarity: 'C', cost: 1, stars: 1, atk: 2 }]), 'armed-chair', 'atk');
  });

  it('an unknown effect kind', () => {
    expectNames(cardsError([{ ...grunt, id: 'bad-effect', abilities: debut({ kind: 'explode' }) }]), 'bad-effect', 'abilities[0].effects[0].kind', 'damage');
  });

  it('an unknown custom handler', () => {
    const e = cardsError([{ ...grunt, id: 'bad-handler', abilities: debut({ kind: 'custom', handler: 'make-it-rain' }) }]);
    expectNames(e, 'bad-handler', 'abilities[0].effects[0].handler', 'make-it-rain');
  });

  it('a commission of an undefined token', () => {
    const e = cardsError([{ ...grunt, id: 'bad-commission', abilities: debut({ kind: 'commission', token: 'ghost-fan', count: 1 }) }]);
    expectNames(e, 'bad-commission', 'abilities[0].effects[0].token', 'ghost-fan');
  });

  it('a commission of a card that is not a token', () => {
    const e = cardsError([grunt, { ...grunt, id: 'bad-commission', name: 'Other', abilities: debut({ kind: 'commission', token: 'test-grunt', count: 1 }) }]);
    expectNames(e, 'bad-commission', 'abilities[0].effects[0].token', 'test-grunt');
  });

  it('a commissioned token defined in another file is fine', () => {
    const summoner = { ...grunt, id: 'summoner', abilities: debut({ kind: 'commission', token: 'test-fan', count: 1 }) };
    expect(() =>
      loadCardFiles([
        { file: FILE, json: { cards: [summoner] } },
        { file: 'data/tokens.json', json: { cards: [token] } },
      ]),
    ).not.toThrow();
  });

  it('RUL-DECK-3: an SSR without a matching SR', () => {
    expectNames(cardsError([{ ...grunt, id: 'lonely-ssr', rarity: 'SSR', variantOf: 'nobody' }]), 'lonely-ssr', 'variantOf', 'SR');
  });

  it('RUL-DECK-3: an SSR whose SR has another name', () => {
    const sr = { ...grunt, id: 'star', name: 'Star', rarity: 'SR', stars: 2 };
    expectNames(cardsError([sr, { ...sr, id: 'star-ssr', name: 'Not Star', rarity: 'SSR', variantOf: 'star' }]), 'star-ssr', 'variantOf');
  });

  it("an SSR whose Japanese name is not its SR card's", () => {
    const sr = { ...grunt, id: 'star', name: 'Star', nameJa: 'スター', rarity: 'SR', stars: 2 };
    expectNames(cardsError([sr, { ...sr, id: 'star-ssr', nameJa: '別のスター', rarity: 'SSR', variantOf: 'star' }]), 'star-ssr', 'nameJa', 'star');
  });

  it('RUL-DECK-3: an SSR without variantOf', () => {
    expectNames(cardsError([{ ...grunt, id: 'anon-ssr', rarity: 'SSR' }]), 'anon-ssr', 'variantOf');
  });

  it('a target index the ability does not declare', () => {
    const e = cardsError([{ ...grunt, id: 'no-target', abilities: debut({ kind: 'damage', to: { ref: 'target', index: 0 }, amount: 1 }) }]);
    expectNames(e, 'no-target', 'abilities[0].effects[0]', 'target 0');
  });

  it('a card without a Japanese name, or a colour', () => {
    const { nameJa: _ja, ...noJa } = grunt;
    expectNames(cardsError([noJa]), 'test-grunt', 'nameJa', 'Japanese name');
    const { colour: _colour, ...noColour } = grunt;
    expectNames(cardsError([noColour]), 'test-grunt', 'colour', 'colour');
    expectNames(cardsError([{ ...grunt, colour: 'beige' }]), 'test-grunt', 'colour', 'red');
  });

  it('a Japanese name that is empty or not Japanese', () => {
    expectNames(cardsError([{ ...grunt, nameJa: '' }]), 'test-grunt', 'nameJa');
    expectNames(cardsError([{ ...grunt, nameJa: 'Test Grunt' }]), 'test-grunt', 'nameJa', 'Japanese');
    expectNames(cardsError([{ ...grunt, nameJa: 'テスト Grunt' }]), 'test-grunt', 'nameJa', 'Japanese');
    expectNames(cardsError([{ ...grunt, nameJa: 'テストＧ' }]), 'test-grunt', 'nameJa', 'Japanese');
    expect(() => loadCardFiles([{ file: FILE, json: { cards: [{ ...grunt, nameJa: 'トレンド1位！' }] } }])).not.toThrow();
  });

  it('one Japanese name for two names, or two for one (copy limits count by name)', () => {
    expectNames(cardsError([grunt, { ...grunt, id: 'other', name: 'Other Grunt' }]), 'other', 'nameJa', 'Test Grunt');
    expectNames(cardsError([grunt, { ...grunt, id: 'twin', nameJa: '別の兵' }]), 'twin', 'nameJa', 'テストの兵');
  });

  it('the same id twice', () => {
    expectNames(cardsError([grunt, grunt]), 'test-grunt', 'id', 'duplicate');
  });

  it('invalid JSON text', () => {
    const e = loadError([{ file: FILE, text: '{ "cards": [ { "id": "half-written", } ] }' }]);
    expectNames(e, null, '(json)', 'JSON');
  });

  it('a file without a cards list', () => {
    expectNames(loadError([{ file: FILE, json: [grunt] }]), null, '(root)');
  });
});
