/**
 * The public record a late page gets (`match:log-history`) as log lines: from real engine events, projected for
 * a spectator as the server does, read by a spectator and by a manager of the match.
 */
import { describe, expect, it } from 'vitest';
import {
  createGame,
  deciders,
  legalActions,
  makeRng,
  project,
  projectEvents,
  realise,
  step,
  type GameState,
  type GameEvent,
  type ManagerId,
} from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { labels } from './labels';
import { historyLines, type LogContext } from './log';

const names: Record<ManagerId, string> = { A: 'Aiko', B: 'Bea' };

/** Random legal play until turn 4; the public events of each action, per seq (what the server keeps). */
function played(): { state: GameState; batches: { seq: number; events: GameEvent[] }[] } {
  const created = createGame({ seed: 'history-test', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const rnd = makeRng('history-test-play');
  const batches: { seq: number; events: GameEvent[] }[] = [];
  while (s.turn < 4) {
    if (s.phase === 'game-over') throw new Error('the game ended early');
    const legal = legalActions(s, deciders(s)[0]!).filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
    const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    const pub = projectEvents(r.events, 'spectator');
    if (pub.length) batches.push({ seq: s.seq, events: pub });
  }
  return { state: s, batches };
}

function ctxFor(state: GameState, me: ManagerId | null): LogContext {
  const view = project(state, me ?? 'spectator');
  const cardDefs: Record<string, string> = {};
  return { defs: cardPool, cardDefs, me, names, stackSources: {}, after: labels(view, names, me) };
}

describe('historyLines', () => {
  const { state, batches } = played();

  it('tells a spectator the match so far, in order, each line at its seq', () => {
    const lines = historyLines(batches, ctxFor(state, null));
    expect(lines.length).toBeGreaterThan(batches.length / 2);
    expect(lines.map((l) => l.seq)).toEqual([...lines.map((l) => l.seq)].sort((x, y) => x - y));
    expect(lines.every((l) => batches.some((b) => b.seq === l.seq))).toBe(true);
    const turns = lines.filter((l) => l.kind === 'turn').map((l) => l.text);
    expect(turns[0]).toMatch(/^Turn 1 — (Aiko|Bea)'s turn\.$/);
    expect(turns.length).toBe(4); // turns 1-4: the last action began turn 4
    expect(lines.some((l) => /^(Aiko|Bea) draws a card\.$/.test(l.text))).toBe(true);
  });

  it('tells a manager their own doings in the second person, still without their hidden draws', () => {
    const lines = historyLines(batches, ctxFor(state, 'A'));
    expect(lines.some((l) => l.text.startsWith('You '))).toBe(true);
    expect(lines.some((l) => l.text === 'You draw a card.')).toBe(true);
    expect(lines.filter((l) => l.text.startsWith('You draw ')).every((l) => l.text === 'You draw a card.')).toBe(true);
  });

  it('writes nothing for nothing', () => {
    expect(historyLines([], ctxFor(state, null))).toEqual([]);
  });
});
