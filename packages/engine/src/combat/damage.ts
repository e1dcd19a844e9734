/**
 * Combat damage (RUL-COMBAT-4..7): Clip attackers first, their casualties graduate, then everyone else at
 * once. Ban marks a character for graduation; Raid sends excess to the defending manager.
 */
import { emit, type Ctx } from '../core/context.js';
import { onStage } from '../core/query.js';
import { other } from '../core/types.js';
import { hasKeyword, statsOf, withStatsMemo } from '../effects/stats.js';
import { loseSanity } from '../end/sanity.js';
import { graduateDoomed } from '../zones/state-based.js';
import { blockerAtk } from './blockers.js';
import { cardW } from '../core/own.js';

interface Hit {
  from: string;
  to: string | 'manager';
  amount: number;
  raid?: boolean;
}

function present(ctx: Ctx, id: string): boolean {
  const c = ctx.s.cards[id];
  return !!c && onStage(c);
}

/** The damage one attacker deals: to each blocker in full, or to the manager if unblocked. */
function attackerHits(ctx: Ctx, a: string): Hit[] {
  const s = ctx.s;
  const cb = s.combat!;
  const atk = statsOf(s, s.cards[a]!).atk;
  const blockers = cb.blocks.filter((b) => b.attacker === a && present(ctx, b.blocker)).map((b) => b.blocker);
  if (!cb.blocked.includes(a)) return atk > 0 ? [{ from: a, to: 'manager', amount: atk }] : [];
  const hits: Hit[] = blockers.map((b) => ({ from: a, to: b, amount: atk }));
  if (hasKeyword(s, s.cards[a]!, 'raid')) {
    // RUL-COMBAT-7: excess over the remaining HP of the blocker with the highest total HP.
    // Project ruling PR-2: a blocked Raid attacker whose blockers have all left deals its full ATK.
    let remaining = 0;
    let best = -1;
    for (const b of blockers) {
      const st = statsOf(s, s.cards[b]!);
      if (st.hp > best) {
        best = st.hp;
        remaining = Math.max(0, st.hp - s.cards[b]!.damage);
      }
    }
    const excess = atk - remaining;
    if (excess > 0) hits.push({ from: a, to: 'manager', amount: excess, raid: true });
  }
  return hits;
}

function blockerHits(ctx: Ctx, blocker: string): Hit[] {
  const cb = ctx.s.combat!;
  const atk = blockerAtk(ctx.s, blocker);
  if (atk <= 0) return [];
  return cb.blocks.filter((b) => b.blocker === blocker && present(ctx, b.attacker)).map((b) => ({ from: blocker, to: b.attacker, amount: atk }));
}

function dealAll(ctx: Ctx, hits: Hit[]): void {
  const s = ctx.s;
  const defender = other(s.active);
  for (const h of hits) {
    if (h.to === 'manager') {
      const from = s.cards[h.from];
      loseSanity(ctx, defender, h.amount, h.raid ? 'raid' : 'combat', from ? { id: from.id, def: from.def } : undefined);
      continue;
    }
    if (!s.cards[h.to]) continue;
    const t = cardW(s, h.to);
    t.damage += h.amount;
    emit(ctx, { t: 'damage', card: h.to, amount: h.amount, combat: true });
    // RUL-COMBAT-6: Ban graduates a character without Ban that it dealt more than 0 combat damage to.
    if (h.amount > 0 && hasKeyword(s, s.cards[h.from]!, 'ban') && !hasKeyword(s, t, 'ban')) t.banned = true;
  }
}

export function combatDamage(ctx: Ctx): void {
  const s = ctx.s;
  const cb = s.combat;
  if (!cb) return;
  const attackers = cb.attackers.filter((a) => present(ctx, a));
  const clip = attackers.filter((a) => hasKeyword(s, s.cards[a]!, 'clip'));
  // RUL-COMBAT-5: Clip attackers first; their casualties graduate before the second step.
  if (clip.length) {
    dealAll(
      ctx,
      withStatsMemo(s, () => clip.flatMap((a) => attackerHits(ctx, a))),
    );
    graduateDoomed(ctx);
  }
  const rest = attackers.filter((a) => !clip.includes(a) && present(ctx, a));
  const blockers = [...new Set(cb.blocks.map((b) => b.blocker))].filter((b) => present(ctx, b));
  // Working out the hits only reads the position, so stats are computed once per card for it.
  const hits = withStatsMemo(s, () => {
    const out: Hit[] = [];
    for (const a of rest) for (const h of attackerHits(ctx, a)) out.push(h);
    for (const b of blockers) for (const h of blockerHits(ctx, b)) out.push(h);
    return out;
  });
  dealAll(ctx, hits);
}
