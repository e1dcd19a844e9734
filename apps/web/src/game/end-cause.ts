/**
 * Why a match ended, naming the card that did it when one did (GameState.endCard): its own win or loss condition,
 * its effect, or the last loss of sanity it dealt. The end screen and the log's last line both say it this way.
 */
import type { CardDef, CardRef, ManagerId } from '@vroyale/engine';
import { t } from '../i18n';
import { endReason } from './log';

const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;

export interface EndFacts {
  winner: ManagerId | 'draw';
  reason: string;
  card?: CardRef | null | undefined;
}

/** The kind of ending a card brought: its printed condition (win or lose), else its effect. */
export function cardEnding(def: CardDef): 'win-condition' | 'lose-condition' | 'effect' {
  for (const a of def.abilities) if (a.kind === 'end-condition') return a.result === 'win' ? 'win-condition' : 'lose-condition';
  return 'effect';
}

export function endCause(
  r: EndFacts,
  defs: Readonly<Record<string, CardDef>>,
  ctx: { me: ManagerId | null; names: Record<ManagerId, string> },
  name: (def: CardDef) => string = (d) => d.name,
): string {
  const def = r.card ? defs[r.card.def] : undefined;
  if (def && r.reason === 'card') return tx(`room.end.${cardEnding(def)}`, { card: name(def) });
  if (def && r.reason === 'sanity' && r.winner !== 'draw') {
    const loser: ManagerId = r.winner === 'A' ? 'B' : 'A';
    return tx(`room.end.sanityBy${loser === ctx.me ? '_you' : ''}`, { name: ctx.names[loser], card: name(def) });
  }
  return endReason(r.reason, r.winner, ctx);
}
