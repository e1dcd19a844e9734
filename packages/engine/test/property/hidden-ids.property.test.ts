/**
 * Property (e): no oracle for hidden cards (RUL-ZONE-6). A refusal never depends on a hidden fact: an action
 * naming a card its sender cannot see (the opponent's hand, either roster, whatever its order) is refused
 * exactly as the same action naming an id that was never issued — same code, same message once the id is
 * swapped back — so probing ids one by one tells nothing about which are the opponent's hand cards or one's
 * own roster.
 * At a sample of steps of random games, for both managers, for each action kind that names cards (play:
 * card and targets; place-star; tilt-star; activate: card, targets and cost cards; discard; declare-attackers;
 * declare-blocks: blocker and attacker), one slot of a base action is filled once with a hidden id and once
 * with a never-issued one, and the two answers are compared. Bases are the manager's listed actions (so every
 * check before the slot passes and the slot's own check decides) and random well-formed actions over the
 * visible ids. What the sender can see is read off `project(state, sender)`, not from the engine's own
 * notion of it, so the two cannot agree by sharing a mistake; and at the same steps the engine's
 * `visibleTo` (core/visibility.ts) must agree with the projection for every card and every viewer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOffer,
  legalActions,
  MANAGERS,
  project,
  realise,
  step,
  type Action,
  type ActionType,
  type GameState,
  type GameView,
  type ManagerId,
  type Viewer,
  visibleTo,
} from '../../src/index.js';
import { fail, pick, playRandomGame, POOLS, randInt, randomAction, type DecideInfo, FC_SEED, gamesPerPool } from './harness.js';

const GAMES = gamesPerPool(160);
const SAMPLE_RATE = 0.05;
/** Hidden ids tried per sampled state and manager. */
const HIDDEN_PER_SAMPLE = 3;
/** Random bases per action kind, on top of the listed ones. */
const RANDOM_BASES = 2;

const KINDS: ActionType[] = ['play', 'place-star', 'tilt-star', 'activate', 'discard', 'declare-attackers', 'declare-blocks'];

// Counted per pool (reset by each test).
let compared = 0;
let hiddenAccepted = 0;
let visibleChecks = 0;
let refusedCodes = new Map<string, number>();

/** Every card id a view shows its viewer (every zone, the stack, a pending choice's own options). */
function idsShown(v: GameView): Set<string> {
  const out = new Set<string>();
  for (const m of MANAGERS) {
    const mv = v.managers[m];
    for (const c of [...(mv.hand ?? []), ...(mv.backstage ? [mv.backstage] : []), ...mv.centre, ...mv.main, ...mv.starPool, ...mv.graduation, ...mv.hiatus])
      out.add(c.id);
  }
  for (const i of v.stack) if (i.card) out.add(i.card.id);
  if (v.pending?.kind === 'choice' && v.pending.options)
    for (const o of v.pending.options) for (const id of [...(o.cards ?? []), ...(o.take ? [o.take] : [])]) out.add(id);
  return out;
}

/** One card-naming slot of an action, as a function that writes an id into a copy of it. */
type Slot = { name: string; put: (id: string) => Action };

function slotsOf(a: Action): Slot[] {
  const out: Slot[] = [];
  const copy = () => structuredClone(a) as Action;
  switch (a.type) {
    case 'play':
    case 'place-star':
    case 'tilt-star':
    case 'discard':
      out.push({ name: 'card', put: (id) => ({ ...copy(), card: id }) as Action });
      break;
    case 'activate':
      out.push({ name: 'card', put: (id) => ({ ...copy(), card: id }) as Action });
      break;
  }
  if (a.type === 'play' || a.type === 'activate') {
    const n = a.targets.length;
    for (let i = 0; i <= n && i < 4; i++)
      out.push({
        name: `targets[${i}]`,
        put: (id) => {
          const b = copy() as typeof a;
          b.targets = [...b.targets.slice(0, i), id, ...b.targets.slice(i + 1)];
          return b;
        },
      });
  }
  if (a.type === 'activate') {
    const n = a.costCards.length;
    for (let i = 0; i <= n && i < 4; i++)
      out.push({
        name: `costCards[${i}]`,
        put: (id) => {
          const b = copy() as typeof a;
          b.costCards = [...b.costCards.slice(0, i), id, ...b.costCards.slice(i + 1)];
          return b;
        },
      });
  }
  if (a.type === 'declare-attackers') {
    const n = a.attackers.length;
    for (let i = 0; i <= n; i++)
      out.push({
        name: `attackers[${i}]`,
        put: (id) => {
          const b = copy() as typeof a;
          b.attackers = [...b.attackers.slice(0, i), id, ...b.attackers.slice(i + 1)];
          return b;
        },
      });
  }
  if (a.type === 'declare-blocks') {
    const n = a.blocks.length;
    for (let i = 0; i < n; i++)
      for (const end of ['blocker', 'attacker'] as const)
        out.push({
          name: `blocks[${i}].${end}`,
          put: (id) => {
            const b = copy() as typeof a;
            b.blocks[i]![end] = id;
            return b;
          },
        });
    out.push({
      name: 'blocks[+]',
      put: (id) => {
        const b = copy() as typeof a;
        b.blocks.push({ blocker: id, attacker: a.blocks[0]?.attacker ?? id });
        return b;
      },
    });
  }
  return out;
}

/** The message with one id replaced by a placeholder (as a whole word: "c1" must not match inside "c1f"). */
const unname = (msg: string, id: string): string => msg.replace(new RegExp(`\\b${id}\\b`, 'g'), '<id>');

function compare(before: GameState, m: ManagerId, slot: Slot, base: Action, hidden: string, fresh: string): void {
  const withHidden = slot.put(hidden);
  const withFresh = slot.put(fresh);
  const h = step(before, withHidden);
  const f = step(before, withFresh);
  compared++;
  if (h.ok) hiddenAccepted++;
  if (h.ok !== f.ok || (!h.ok && !f.ok && (h.code !== f.code || unname(h.message, hidden) !== unname(f.message, fresh))))
    fail(
      `${m} naming hidden ${hidden} in ${base.type} ${slot.name} is answered differently from a never-issued id (phase ${before.phase}, turn ${before.turn})`,
      {
        hidden: h.ok ? 'accepted' : { code: h.code, message: h.message },
        neverIssued: f.ok ? 'accepted' : { code: f.code, message: f.message },
        zone: before.cards[hidden]!.zone,
        owner: before.cards[hidden]!.owner,
        action: withHidden,
      },
    );
  if (!h.ok) refusedCodes.set(h.code, (refusedCodes.get(h.code) ?? 0) + 1);
}

/** The engine's one notion of visibility (core/visibility.ts) is the projection's, card for card. */
function checkVisibleTo(s: GameState, viewer: Viewer, shown: Set<string>): void {
  for (const id in s.cards)
    if (visibleTo(s, viewer, id) !== shown.has(id))
      fail(
        `visibleTo(${viewer}, ${id}) is ${!shown.has(id)} but the projection ${shown.has(id) ? 'shows' : 'hides'} it (zone ${s.cards[id]!.zone}, owner ${s.cards[id]!.owner})`,
      );
  visibleChecks++;
}

function checkSample(info: DecideInfo): void {
  const { state: s, rng } = info;
  checkVisibleTo(s, 'spectator', idsShown(project(s, 'spectator')));
  for (const m of MANAGERS) {
    const shown = idsShown(project(s, m));
    checkVisibleTo(s, m, shown);
    const visible = Object.keys(s.cards).filter((id) => shown.has(id));
    const hidden = Object.keys(s.cards).filter((id) => !shown.has(id));
    if (hidden.length === 0) continue;
    // Never issued: far past the id counter, in the engine's own spelling (prefix and base 36).
    const fresh = `c${(s.nextId + 5000).toString(36)}`;
    if (s.cards[fresh]) fail(`id ${fresh} was meant to be unissued`);
    const pool = visible.length ? visible : ['A'];
    const bases: Action[] = [];
    for (const l of legalActions(s, m)) {
      if (l.type === 'concede' || l.type === 'pass' || l.type === 'choose' || l.type === 'mulligan' || l.type === 'choose-order') continue;
      bases.push(isOffer(l) ? realise(l, rng) : l);
    }
    for (const t of KINDS) for (let k = 0; k < RANDOM_BASES; k++) bases.push(randomAction(rng, t, m, pool));
    for (let k = 0; k < HIDDEN_PER_SAMPLE; k++) {
      const id = pick(rng, hidden);
      for (const base of bases) {
        const slots = slotsOf(base);
        if (slots.length) compare(s, m, slots[randInt(rng, slots.length)]!, base, id, fresh);
      }
    }
  }
}

describe('property (e): no oracle for hidden cards', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games; RUL-ZONE-6: an action naming a card hidden from its sender is refused exactly as one naming a never-issued id`, () => {
      compared = 0;
      hiddenAccepted = 0;
      visibleChecks = 0;
      refusedCodes = new Map();
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          playRandomGame(spec, gameSeed, {
            door: 'inPlace',
            onDecide: (info) => {
              if (info.rng() >= SAMPLE_RATE) return;
              try {
                checkSample(info);
              } catch (e) {
                throw new Error(`[game ${spec.name}/${gameSeed}, step ${info.index}] ${(e as Error).message}`);
              }
            },
          });
        }),
        { seed: FC_SEED, numRuns: GAMES, endOnFailure: true },
      );
      // The comparisons reach past the first checks: card, zone and target refusals all occur.
      expect(compared).toBeGreaterThan(GAMES * 100);
      expect(hiddenAccepted).toBe(0);
      expect(visibleChecks).toBeGreaterThan(GAMES * 3);
      expect(refusedCodes.get('unknown-card') ?? 0).toBeGreaterThan(0);
      expect(refusedCodes.get('illegal-target') ?? 0).toBeGreaterThan(0);
      expect(refusedCodes.get('cost-unpaid') ?? 0).toBeGreaterThan(0);
      expect(refusedCodes.get('illegal-attackers') ?? 0).toBeGreaterThan(0);
      expect(refusedCodes.get('illegal-blocks') ?? 0).toBeGreaterThan(0);
    }, 600_000);
  }
});
