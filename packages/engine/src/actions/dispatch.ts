/** Routes each action to the rules section that checks and performs it. */
import type { Ctx } from '../core/context.js';
import type { GameState, ManagerId } from '../core/types.js';
import { checkDeclareAttackers, checkDeclareBlocks, doDeclareAttackers, doDeclareBlocks } from '../combat/declare.js';
import { checkChoose, doChoose } from '../effects/choose.js';
import { doConcede } from '../end/concede.js';
import { checkChooseOrder, checkMulligan, doChooseOrder, doMulligan } from '../setup/mulligan.js';
import { checkActivate, doActivate } from '../stack/activate.js';
import { checkPass, doPass } from '../stack/priority.js';
import { settle } from '../turn/flow.js';
import { checkDiscard, doDiscard } from '../turn/hand-limit.js';
import { checkPlay, doPlay } from '../turn/play-card.js';
import { checkPlaceStar, doPlaceStar } from '../turn/resource-step.js';
import { checkTiltStar, doTiltStar } from '../turn/pay-stars.js';
import type { Rejection } from '../core/rejections.js';
import type { Action } from './schema.js';

/** Whether the action is legal now. Pure: never changes the state. */
export function checkAction(s: GameState, a: Action): Rejection | null {
  switch (a.type) {
    case 'mulligan':
      return checkMulligan(s, a.manager);
    case 'choose-order':
      return checkChooseOrder(s, a.manager);
    case 'pass':
      return checkPass(s, a.manager);
    case 'place-star':
      return checkPlaceStar(s, a.manager, a.card);
    case 'tilt-star':
      return checkTiltStar(s, a.manager, a.card);
    case 'play':
      return checkPlay(s, a.manager, a.card, a.targets);
    case 'activate':
      return checkActivate(s, a.manager, a.card, a.ability, a.targets, a.costCards);
    case 'declare-attackers':
      return checkDeclareAttackers(s, a.manager, a.attackers);
    case 'declare-blocks':
      return checkDeclareBlocks(s, a.manager, a.blocks);
    case 'discard':
      return checkDiscard(s, a.manager, a.card);
    case 'choose':
      return checkChoose(s, a.manager, a.option);
    case 'concede':
      return null;
  }
}

/**
 * Performs an action already checked by checkAction, on the step's working copy, then settles: every
 * automatic consequence (end and graduation checks, triggers to the stack, phases moving on) happens here,
 * once, whatever the action was, so no rules handler calls `settle` or can forget to.
 */
export function performAction(ctx: Ctx, a: Action): void {
  perform(ctx, a);
  settle(ctx, causedBy(a));
}

/**
 * Whose action caused the triggers it queued (RUL-STACK-1: the other manager then gets priority first):
 * playing a card, activating an ability and placing or tilting a star card are the manager's own doing.
 * The rest (passes that resolve an item, declarations, answers to the game's questions) count as the
 * game's: the triggers they queue go on the stack with priority to the active manager.
 */
function causedBy(a: Action): ManagerId | null {
  switch (a.type) {
    case 'play':
    case 'activate':
    case 'place-star':
    case 'tilt-star':
      return a.manager;
    default:
      return null;
  }
}

function perform(ctx: Ctx, a: Action): void {
  switch (a.type) {
    case 'mulligan':
      return doMulligan(ctx, a.manager, a.redraw);
    case 'choose-order':
      return doChooseOrder(ctx, a.manager, a.goFirst);
    case 'pass':
      return doPass(ctx, a.manager);
    case 'place-star':
      return doPlaceStar(ctx, a.card);
    case 'tilt-star':
      return doTiltStar(ctx, a.manager, a.card);
    case 'play':
      return doPlay(ctx, a.manager, a.card, a.targets);
    case 'activate':
      return doActivate(ctx, a.manager, a.card, a.ability, a.targets, a.costCards);
    case 'declare-attackers':
      return doDeclareAttackers(ctx, a.attackers);
    case 'declare-blocks':
      return doDeclareBlocks(ctx, a.blocks);
    case 'discard':
      return doDiscard(ctx, a.manager, a.card);
    case 'choose':
      return doChoose(ctx, a.manager, a.option);
    case 'concede':
      return doConcede(ctx, a.manager);
  }
}
