/**
 * Facts about a card definition that hot paths ask again and again, computed once per definition object.
 * Definitions are immutable, so facts kept on the object itself (under a symbol, see `meta`) are always right.
 */
import type { Ability, CardDef, Trigger } from './schema.js';

export type StaticAbility = Extract<Ability, { kind: 'static' }>;
export type EndCondition = Extract<Ability, { kind: 'end-condition' }>;

export interface DefMeta {
  character: boolean;
  leader: boolean;
  highlight: boolean;
  /** Index of the 'play' ability (a highlight's effect), or -1. */
  playIndex: number;
  statics: StaticAbility[];
  endConditions: EndCondition[];
  /** The events its triggered abilities wait for (each once). */
  triggerOn: Trigger['on'][];
  /** Indices of activated abilities. */
  activated: number[];
  /** Ids of the tokens this card's abilities commission (their definitions are as public as the card). */
  tokens: string[];
}

function commissionedTokens(d: CardDef): string[] {
  const out = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (o.kind === 'commission' && typeof o.token === 'string') out.add(o.token);
      for (const v of Object.values(o)) walk(v);
    }
  };
  walk(d.abilities);
  return [...out];
}

/**
 * Stored on the definition under a symbol: JSON never sees it, and a property read is much cheaper than a
 * WeakMap lookup on the hottest path of the engine.
 */
const META = Symbol('vroyale.def-meta');
type WithMeta = CardDef & { [META]?: DefMeta };

export function meta(d: CardDef): DefMeta {
  let m = (d as WithMeta)[META];
  if (!m) {
    m = {
      character: d.types.includes('character') || d.types.includes('leader'),
      leader: d.types.includes('leader'),
      highlight: d.types.includes('highlight'),
      playIndex: d.abilities.findIndex((a) => a.kind === 'play'),
      statics: d.abilities.filter((a): a is StaticAbility => a.kind === 'static'),
      endConditions: d.abilities.filter((a): a is EndCondition => a.kind === 'end-condition'),
      triggerOn: [...new Set(d.abilities.flatMap((a) => (a.kind === 'triggered' ? [a.trigger.on] : [])))],
      activated: d.abilities.flatMap((a, i) => (a.kind === 'activated' ? [i] : [])),
      tokens: commissionedTokens(d),
    };
    Object.defineProperty(d, META, { value: m, enumerable: false });
  }
  return m;
}
