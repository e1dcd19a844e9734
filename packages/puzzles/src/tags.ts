/**
 * The keywords a puzzle involves: those (as the engine computes them, statsOf) of every card its main line
 * names (plays, activations, targets, attackers, blockers), of every character in a combat the line goes
 * through (Callout, Clout and Moderator shape blocks even when nobody names them), and the printed keywords
 * of a played card. Sorted, in KEYWORDS order.
 */
import { KEYWORDS, statsOf, type Action, type GameState, type Keyword } from '@vroyale/engine';

function keywordsOf(s: GameState, id: string, into: Set<Keyword>): void {
  const c = s.cards[id];
  if (!c) return;
  const printed = s.defs[c.def]?.keywords ?? {};
  const stage = c.zone === 'main' || c.zone === 'centre';
  const kw = stage ? statsOf(s, c).keywords : printed;
  for (const k of KEYWORDS) if (kw[k]) into.add(k);
}

/** `states[i]` is the state `line[i]` was played in. */
export function lineTags(states: readonly GameState[], line: readonly Action[]): Keyword[] {
  const out = new Set<Keyword>();
  line.forEach((a, i) => {
    const s = states[i]!;
    const ids: string[] = [];
    if ('card' in a) ids.push(a.card);
    if (a.type === 'play' || a.type === 'activate') ids.push(...a.targets);
    if (a.type === 'declare-attackers') ids.push(...a.attackers);
    if (a.type === 'declare-blocks') {
      ids.push(...(s.combat?.attackers ?? []));
      ids.push(...a.blocks.map((b) => b.blocker));
      const d = s.managers[a.manager];
      ids.push(...d.centre, ...d.main);
    }
    for (const id of ids) keywordsOf(s, id, out);
  });
  return KEYWORDS.filter((k) => out.has(k));
}
