/**
 * The map from every rules clause and ruling to the code that enforces it. Tests are found automatically
 * (scenario `rules` and names, unit test names) by the tags listed here; docs/rules.md is generated from
 * this file by `npm run rules:doc`, and a test keeps the two in step.
 */
export interface Clause {
  id: string;
  text: string;
  /** Files under packages/engine/src that enforce it. For RUL ids each must cite the id. */
  code: string[];
  /** Strings that mark a test as proving it (a scenario's `rules` entry or a substring of a test name). */
  tags?: string[];
}

export interface Section {
  title: string;
  clauses: Clause[];
}

const r = (id: string, text: string, code: string[], tags: string[] = []): Clause => ({ id, text, code, tags: [id, ...tags] });
const t = (id: string, text: string, code: string[], tags: string[]): Clause => ({ id, text, code, tags });

export const SECTIONS: Section[] = [
  {
    title: 'Roster construction',
    clauses: [
      r('RUL-DECK-1', 'A roster is exactly 30 cards, the Centre included, with at least one Leader.', ['deck/validate-roster.ts']),
      r('RUL-DECK-2', 'Copy limits per name (C 3, U 2, R 2, SR 1) and totals (R 10, SR non-leader 1, SR leader 2).', ['deck/validate-roster.ts']),
      r('RUL-DECK-3', 'An SSR is a variant of an SR card: same name and text, counts as that card for every limit.', [
        'deck/validate-roster.ts',
        'cards/card-files.ts',
        'cards/schema.ts',
      ]),
      r('RUL-DECK-4', 'Tokens can never be put in a roster.', ['deck/validate-roster.ts']),
      t(
        'TEXT-RARITIES',
        'Rarities C, U, R, SR, SSR and the rarity table (text: Deck Construction).',
        ['cards/schema.ts', 'deck/validate-roster.ts'],
        ['RUL-DECK-2', 'RUL-DECK-3'],
      ),
    ],
  },
  {
    title: 'Setup (text: 0. Main Setup)',
    clauses: [
      r('RUL-SETUP-1', 'Each manager declares a Leader as Centre; it waits in Backstage; the 29 others are shuffled.', [
        'setup/create-game.ts',
        'deck/validate-roster.ts',
      ]),
      r('RUL-SETUP-2', "Draw 5; one mulligan each, chosen without seeing the other's choice.", [
        'setup/mulligan.ts',
        'setup/create-game.ts',
        'view/projection.ts',
        'view/project-events.ts',
      ]),
      r('RUL-SETUP-3', 'A fair coin flip by the server; the winner chooses to go first or second.', ['setup/mulligan.ts']),
      r('RUL-SETUP-4', 'Starting sanity 20, no upper limit.', ['setup/create-game.ts', 'end/sanity.ts']),
    ],
  },
  {
    title: 'The turn (text: Play procedure)',
    clauses: [
      r(
        'RUL-TURN-1',
        'Starting Phase: clear damage, start-of-turn effects, untilt, draw 1 (the first manager draws too).',
        ['turn/flow.ts'],
        ['Starting Phase order', 'Draw 1 card'],
      ),
      r(
        'RUL-TURN-2',
        'Deck-out: lose 1, then 2, then 3... per missing card (per manager, never reset).',
        ['zones/draw.ts'],
        ['deck-out escalation (1 > 2 > 3)'],
      ),
      r(
        'RUL-TURN-3',
        'Resource Step: at most one star card per turn, face up, worth its printed stars; not "playing a card".',
        ['turn/resource-step.ts'],
        ['Resource step'],
      ),
      r(
        'RUL-TURN-4',
        'Up to 3 cards per Main Phase incl. the star card and the Centre; abilities and off-phase highlights do not count.',
        ['turn/play-card.ts', 'turn/resource-step.ts', 'effects/stats.ts'],
        ['3-card limit'],
      ),
      r(
        'RUL-TURN-5',
        'Paying stars by tilting star cards; available stars vanish at the end of the turn.',
        ['turn/pay-stars.ts', 'turn/flow.ts'],
        ['Excess resource value ... not carried over'],
      ),
      r(
        'RUL-TURN-6',
        'Debut Burnout: no attack in the turn a character (leaders, tokens) entered the stage; it may block.',
        ['combat/attackers.ts', 'effects/apply.ts'],
        ['Debut Burnout'],
      ),
      r('RUL-TURN-7', "Only one event of the same name on each manager's stage.", ['turn/play-card.ts'], ['Event uniqueness']),
      r('RUL-TURN-8', 'No Combat Phase on the first turn of the match only.', ['turn/flow.ts'], ['Combat Phase does not occur on the first turn']),
      r(
        'RUL-TURN-9',
        "Resolution: graduate damaged characters, defender's effects first, then discard to 5 (active first).",
        ['turn/flow.ts', 'turn/hand-limit.ts', 'stack/triggers.ts'],
        ['hand limit 5 at resolution', 'Resolution Phase'],
      ),
      t(
        'TEXT-CARD-TYPES',
        'Card types; a card with several categories has all of them (text: Card introduction).',
        ['cards/schema.ts', 'effects/filters.ts', 'core/query.ts'],
        ['Leader', 'Asset', 'Token'],
      ),
      t(
        'TEXT-HIGHLIGHT',
        'Highlights go to the Graduation Zone on use and can be played in any phase of either turn.',
        ['turn/play-card.ts', 'stack/resolve.ts'],
        ['RUL-STACK-3'],
      ),
      t(
        'TEXT-EVENT',
        "Events stay on their manager's side of the stage and their abilities are active there.",
        ['turn/play-card.ts', 'effects/stats.ts'],
        ['Event uniqueness', 'Static ability'],
      ),
    ],
  },
  {
    title: 'Stack and priority',
    clauses: [
      r('RUL-STACK-1', 'Highlights and abilities use a stack; the other manager gets priority; both pass → top resolves (LIFO).', [
        'stack/priority.ts',
        'stack/triggers.ts',
        'stack/activate.ts',
        'turn/play-card.ts',
        'turn/flow.ts',
      ]),
      r('RUL-STACK-2', 'Targets are chosen on the stack and checked again on resolution; all illegal → nothing happens.', [
        'effects/targets.ts',
        'effects/selectors.ts',
        'stack/resolve.ts',
      ]),
      r('RUL-STACK-3', 'Highlights in any phase of either turn with priority; graduate on resolve or cancel.', [
        'turn/play-card.ts',
        'stack/resolve.ts',
        'effects/apply.ts',
      ]),
      r('RUL-STACK-4', 'Response windows after attackers and after blockers; combat finalised on empty stack and two passes.', [
        'combat/declare.ts',
        'turn/flow.ts',
        'stack/priority.ts',
      ]),
      r(
        'RUL-STACK-5',
        'Every phase offers priority: Starting Phase after the draw, Resource Step, Main Step, combat windows, Resolution Phase after graduations; active manager first; both pass with an empty stack → next.',
        ['turn/flow.ts', 'turn/windows.ts', 'stack/priority.ts', 'turn/resource-step.ts'],
      ),
    ],
  },
  {
    title: 'Combat (text: 3. Combat Phase, 4. Resolution Phase, In-Combat Effect Glossary)',
    clauses: [
      r(
        'RUL-COMBAT-1',
        'All attackers declared at once, as a whole (the other manager never sees a choice being made); untilted, no Debut Burnout, not a Moderator; they tilt.',
        ['combat/attackers.ts', 'combat/declare.ts'],
      ),
      r(
        'RUL-COMBAT-2',
        'Blocks declared as a whole; each blocker blocks one attacker (Moderator X up to X); several may block one; tilted blockers have 0 ATK.',
        ['combat/blockers.ts', 'combat/declare.ts', 'effects/stats.ts'],
      ),
      r('RUL-COMBAT-3', 'Blocks must keep Callout, Clout and Moderator.', ['combat/blockers.ts', 'combat/declare.ts'], ['Callout', 'Clout', 'Moderator']),
      r('RUL-COMBAT-4', 'Damage: attacker in full to each blocker, blockers to their attacker, unblocked to sanity, all at once.', ['combat/damage.ts']),
      r('RUL-COMBAT-5', 'Clip attackers strike first; their casualties graduate before the second step.', ['combat/damage.ts'], ['Clip']),
      r('RUL-COMBAT-6', 'Ban: more than 0 combat damage to a character without Ban graduates it.', ['combat/damage.ts', 'zones/state-based.ts'], ['Ban']),
      r('RUL-COMBAT-7', 'Raid: excess over the remaining HP of the highest-HP blocker goes to the defending manager.', ['combat/damage.ts'], ['Raid']),
      r('RUL-COMBAT-8', "Damage clears at the next turn's start; non-combat damage reaching HP graduates after the effect.", [
        'zones/state-based.ts',
        'turn/begin-turn.ts',
      ]),
      t('TEXT-NO-BLOCK', 'The defending manager may choose not to block unless a card says otherwise.', ['combat/blockers.ts'], ['RUL-COMBAT-2', 'Combat']),
    ],
  },
  {
    title: 'Cards and zones (text: Card Placement, Glossary)',
    clauses: [
      r(
        'RUL-ZONE-1',
        'A token that would go to the Graduation Zone leaves the game; its graduation triggers still fire.',
        ['zones/move.ts', 'zones/graduate.ts'],
        ['Token'],
      ),
      r('RUL-ZONE-2', 'Hiatus is no zone: not roster, hand, stage nor Graduation Zone.', ['effects/conditions.ts', 'effects/apply.ts'], ['Hiatus']),
      r(
        'RUL-ZONE-3',
        'Counters sit on a card on stage, are never targets, and vanish when it leaves the stage or when the card that produced them does.',
        ['zones/move.ts', 'zones/counters.ts'],
        ['Counter'],
      ),
      r(
        'RUL-ZONE-4',
        'Assets have no ATK/HP, never attack or block; equipped assets graduate when their character leaves.',
        ['zones/move.ts', 'zones/graduate.ts', 'combat/attackers.ts', 'cards/schema.ts'],
        ['Asset'],
      ),
      r('RUL-ZONE-5', "The Centre debuts from Backstage in its owner's Main Step; graduated, it never returns to Backstage.", ['turn/play-card.ts']),
      r('RUL-ZONE-6', 'Graduation Zone and Star Pool are public; hands and roster order hidden; sizes public.', [
        'view/projection.ts',
        'view/project-events.ts',
        'zones/move.ts',
        'core/visibility.ts',
        'core/guards.ts',
      ]),
      t(
        'TEXT-GLOSSARY',
        'Glossary: Commission, Debut, Graduate, Tilt.',
        ['effects/apply.ts', 'zones/graduate.ts', 'turn/play-card.ts'],
        ['Commission', 'Debut', 'Graduate', 'Tilt'],
      ),
      t(
        'TEXT-EFFECTS',
        'Card abilities: triggered, activated (with costs), static, and the effect primitives.',
        ['effects/apply.ts', 'stack/triggers.ts', 'stack/activate.ts', 'effects/stats.ts'],
        ['Triggered ability', 'Activated ability', 'Static ability', 'Cost'],
      ),
    ],
  },
  {
    title: 'End of the match (text: Victory condition)',
    clauses: [
      r('RUL-END-1', 'Sanity 0 or less loses; both at once is a draw.', ['end/check-end.ts']),
      r('RUL-END-2', "A card's own win or loss condition is checked as soon as it becomes true.", ['end/check-end.ts', 'cards/schema.ts']),
      r('RUL-END-3', 'A manager may concede at any time; the other wins.', ['end/concede.ts']),
    ],
  },
];

/**
 * Project rulings: cases neither the text nor RULINGS.md decides (RULINGS.md asks us to record them here).
 * `code` is under packages/engine/src, or from the repository root when it starts with `packages/`.
 */
export const PROJECT_RULINGS: { id: string; text: string; code: string[] }[] = [
  { id: 'PR-1', text: 'A character whose HP is 0 or less graduates, even with no damage marked.', code: ['zones/state-based.ts'] },
  {
    id: 'PR-2',
    text: 'A blocked attacker whose blockers have all left combat deals no damage; with Raid its full ATK is excess and goes to the defending manager. A blocker whose attacker left deals none.',
    code: ['combat/damage.ts'],
  },
  {
    id: 'PR-3',
    text: '"End of turn" effects resolve after graduation effects and the Resolution Phase\'s window (RUL-STACK-5), before the hand limit.',
    code: ['turn/flow.ts'],
  },
  {
    id: 'PR-4',
    text: 'Withdrawn (RUL-STACK-5). It ended the Resource Step when the active manager placed a star card or passed; now the Resource Step, like every window, ends when both managers pass in succession with an empty stack, and placing a star card does not end it.',
    code: ['stack/priority.ts', 'turn/resource-step.ts'],
  },
  {
    id: 'PR-5',
    text: 'Costs are paid automatically from available stars, then by tilting untilted star cards, largest first, returning any card not needed. A manager may tilt star cards by hand first.',
    code: ['turn/pay-stars.ts'],
  },
  {
    id: 'PR-6',
    text: "Besides the windows of RUL-STACK-5, priority is given whenever the stack holds an item: for start-of-turn effects before the Starting Phase's window, for graduation effects before the Resolution Phase's, and for end-of-turn effects in the End Phase, which has no window of its own. Debuts need the own Main Step with an empty stack; activated abilities can be used with priority unless the card says Main Step.",
    code: ['turn/flow.ts', 'turn/play-card.ts', 'stack/activate.ts'],
  },
  {
    id: 'PR-7',
    text: "Simultaneous triggers: the active manager's go on the stack first, the other manager's last (so they resolve first, as RUL-TURN-9 orders graduation effects); each manager's in stage order. A trigger with no legal target does nothing; with exactly one choice it is chosen automatically; \"may\" is asked on resolution.",
    code: ['stack/triggers.ts', 'stack/resolve.ts'],
  },
  { id: 'PR-8', text: 'A token that leaves the stage for any zone (hand, Hiatus, roster, Graduation Zone) leaves the game.', code: ['zones/move.ts'] },
  {
    id: 'PR-9',
    text: 'Characters that graduate at the same moment see each other go: every graduation trigger is read before any of them moves.',
    code: ['zones/graduate.ts'],
  },
  {
    id: 'PR-10',
    text: 'Callout "if able": the defender must block as many Callout attackers as any legal assignment could, even by taking a blocker away from another attacker.',
    code: ['combat/blockers.ts'],
  },
  {
    id: 'PR-11',
    text: "A card returning from Hiatus enters the stage again, with Debut Burnout, at the start of its owner's turn before start-of-turn effects.",
    code: ['turn/begin-turn.ts'],
  },
  {
    id: 'PR-12',
    text: 'The Combat Phase is skipped when the active manager has no character able to attack; the block declaration is skipped when the defender has no character.',
    code: ['turn/flow.ts'],
  },
  { id: 'PR-13', text: 'Every zone change gives a card a new public id, so no viewer can follow a card through a hidden zone.', code: ['zones/move.ts'] },
  {
    id: 'PR-14',
    text: "Aura filters read printed keywords and ATK (an aura cannot depend on another aura's result).",
    code: ['effects/stats.ts', 'effects/filters.ts'],
  },
  {
    id: 'PR-15',
    text: 'Withdrawn (RUL-ZONE-3). It read the text\'s "card that produced the counter" as the card the counter sits on; counters now also vanish when the card that produced them leaves the stage.',
    code: ['zones/move.ts', 'zones/counters.ts'],
  },
  {
    id: 'PR-16',
    text: "Counters produced by a card that is not on the stage when its effect resolves (a highlight from the stack, a card's graduation trigger, a card that has already left the stage) have no producer to leave: they stay until the card they sit on leaves the stage.",
    code: ['zones/counters.ts', 'effects/apply.ts'],
  },
  {
    id: 'PR-17',
    text: "Removing N counters of a kind, by an effect or as a cost, takes the newest first. Doubling the counters on a card puts new ones on it, produced by the doubling effect's card (PR-16 when that is a highlight); the counters already there keep their producers.",
    code: ['zones/counters.ts', 'effects/custom-handlers.ts', 'stack/activate.ts'],
  },
  {
    id: 'PR-18',
    text: 'In a match of several games, the loser of the previous game chooses who goes first in the next (in the first game the coin flip decides, RUL-SETUP-3); after a drawn game, the manager who chose for that game chooses again.',
    code: ['packages/tournament/src/match.ts', 'setup/mulligan.ts', 'setup/create-game.ts', 'apps/server/src/rooms/series.ts'],
  },
  {
    id: 'PR-19',
    text: 'A drawn game (RUL-END-1) is replayed within the match: it does not count toward the games a manager needs to win the match.',
    code: ['packages/tournament/src/match.ts', 'apps/server/src/rooms/series.ts'],
  },
  {
    id: 'PR-20',
    text: 'Round time in a Swiss round: when it ends, the turn in progress (turn 0) is finished and 3 more turns are played in total. If the game is still unfinished then, it counts as a drawn game and no new game starts: the match goes to the manager who has won more games, and an even score is a drawn match (as MTR 2.5 does).',
    code: ['packages/tournament/src/match.ts', 'apps/server/src/tournaments/tournament-service.ts', 'apps/server/src/rooms/series.ts'],
  },
  {
    id: 'PR-21',
    text: 'A top-cut match cannot be drawn: round time ends no game there, and games are played until a manager has won the games the match needs.',
    code: ['packages/tournament/src/match.ts', 'packages/tournament/src/top-cut.ts'],
  },
  {
    id: 'PR-22',
    text: 'A roster may carry a side deck of up to 10 cards, never a token (RUL-DECK-4). Between the games of a match a manager may swap cards between roster and side deck one for one; the Centre stays in the roster, and each match starts from the roster as registered. The roster after a swap must pass every RUL-DECK rule, and the side deck counts with the roster toward the rarity limits (RUL-DECK-2, RUL-DECK-3). The opponent learns that a swap happened and how many cards it exchanged, never which.',
    code: ['deck/side-deck.ts', 'deck/deck-code.ts', 'apps/server/src/rooms/series.ts'],
  },
];
