/**
 * The turn, phase by phase (rules text "Play procedure"; RUL-TURN-1, RUL-TURN-8, RUL-TURN-9), and the
 * settle loop that runs everything automatic until some manager has a decision to make.
 */
import { emit, setPhase, type Ctx } from '../core/context.js';
import { forEachOnStage } from '../core/query.js';
import { managerOf, other, type ManagerId } from '../core/types.js';
import { checkEnd } from '../end/check-end.js';
import { anyEligibleAttacker } from '../combat/attackers.js';
import { defenderCharacters } from '../combat/blockers.js';
import { combatDamage } from '../combat/damage.js';
import { flushTriggers, queueStageTriggers } from '../stack/triggers.js';
import { drawCards } from '../zones/draw.js';
import { graduateDoomed } from '../zones/state-based.js';
import { beginTurn } from './begin-turn.js';
import { HAND_LIMIT } from './hand-limit.js';
import { openWindow } from './windows.js';
import { cardW, managerW } from '../core/own.js';

/** End of turn clean-up: "until end of turn" effects end, unspent stars vanish (RUL-TURN-5). */
function cleanup(ctx: Ctx): void {
  const s = ctx.s;
  forEachOnStage(s, (id) => {
    const c = s.cards[id]!;
    if (c.used.length) cardW(s, id).used = [];
    if (c.mods.length && c.mods.some((m) => m.until === 'turn')) {
      const w = cardW(s, id);
      w.mods = w.mods.filter((m) => m.until !== 'turn');
    }
  });
  for (const m of ['A', 'B'] as const) {
    if (managerOf(s, m).availableStars !== 0) {
      managerW(s, m).availableStars = 0;
      emit(ctx, { t: 'stars', manager: m, available: 0 });
    }
  }
  s.combat = null;
  s.played = 0;
  s.starPlaced = false;
}

function enterResolution(ctx: Ctx): void {
  setPhase(ctx, 'resolution');
  ctx.s.priority = null;
}

/**
 * One automatic step: called by settle when nobody holds priority, nothing waits on the stack and no
 * decision is pending, that is when the current part of the phase is over. Phases whose window comes after
 * an automatic part (WINDOWS 'after') are called twice: once to open the window, once to leave.
 * Returns false when the game is waiting on a decision that is not priority.
 */
export function progress(ctx: Ctx): boolean {
  const s = ctx.s;
  switch (s.phase) {
    case 'start': {
      if (s.windowOpen) {
        setPhase(ctx, 'resource');
        s.played = 0;
        s.starPlaced = false;
        s.priority = s.active;
        return true;
      }
      // RUL-TURN-1 steps 3 and 4 (start-of-turn effects have resolved): untilt all of the active manager's
      // cards, draw 1. Then the Starting Phase's window (RUL-STACK-5), once.
      const ms = managerOf(s, s.active);
      for (const list of [ms.centre, ms.main, ms.starPool])
        for (const id of list) {
          if (s.cards[id]!.tilted) {
            cardW(s, id).tilted = false;
            emit(ctx, { t: 'tilt', card: id, tilted: false });
          }
        }
      drawCards(ctx, s.active, 1);
      openWindow(s);
      return true;
    }
    case 'resource':
      // RUL-STACK-5: both managers passed in succession with an empty stack (PR-4, the active manager's pass
      // alone, is withdrawn).
      setPhase(ctx, 'main');
      s.priority = s.active;
      return true;
    case 'main':
      // RUL-TURN-8: no Combat Phase on the first turn of the match. With nobody able to attack it is skipped.
      if (s.turn === 1 || !anyEligibleAttacker(s)) enterResolution(ctx);
      else {
        s.combat = { attackers: [], blocks: [], blocked: [] };
        setPhase(ctx, 'combat-attack');
        s.priority = null;
      }
      return true;
    case 'combat-attack-window':
      if (!s.combat || s.combat.attackers.length === 0) enterResolution(ctx);
      else if (defenderCharacters(s).length === 0) {
        setPhase(ctx, 'combat-block-window');
        s.priority = s.active;
      } else {
        setPhase(ctx, 'combat-block');
        s.priority = null;
      }
      return true;
    case 'combat-block-window':
      // RUL-STACK-4: combat is finalised; damage is dealt (RUL-COMBAT-4..7).
      combatDamage(ctx);
      enterResolution(ctx);
      return true;
    case 'resolution':
      // RUL-STACK-5: graduations and their effects are done (RUL-TURN-9): the Resolution Phase's window.
      if (!s.windowOpen) {
        openWindow(s);
        return true;
      }
      // Project ruling PR-3: "end of turn" effects resolve after graduation effects and the Resolution
      // Phase's window, before the hand limit.
      setPhase(ctx, 'end');
      queueStageTriggers(s, 'end-of-turn', s.active);
      s.priority = null;
      return true;
    case 'end': {
      // RUL-TURN-9: hand limit, active manager first.
      for (const m of [s.active, other(s.active)] as ManagerId[]) {
        if (managerOf(s, m).hand.length > HAND_LIMIT) {
          s.pending = { kind: 'discard', manager: m };
          return false;
        }
      }
      cleanup(ctx);
      s.turn += 1;
      s.active = other(s.active);
      beginTurn(ctx);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Runs everything automatic after an action. `actor` is the manager whose action caused new triggers
 * (the other manager then gets priority, RUL-STACK-1); null when the game itself caused them.
 */
export function settle(ctx: Ctx, actor: ManagerId | null): void {
  const s = ctx.s;
  // Every change to the game emits an event, so the end and graduation checks only need to run again
  // when new events have appeared since they last ran, and not for phase changes alone: no condition,
  // filter or stat reads the phase (nor what moves with it: priority, the combat record, plays counted).
  // `ctx.changes` counts the events other than phase changes.
  let seen = -1;
  for (let guard = 0; guard < 100000; guard++) {
    if (seen !== ctx.changes) {
      if (checkEnd(ctx)) return;
      if (s.pending) return;
      const before = ctx.changes;
      if (graduateDoomed(ctx)) continue;
      seen = before;
    }
    if (s.phase === 'game-over') return;
    if (s.pending) return;
    if (s.triggerQueue.length) {
      if (flushTriggers(ctx)) {
        s.passes = 0;
        s.priority = actor !== null && s.priority !== null ? other(actor) : s.active;
      }
      continue;
    }
    if (s.priority !== null) return;
    if (s.stack.length) {
      s.priority = s.active;
      s.passes = 0;
      return;
    }
    if (!progress(ctx)) return;
  }
  throw new Error('settle did not converge');
}
