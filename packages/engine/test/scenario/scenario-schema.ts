/**
 * The scenario file format (docs/scenarios.md). One JSON file = one rules situation: a starting point
 * (a validated roster, a createGame setup, or a hand-built position), a list of actions, and the facts
 * expected at the end. Every object is strict so a misspelt field is an error, not a silently ignored
 * expectation.
 */
import { z } from 'zod';
import { REJECT_CODES } from '../../src/index.js';

const managerId = z.enum(['A', 'B']);
const phase = z.enum([
  'mulligan',
  'turn-order',
  'start',
  'resource',
  'main',
  'combat-attack',
  'combat-attack-window',
  'combat-block',
  'combat-block-window',
  'resolution',
  'end',
  'game-over',
]);
const nonNeg = z.number().int().min(0);

/**
 * A card reference inside actions and expectations (see refs.ts): an alias ("g1"), a zone slot
 * ("A.hand[0]", "A.roster[0]" = top, "A.main[-1]" = last), the first card of a def in a zone
 * ("A.hand:test-grunt"), "A.backstage", the newest stack item of a card ("stack:zap1"), a manager
 * ("A"/"B", for manager targets) or a literal id ("#c9", to test unknown ids).
 */
export const Ref = z.string().min(1);

const alias = z
  .string()
  .regex(/^[a-z][a-z0-9_-]*$/i, 'an alias is a letter then letters, digits, _ or -')
  .refine((a) => a !== 'A' && a !== 'B', 'A and B name the managers, not cards');

const modifier = z
  .object({
    atk: z.number().int().optional(),
    hp: z.number().int().optional(),
    keyword: z.enum(['ban', 'callout', 'clip', 'clout', 'moderator', 'raid']).optional(),
    x: z.number().int().optional(),
    remove: z.literal(true).optional(),
    until: z.enum(['turn', 'permanent']),
  })
  .strict();

/** One card in a position: a def id, or the def with its state. Stage-only fields are checked by the builder. */
export const CardEntry = z.union([
  z.string().min(1),
  z
    .object({
      def: z.string().min(1),
      as: alias.optional(),
      tilted: z.boolean().optional(),
      damage: nonNeg.optional(),
      /** true: the card entered the stage this turn (Debut Burnout, RUL-TURN-6). Default: an earlier turn. */
      burnout: z.boolean().optional(),
      counters: z.record(z.string(), z.number().int().min(1)).optional(),
      /** An equipped asset: the alias of its character. */
      attachedTo: alias.optional(),
      mods: z.array(modifier).optional(),
      /** Used activated abilities this turn (indexes), for once-per-turn abilities. */
      used: z.array(nonNeg).optional(),
      returnsFromHiatus: z.boolean().optional(),
    })
    .strict(),
]);
export type CardEntry = z.infer<typeof CardEntry>;

const zoneList = z.array(CardEntry).default([]);

export const PositionManager = z
  .object({
    sanity: z.number().int().default(20),
    deckOuts: nonNeg.default(0),
    availableStars: nonNeg.default(0),
    mulligan: z.enum(['pending', 'kept', 'redrawn']).default('kept'),
    /** Written TOP FIRST: roster[0] is the next card drawn. (The engine stores it the other way round.) */
    roster: zoneList,
    hand: zoneList,
    backstage: CardEntry.nullable().default(null),
    centre: zoneList,
    main: zoneList,
    starPool: zoneList,
    graduation: zoneList,
    hiatus: zoneList,
  })
  .strict();

/** A stack item, bottom first. A highlight brings its card (created on the stack); others name a source. */
const StackEntry = z
  .object({
    controller: managerId,
    kind: z.enum(['highlight', 'ability', 'trigger']),
    /** highlight: a card entry (created in the stack zone). ability/trigger: a ref to the source card. */
    card: CardEntry,
    /** Ability index; defaults to the highlight's play ability. Required for ability and trigger items. */
    ability: nonNeg.optional(),
    targets: z.array(Ref).default([]),
  })
  .strict();

export const Position = z
  .object({
    seed: z.string().default('scenario'),
    turn: z.number().int().min(1).default(2),
    phase: phase.default('main'),
    active: managerId.default('A'),
    /**
     * Defaults to the active manager in resource, main, the combat response windows and an open start or
     * resolution window (`windowOpen`); null elsewhere.
     */
    priority: managerId.nullable().optional(),
    /**
     * start and resolution only (RUL-STACK-5): the phase's own window has opened (after the draw; after
     * graduations and their effects). Default: true when someone has priority with an empty stack, the only
     * way priority is held there outside the window; false otherwise (a trigger on the stack comes first).
     */
    windowOpen: z.boolean().optional(),
    first: managerId.default('A'),
    passes: z.number().int().min(0).max(1).default(0),
    /** Cards played this Main Phase by the active manager (RUL-TURN-4), star card included. */
    played: nonNeg.default(0),
    starPlaced: z.boolean().default(false),
    A: PositionManager.default(PositionManager.parse({})),
    B: PositionManager.default(PositionManager.parse({})),
    stack: z.array(StackEntry).default([]),
    combat: z
      .object({
        attackers: z.array(Ref).default([]),
        blocks: z.array(z.object({ blocker: Ref, attacker: Ref }).strict()).default([]),
        /** Defaults to every attacker that has a block (set when blocks are confirmed). */
        blocked: z.array(Ref).optional(),
      })
      .strict()
      .optional(),
    pending: z
      .object({ kind: z.enum(['discard', 'choose-order']), manager: managerId })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type Position = z.output<typeof Position>;

export const Setup = z
  .object({
    seed: z.string(),
    rosters: z
      .object({
        A: z.object({ centre: z.string(), cards: z.array(z.string()) }).strict(),
        B: z.object({ centre: z.string(), cards: z.array(z.string()) }).strict(),
      })
      .strict(),
    /** Skip roster construction checks (small test rosters), as createGame's own option. */
    unchecked: z.boolean().optional(),
  })
  .strict();

/** A list of card refs or def ids: exact order, any order, or "contains at least". */
const ZoneExpect = z.union([
  z.array(z.string()),
  z.object({ cards: z.array(z.string()), anyOrder: z.literal(true) }).strict(),
  z.object({ contains: z.array(z.string()) }).strict(),
]);
export type ZoneExpect = z.infer<typeof ZoneExpect>;

const ManagerExpect = z
  .object({
    sanity: z.number().int().optional(),
    deckOuts: nonNeg.optional(),
    availableStars: nonNeg.optional(),
    mulligan: z.enum(['pending', 'kept', 'redrawn']).optional(),
    handCount: nonNeg.optional(),
    rosterCount: nonNeg.optional(),
    graduationCount: nonNeg.optional(),
    starPoolCount: nonNeg.optional(),
    /** Top first, like the position. */
    roster: ZoneExpect.optional(),
    hand: ZoneExpect.optional(),
    backstage: z.string().nullable().optional(),
    centre: ZoneExpect.optional(),
    main: ZoneExpect.optional(),
    starPool: ZoneExpect.optional(),
    graduation: ZoneExpect.optional(),
    hiatus: ZoneExpect.optional(),
  })
  .strict();

const CardExpect = z
  .object({
    /** Engine zone name, or "gone" for a token that left the game. */
    zone: z.enum(['roster', 'hand', 'backstage', 'centre', 'main', 'star-pool', 'graduation', 'hiatus', 'stack', 'gone']).optional(),
    owner: managerId.optional(),
    def: z.string().optional(),
    tilted: z.boolean().optional(),
    damage: nonNeg.optional(),
    /** Exactly these counters (an empty object: none). */
    counters: z.record(z.string(), z.number().int()).optional(),
    /** Computed by the engine's statsOf. */
    atk: z.number().int().optional(),
    hp: z.number().int().optional(),
    /** Exactly these keywords (computed), any order. */
    keywords: z.array(z.string()).optional(),
    /** Entered the stage this turn. */
    burnout: z.boolean().optional(),
    attachedTo: z.string().nullable().optional(),
  })
  .strict();

export const Expect = z
  .object({
    phase: phase.optional(),
    turn: z.number().int().optional(),
    active: managerId.optional(),
    priority: managerId.nullable().optional(),
    first: managerId.nullable().optional(),
    coinWinner: managerId.nullable().optional(),
    winner: z.enum(['A', 'B', 'draw']).nullable().optional(),
    endReason: z.enum(['sanity', 'deck-out', 'card', 'concede', 'double-ko']).nullable().optional(),
    /** The definition id of the card that ended the match (GameState.endCard), or null when none did. */
    endCard: z.string().nullable().optional(),
    /** null, a kind ("discard"), or kind and manager. */
    pending: z
      .union([
        z.null(),
        z.enum(['choose-order', 'discard', 'choice']),
        z.object({ kind: z.enum(['choose-order', 'discard', 'choice']), manager: managerId }).strict(),
      ])
      .optional(),
    stackSize: nonNeg.optional(),
    /** The start or resolution window has opened (RUL-STACK-5). */
    windowOpen: z.boolean().optional(),
    played: nonNeg.optional(),
    starPlaced: z.boolean().optional(),
    attackers: z.array(z.string()).optional(),
    A: ManagerExpect.optional(),
    B: ManagerExpect.optional(),
    cards: z.record(z.string(), CardExpect).optional(),
  })
  .strict();
export type Expect = z.infer<typeof Expect>;

const outcome = z.union([z.literal('ok'), z.object({ reject: z.enum(REJECT_CODES) }).strict()]);

/** Events of this one step that must appear, in this order (others may come between): partial matches. */
const eventsExpect = z.array(z.record(z.string(), z.unknown())).optional();

/** What one viewer is shown of the step (projectEvents): events that must appear, and events that must not. */
const viewExpect = z
  .object({ includes: z.array(z.record(z.string(), z.unknown())).optional(), excludes: z.array(z.record(z.string(), z.unknown())).optional() })
  .strict();

const ActionStep = z
  .object({
    manager: managerId,
    /** An engine action without `manager`; card fields hold refs. */
    action: z.looseObject({ type: z.string() }),
    expect: outcome.default('ok'),
    events: eventsExpect,
    /** Hidden information (RUL-ZONE-6, RUL-SETUP-2): the step's events as projected for A, B or a spectator. */
    seenBy: z.object({ A: viewExpect.optional(), B: viewExpect.optional(), spectator: viewExpect.optional() }).strict().optional(),
    expectAfter: Expect.optional(),
    note: z.string().optional(),
  })
  .strict();

/**
 * Do nothing until a point: whoever has priority passes, no attackers / no blockers are declared.
 * Fails on a pending decision, game over or 200 steps without reaching it.
 */
const PassStep = z
  .object({
    passUntil: z.union([phase, z.object({ phase, turn: z.number().int().optional(), active: managerId.optional() }).strict()]),
    expectAfter: Expect.optional(),
    note: z.string().optional(),
  })
  .strict();

export const Step = z.union([ActionStep, PassStep]);
export type Step = z.infer<typeof Step>;
export type ActionStep = z.infer<typeof ActionStep>;
export type PassStep = z.infer<typeof PassStep>;

const ruleId = z.string().min(1);

export const Scenario = z
  .object({
    $schema: z.string().optional(),
    name: z.string().regex(/^(RUL-[A-Z]+-\d+|[A-Z0-9][^:]{2,80}):\s\S/, 'name starts with the RUL id or rules clause it tests, then ": "'),
    rules: z.array(ruleId).min(1),
    description: z.string().min(1),
    cards: z.array(z.unknown()).default([]),
    useCardSet: z.boolean().default(false),
    roster: z
      .object({ centre: z.string(), cards: z.array(z.string()) })
      .strict()
      .optional(),
    /** Rule ids of the problems validateRoster must report (as a set; [] = legal). */
    expectProblems: z.array(ruleId).optional(),
    setup: Setup.optional(),
    position: Position.optional(),
    actions: z.array(Step).default([]),
    expect: Expect.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const starts = [s.roster, s.setup, s.position].filter((x) => x !== undefined).length;
    if (starts !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of roster, setup or position' });
    if (s.roster && s.expectProblems === undefined)
      ctx.addIssue({ code: 'custom', path: ['expectProblems'], message: 'a roster scenario needs expectProblems' });
    if (!s.roster && s.expectProblems !== undefined)
      ctx.addIssue({ code: 'custom', path: ['expectProblems'], message: 'expectProblems belongs to roster scenarios' });
    if (s.roster && (s.actions.length || s.expect)) ctx.addIssue({ code: 'custom', path: ['actions'], message: 'a roster scenario has no actions or expect' });
    if (!s.roster && !s.expect && !s.actions.some((a) => a.expectAfter || ('expect' in a && a.expect !== 'ok')))
      ctx.addIssue({ code: 'custom', path: ['expect'], message: 'a scenario must expect something' });
  });
export type Scenario = z.output<typeof Scenario>;
