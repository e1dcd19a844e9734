/**
 * Which sounds a new view calls for (pure; `sound/index.ts` plays them). Decided only from what the client
 * is sent: the projected events (`turn`, `damage`, `sanity`), the view's deciders and legal actions (a
 * decision now waiting on this viewer) and the result. A full view (join, reconnect) plays nothing but a
 * result that has just arrived.
 */
import type { ViewMessage } from '@vroyale/protocol';

export type Sound = 'turn' | 'prompt' | 'damage' | 'win' | 'lose' | 'clock';
export const SOUNDS: readonly Sound[] = ['turn', 'prompt', 'damage', 'win', 'lose', 'clock'];

const waitingOn = (m: ViewMessage | undefined, me: string | null): boolean => !!m && me !== null && m.deciders.includes(me as 'A' | 'B') && m.legal.length > 0;

export function soundsFor(prev: ViewMessage | undefined, next: ViewMessage): Sound[] {
  if (prev === next) return [];
  const before = prev && prev.matchId === next.matchId ? prev : undefined;
  const me = next.viewer === 'spectator' ? null : next.viewer;
  if (next.result) {
    if (before?.result || (!before && next.full)) return [];
    // A spectator hears the end as a win: a match over, nobody's loss.
    return [me === null || next.result.winner === me ? 'win' : 'lose'];
  }
  if (next.full || !before) return [];
  const out: Sound[] = [];
  if (next.events.some((e) => (e.t === 'damage' && e.amount > 0) || (e.t === 'sanity' && e.delta < 0))) out.push('damage');
  if (me !== null && next.events.some((e) => e.t === 'turn' && e.active === me)) out.push('turn');
  else if (waitingOn(next, me) && !waitingOn(before, me)) out.push('prompt');
  return out;
}
