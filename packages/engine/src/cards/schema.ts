/**
 * Card definitions are data. These zod schemas are the single source of truth for what a card may say;
 * the engine interprets exactly what they allow. Target requirements live in the data so the engine and
 * the UI share one legality check (see effects/targets.ts).
 */
import { z } from 'zod';

export const CARD_TYPES = ['leader', 'character', 'highlight', 'event', 'asset'] as const;
export const CardType = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof CardType>;

export const RARITIES = ['C', 'U', 'R', 'SR', 'SSR'] as const;
export const Rarity = z.enum(RARITIES);
export type Rarity = z.infer<typeof Rarity>;

/**
 * A card's colour: a design attribute the rules never read. The web app tints the card's art and frame by it
 * (a theme per colour: red raids and hype, green moderation, pink drama...).
 */
export const CARD_COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export const CardColour = z.enum(CARD_COLOURS);
export type CardColour = z.infer<typeof CardColour>;

/** Japanese script (kana or kanji) and no Latin letter, half- or full-width: what a Japanese card name is. */
export const JAPANESE_NAME = /^(?=.*[\u3040-\u30ff\u3400-\u9fff])[^A-Za-z\uff21-\uff3a\uff41-\uff5a]+$/;

export const KEYWORDS = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'] as const;
export const Keyword = z.enum(KEYWORDS);
export type Keyword = z.infer<typeof Keyword>;

const count = z.number().int().min(1).max(30);
const amount = z.number().int().min(0).max(99);
const delta = z.number().int().min(-20).max(20);

/** Printed keywords. Moderator carries its X (how many attackers it may block). */
export const Keywords = z
  .object({
    ban: z.literal(true).optional(),
    callout: z.literal(true).optional(),
    clip: z.literal(true).optional(),
    clout: z.literal(true).optional(),
    raid: z.literal(true).optional(),
    moderator: z.number().int().min(1).max(9).optional(),
  })
  .strict();
export type Keywords = z.infer<typeof Keywords>;

export const Side = z.enum(['you', 'opponent', 'any']);
export type Side = z.infer<typeof Side>;

/** A filter over cards; every present field must hold. */
export const CardFilter = z
  .object({
    types: z.array(CardType).min(1).optional(),
    nonLeader: z.literal(true).optional(),
    tilted: z.boolean().optional(),
    keyword: Keyword.optional(),
    maxCost: amount.optional(),
    minCost: amount.optional(),
    maxAtk: amount.optional(),
    name: z.string().min(1).optional(),
    token: z.boolean().optional(),
    other: z.literal(true).optional(),
  })
  .strict();
export type CardFilter = z.infer<typeof CardFilter>;

export const Zone = z.enum(['stage', 'hand', 'graduation', 'roster', 'star-pool', 'hiatus']);
export type Zone = z.infer<typeof Zone>;

export const ManagerRef = z.enum(['you', 'opponent']);

export const Condition: z.ZodType<Condition> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sanity'), who: ManagerRef, atMost: amount.optional(), atLeast: amount.optional() }).strict(),
    z
      .object({
        kind: z.literal('count'),
        zone: Zone,
        side: Side,
        filter: CardFilter.optional(),
        atLeast: amount.optional(),
        atMost: amount.optional(),
      })
      .strict(),
    z.object({ kind: z.literal('counters'), counter: z.string().min(1), atLeast: count }).strict(),
    z.object({ kind: z.literal('turn'), whose: z.enum(['yours', 'opponents']) }).strict(),
    /** Who took the first turn of the match (a card may make up for going second). */
    z.object({ kind: z.literal('turn-order'), you: z.enum(['first', 'second']) }).strict(),
    z.object({ kind: z.literal('all'), of: z.array(Condition).min(1) }).strict(),
    z.object({ kind: z.literal('not'), of: Condition }).strict(),
  ]),
);
export type Condition =
  | { kind: 'sanity'; who: 'you' | 'opponent'; atMost?: number; atLeast?: number }
  | { kind: 'count'; zone: Zone; side: Side; filter?: CardFilter; atLeast?: number; atMost?: number }
  | { kind: 'counters'; counter: string; atLeast: number }
  | { kind: 'turn'; whose: 'yours' | 'opponents' }
  | { kind: 'turn-order'; you: 'first' | 'second' }
  | { kind: 'all'; of: Condition[] }
  | { kind: 'not'; of: Condition };

/** What a player must choose when an item goes on the stack (RUL-STACK-2). One entry, one target. */
export const TargetReq = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('character'), side: Side, filter: CardFilter.optional() }).strict(),
  z.object({ kind: z.literal('stage-card'), side: Side, filter: CardFilter.optional() }).strict(),
  z.object({ kind: z.literal('manager'), side: Side }).strict(),
  z.object({ kind: z.literal('stack-item'), side: Side, item: z.enum(['highlight', 'ability', 'any']) }).strict(),
  z.object({ kind: z.literal('graduated-card'), side: Side, filter: CardFilter.optional() }).strict(),
]);
export type TargetReq = z.infer<typeof TargetReq>;

/** Which cards an effect acts on. */
export const CardSel = z.discriminatedUnion('ref', [
  z.object({ ref: z.literal('target'), index: z.number().int().min(0).max(3) }).strict(),
  z.object({ ref: z.literal('self') }).strict(),
  z.object({ ref: z.literal('equipped') }).strict(),
  z.object({ ref: z.literal('each'), side: Side, filter: CardFilter.optional() }).strict(),
]);
export type CardSel = z.infer<typeof CardSel>;

/** Which manager an effect acts on. */
export const ManagerSel = z.discriminatedUnion('ref', [
  z.object({ ref: z.literal('you') }).strict(),
  z.object({ ref: z.literal('opponent') }).strict(),
  /** Both managers at once (you first): "each manager loses 3" can end in a draw (RUL-END-1). */
  z.object({ ref: z.literal('each') }).strict(),
  z.object({ ref: z.literal('target'), index: z.number().int().min(0).max(3) }).strict(),
]);
export type ManagerSel = z.infer<typeof ManagerSel>;

export const Duration = z.enum(['turn', 'permanent']);
export type Duration = z.infer<typeof Duration>;

const cond = { if: Condition.optional() };

/** The library of effect primitives. `custom` is the named escape hatch for what data cannot say. */
export const Effect = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('damage'), to: CardSel, amount: count, ...cond }).strict(),
  z.object({ kind: z.literal('lose-sanity'), who: ManagerSel, amount: count, ...cond }).strict(),
  z.object({ kind: z.literal('gain-sanity'), who: ManagerSel, amount: count, ...cond }).strict(),
  z.object({ kind: z.literal('draw'), who: ManagerSel, count, ...cond }).strict(),
  z.object({ kind: z.literal('send-from-roster'), who: ManagerSel, count, ...cond }).strict(),
  z.object({ kind: z.literal('graduate'), what: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('return-to-hand'), what: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('recover'), what: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('modify-stats'), what: CardSel, atk: delta.optional(), hp: delta.optional(), duration: Duration, ...cond }).strict(),
  z
    .object({
      kind: z.literal('grant-keyword'),
      what: CardSel,
      keyword: Keyword,
      x: z.number().int().min(1).max(9).optional(),
      duration: Duration,
      ...cond,
    })
    .strict(),
  z.object({ kind: z.literal('remove-keyword'), what: CardSel, keyword: Keyword, duration: Duration, ...cond }).strict(),
  z.object({ kind: z.literal('commission'), token: z.string().min(1), count: count.max(5), ...cond }).strict(),
  z.object({ kind: z.literal('add-counters'), what: CardSel, counter: z.string().min(1), count, ...cond }).strict(),
  z.object({ kind: z.literal('remove-counters'), what: CardSel, counter: z.string().min(1), count, ...cond }).strict(),
  z.object({ kind: z.literal('hiatus'), what: CardSel, until: z.enum(['permanent', 'owner-next-turn']), ...cond }).strict(),
  z.object({ kind: z.literal('equip'), to: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('search-roster'), filter: CardFilter.optional(), ...cond }).strict(),
  z.object({ kind: z.literal('look-at-top'), count: count.max(10), filter: CardFilter.optional(), ...cond }).strict(),
  z.object({ kind: z.literal('tilt'), what: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('untilt'), what: CardSel, ...cond }).strict(),
  z.object({ kind: z.literal('cancel'), what: z.object({ ref: z.literal('target'), index: z.number().int().min(0).max(3) }).strict(), ...cond }).strict(),
  z.object({ kind: z.literal('win-game'), who: ManagerSel, ...cond }).strict(),
  z.object({ kind: z.literal('lose-game'), who: ManagerSel, ...cond }).strict(),
  z.object({ kind: z.literal('custom'), handler: z.string().min(1), what: CardSel.optional(), ...cond }).strict(),
]);
export type Effect = z.infer<typeof Effect>;
export type EffectKind = Effect['kind'];

export const Trigger = z.discriminatedUnion('on', [
  z.object({ on: z.literal('debut') }).strict(),
  z.object({ on: z.literal('start-of-turn'), whose: z.enum(['yours', 'opponents', 'each']) }).strict(),
  z.object({ on: z.literal('end-of-turn'), whose: z.enum(['yours', 'opponents', 'each']) }).strict(),
  z.object({ on: z.literal('attack') }).strict(),
  z.object({ on: z.literal('block') }).strict(),
  z.object({ on: z.literal('graduate') }).strict(),
  z.object({ on: z.literal('ally-graduated'), filter: CardFilter.optional() }).strict(),
  z.object({ on: z.literal('highlight-played'), whose: z.enum(['yours', 'opponents', 'each']) }).strict(),
]);
export type Trigger = z.infer<typeof Trigger>;

export const Cost = z
  .object({
    stars: amount.optional(),
    tilt: z.literal(true).optional(),
    graduate: CardFilter.optional(),
    discard: z.number().int().min(1).max(2).optional(),
    removeCounters: z
      .object({ counter: z.string().min(1), count })
      .strict()
      .optional(),
  })
  .strict();
export type Cost = z.infer<typeof Cost>;

export const StaticEffect = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('stats'),
      what: CardSel,
      atk: delta.optional(),
      hp: delta.optional(),
      perCounter: z.string().min(1).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('keyword'), what: CardSel, keyword: Keyword, x: z.number().int().min(1).max(9).optional() }).strict(),
  z.object({ kind: z.literal('extra-plays'), amount: z.number().int().min(1).max(3) }).strict(),
]);
export type StaticEffect = z.infer<typeof StaticEffect>;

const targets = z.array(TargetReq).max(2).optional();

export const Ability = z.discriminatedUnion('kind', [
  /** What a highlight does when it resolves. */
  z.object({ kind: z.literal('play'), targets, effects: z.array(Effect).min(1) }).strict(),
  z
    .object({
      kind: z.literal('triggered'),
      trigger: Trigger,
      condition: Condition.optional(),
      optional: z.literal(true).optional(),
      targets,
      effects: z.array(Effect).min(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('activated'),
      cost: Cost,
      speed: z.enum(['any', 'main']).optional(),
      oncePerTurn: z.literal(true).optional(),
      condition: Condition.optional(),
      targets,
      effects: z.array(Effect).min(1),
    })
    .strict(),
  z.object({ kind: z.literal('static'), condition: Condition.optional(), effect: StaticEffect }).strict(),
  /** RUL-END-2: a card's own win or loss condition, checked whenever it could have become true. */
  z.object({ kind: z.literal('end-condition'), result: z.enum(['win', 'lose']), condition: Condition }).strict(),
]);
export type Ability = z.infer<typeof Ability>;

const stat = z.number().int().min(0).max(99);

export const CardDef = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9, -)'),
    /** The card's identity: copy limits count by it (RUL-DECK-2), and it is what English shows. */
    name: z.string().min(1).max(60),
    /**
     * The name Japanese shows (the English one on hover). Optional here so hand-made test cards need none; the
     * card set requires it (cards/load-card-files.ts), and an SSR repeats its SR card's.
     */
    nameJa: z.string().min(1).max(40).regex(JAPANESE_NAME, 'must be Japanese (kana or kanji, no Latin letters)').optional(),
    /** Art and frame tint (optional here; the card set gives every card one). */
    colour: CardColour.optional(),
    types: z.array(CardType).min(1),
    rarity: Rarity,
    token: z.literal(true).optional(),
    /** SSR cards name the SR card they are a variant of (RUL-DECK-3). */
    variantOf: z.string().optional(),
    cost: amount,
    stars: z.number().int().min(0).max(5),
    atk: stat.optional(),
    hp: z.number().int().min(1).max(99).optional(),
    keywords: Keywords.optional(),
    abilities: z.array(Ability).default([]),
    flavor: z.string().max(200).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const fighter = c.types.includes('character') || c.types.includes('leader');
    if (fighter && (c.atk === undefined || c.hp === undefined))
      ctx.addIssue({ code: 'custom', path: [c.atk === undefined ? 'atk' : 'hp'], message: 'characters and leaders need atk and hp' });
    if (!fighter && (c.atk !== undefined || c.hp !== undefined))
      ctx.addIssue({ code: 'custom', path: ['atk'], message: 'only characters and leaders have atk and hp (RUL-ZONE-4)' });
    if (!fighter && c.keywords) ctx.addIssue({ code: 'custom', path: ['keywords'], message: 'only characters and leaders have keywords' });
    if (c.rarity === 'SSR' && !c.variantOf)
      ctx.addIssue({ code: 'custom', path: ['variantOf'], message: 'an SSR card names the SR card it varies (RUL-DECK-3)' });
    if (c.rarity !== 'SSR' && c.variantOf) ctx.addIssue({ code: 'custom', path: ['variantOf'], message: 'only SSR cards are variants' });
    if (c.token && !(c.types.length === 1 && (c.types[0] === 'character' || c.types[0] === 'asset')))
      ctx.addIssue({ code: 'custom', path: ['types'], message: 'a token is a character or an asset' });
    if (c.types.includes('highlight') && !c.abilities.some((a) => a.kind === 'play'))
      ctx.addIssue({ code: 'custom', path: ['abilities'], message: 'a highlight needs a play ability' });
    c.abilities.forEach((a, i) => {
      if (!('effects' in a)) return;
      const n = a.targets?.length ?? 0;
      a.effects.forEach((e, j) => {
        for (const v of Object.values(e)) {
          if (v && typeof v === 'object' && 'ref' in v && v.ref === 'target' && (v as { index: number }).index >= n)
            ctx.addIssue({
              code: 'custom',
              path: ['abilities', i, 'effects', j],
              message: `refers to target ${(v as { index: number }).index} but the ability declares ${n}`,
            });
        }
      });
    });
  });
export type CardDef = z.infer<typeof CardDef>;

export const CardFile = z.object({ cards: z.array(CardDef).min(1) }).strict();
