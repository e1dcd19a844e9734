/**
 * Puzzle calls over the socket (packages/protocol puzzles.ts), for the Puzzles page (a lazy chunk). The server
 * holds the puzzle; each answer carries the player's own projection, whose card definitions go into the store's
 * cache before the board renders them. Refusals are toasts (`call`).
 */
import type { Action } from '@vroyale/engine';
import type { PuzzleFrame, PuzzleHint, PuzzleState } from '@vroyale/protocol';
import { store } from '../store';
import { stripOk } from './session';
import { call } from './socket';

function keepDefs(frames: readonly PuzzleFrame[]): void {
  store.setState((s) => {
    let defs = s.defs;
    for (const f of frames)
      for (const [k, d] of Object.entries(f.view.defs)) {
        if (defs[k]) continue;
        if (defs === s.defs) defs = { ...s.defs };
        defs[k] = d;
      }
    return defs === s.defs ? s : { defs };
  });
}

function state(ack: ({ ok: true } & PuzzleState) | null): PuzzleState | null {
  if (!ack) return null;
  keepDefs([ack.frame]);
  return stripOk(ack) as PuzzleState;
}

export const dailyPuzzle = async (): Promise<PuzzleState | null> => state(await call('puzzle:daily', {}));
export const nextPuzzle = async (): Promise<PuzzleState | null> => state(await call('puzzle:next', {}));

export async function puzzleMove(st: PuzzleState, action: Action): Promise<PuzzleState | null> {
  return state(await call('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq, action }));
}

export async function puzzleHint(puzzleId: string): Promise<PuzzleHint | null> {
  return (await call('puzzle:hint', { puzzleId }))?.hint ?? null;
}

export async function puzzleSolution(puzzleId: string): Promise<{ frames: PuzzleFrame[]; state: PuzzleState } | null> {
  const ack = await call('puzzle:solution', { puzzleId });
  if (!ack) return null;
  keepDefs(ack.frames);
  return { frames: ack.frames, state: state({ ok: true, ...ack.state })! };
}
