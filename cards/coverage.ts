/**
 * What a set of card definitions actually uses (card types, keywords, effect kinds, triggers...). The
 * coverage test compares this with lists derived from the engine's zod schema, so a primitive added to the
 * schema without a card that uses it fails the suite.
 */
import type { Ability, CardDef, Effect } from '@vroyale/engine';

export interface PoolCoverage {
  types: Set<string>;
  rarities: Set<string>;
  keywords: Set<string>;
  effects: Set<string>;
  triggers: Set<string>;
  abilities: Set<string>;
  costs: Set<string>;
  statics: Set<string>;
  targets: Set<string>;
  endResults: Set<string>;
  customHandlers: Set<string>;
  optionalTrigger: boolean;
  tokenTypes: Set<string>;
}

function abilityEffects(a: Ability): Effect[] {
  return 'effects' in a ? a.effects : [];
}

export function poolCoverage(cards: readonly CardDef[]): PoolCoverage {
  const cov: PoolCoverage = {
    types: new Set(),
    rarities: new Set(),
    keywords: new Set(),
    effects: new Set(),
    triggers: new Set(),
    abilities: new Set(),
    costs: new Set(),
    statics: new Set(),
    targets: new Set(),
    endResults: new Set(),
    customHandlers: new Set(),
    optionalTrigger: false,
    tokenTypes: new Set(),
  };
  for (const c of cards) {
    c.types.forEach((t) => cov.types.add(t));
    cov.rarities.add(c.rarity);
    if (c.token) c.types.forEach((t) => cov.tokenTypes.add(t));
    for (const k of Object.keys(c.keywords ?? {})) cov.keywords.add(k);
    for (const a of c.abilities) {
      cov.abilities.add(a.kind);
      if (a.kind === 'triggered') {
        cov.triggers.add(a.trigger.on);
        if (a.optional) cov.optionalTrigger = true;
      }
      if (a.kind === 'activated') for (const [k, v] of Object.entries(a.cost)) if (v !== undefined) cov.costs.add(k);
      if (a.kind === 'static') cov.statics.add(a.effect.kind);
      if (a.kind === 'end-condition') cov.endResults.add(a.result);
      if ('targets' in a) a.targets?.forEach((t) => cov.targets.add(t.kind));
      for (const e of abilityEffects(a)) {
        cov.effects.add(e.kind);
        if (e.kind === 'custom') cov.customHandlers.add(e.handler);
      }
    }
  }
  return cov;
}

/** How many cards of a set have each card type, rarity and printed keyword, and other counted facts. */
export interface SetCounts {
  /** Cards per type (a card with two types counts for both). */
  types: Record<string, number>;
  rarities: Record<string, number>;
  /** Cards with the keyword printed on them (granted keywords do not count). */
  keywords: Record<string, number>;
  /** Ids of the cards with their own win or loss condition (ability kind 'end-condition'). */
  endConditions: string[];
  /** SR card id -> the SSR variants of it. */
  ssrVariants: Record<string, string[]>;
  /** Token ids some card commissions. */
  commissioned: Set<string>;
}

export function setCounts(cards: readonly CardDef[]): SetCounts {
  const out: SetCounts = { types: {}, rarities: {}, keywords: {}, endConditions: [], ssrVariants: {}, commissioned: new Set() };
  const bump = (r: Record<string, number>, k: string): void => {
    r[k] = (r[k] ?? 0) + 1;
  };
  for (const c of cards) {
    c.types.forEach((t) => bump(out.types, t));
    bump(out.rarities, c.rarity);
    for (const [k, v] of Object.entries(c.keywords ?? {})) if (v !== undefined) bump(out.keywords, k);
    if (c.abilities.some((a) => a.kind === 'end-condition')) out.endConditions.push(c.id);
    if (c.rarity === 'SSR' && c.variantOf) (out.ssrVariants[c.variantOf] ??= []).push(c.id);
    for (const a of c.abilities) for (const e of abilityEffects(a)) if (e.kind === 'commission') out.commissioned.add(e.token);
  }
  return out;
}
