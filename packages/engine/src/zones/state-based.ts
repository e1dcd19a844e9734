/**
 * Checks made whenever the game settles: a character whose damage has reached its HP graduates
 * (RUL-COMBAT-8 for non-combat damage; RUL-TURN-9 for combat damage at the Resolution Phase), as does one
 * that Ban marked (RUL-COMBAT-6). Project ruling PR-1: a character with 0 HP or less also graduates.
 */
import type { Ctx } from '../core/context.js';
import { meta } from '../cards/def-meta.js';
import { anyHpLoweringAura, hpLoweredByMods, statsOf, withStatsMemo } from '../effects/stats.js';
import { stageIndex } from '../core/stage-index.js';
import { graduateAll } from './graduate.js';
import { managerOf } from '../core/types.js';
import { defById } from '../core/query.js';

const NONE: string[] = [];

/** Whether some card on stage is banned, damaged or has its HP lowered by a modifier. */
function anyAtRisk(s: Ctx['s']): boolean {
  const { A, B } = s.managers;
  return listAtRisk(s, A.centre) || listAtRisk(s, A.main) || listAtRisk(s, B.centre) || listAtRisk(s, B.main);
}

function listAtRisk(s: Ctx['s'], ids: readonly string[]): boolean {
  for (let i = 0; i < ids.length; i++) {
    const c = s.cards[ids[i]!]!;
    if (c.banned || c.damage > 0 || (c.mods.length > 0 && hpLoweredByMods(c))) return true;
  }
  return false;
}

export function doomed(ctx: Ctx): string[] {
  // The usual case, nothing damaged and nothing lowering HP, is answered without computing any stats.
  if (!stageIndex(ctx.s).lowersHp && !anyAtRisk(ctx.s)) return NONE;
  // Read-only, so stats and auras are computed once per card for the whole check.
  return withStatsMemo(ctx.s, () => doomedNow(ctx));
}

function doomedNow(ctx: Ctx): string[] {
  const s = ctx.s;
  const out: string[] = [];
  // Only a static that lowers HP can doom an undamaged card; its condition is evaluated only if one is on stage.
  const lowering = stageIndex(s).lowersHp && anyHpLoweringAura(s);
  // Active manager's first, so their graduation triggers are queued first (and resolve last).
  for (const m of [s.active, s.active === 'A' ? 'B' : 'A'] as const) {
    const ms = managerOf(s, m);
    for (let i = 0; i < ms.centre.length + ms.main.length; i++) {
      const id = i < ms.centre.length ? ms.centre[i]! : ms.main[i - ms.centre.length]!;
      const c = s.cards[id]!;
      if (!meta(defById(s, c.def)).character) continue;
      if (c.banned) out.push(id);
      else if (c.damage > 0 || lowering || hpLoweredByMods(c)) {
        const hp = statsOf(s, c).hp;
        if (hp <= 0 || c.damage >= hp) out.push(id);
      }
    }
  }
  return out;
}

/** Graduates every doomed character at once. Returns true when any did. */
export function graduateDoomed(ctx: Ctx): boolean {
  const ids = doomed(ctx);
  if (ids.length) graduateAll(ctx, ids);
  return ids.length > 0;
}
