/**
 * The match's public record so far, for sockets that arrive late (a spectator, a reload, a reconnect): the
 * spectator projection (`projectEvents(events, 'spectator')`) of each action's events, so it holds nothing
 * a spectator could not have seen live, whoever it is later sent to. Bounded: the latest
 * `LIMITS.logHistoryBatches` actions that produced public events. Memory only; a restart rebuilds it while
 * replaying the log (master/replay.ts).
 *
 * Each batch is kept as its JSON text, not as objects: this record was the largest part of a live match's heap
 * (~60 KB at 250 actions, objects ~2.4× their JSON; docs/performance.md), and it is read only when someone
 * arrives late, when the texts are parsed once for every socket that arrives before the next action.
 */
import { projectEvents, type GameEvent } from '@vroyale/engine';
import { LIMITS, type LogBatch, type MatchLogHistory } from '@vroyale/protocol';

export class PublicLog {
  /** Each batch as the JSON of its LogBatch (`{"seq":…,"events":[…]}`): one string, no wrapper object. */
  private batches: string[] = [];
  private truncated = false;
  /** The message for the current batches, shared by every socket that arrives before the next action. */
  private cached: MatchLogHistory | null = null;

  constructor(private readonly max: number = LIMITS.logHistoryBatches) {}

  /** The events one action produced (unprojected: they are projected here, before anything keeps them). */
  add(seq: number, events: readonly GameEvent[]): void {
    const pub = projectEvents(events, 'spectator');
    if (pub.length === 0) return;
    const json = JSON.stringify({ seq, events: pub } satisfies LogBatch);
    // V8 returns a long JSON.stringify result as a tree of its parts (a cons string), which costs about half as
    // much again as the flat text for as long as it is kept; converting it to a number flattens it in place (the
    // trick of pino's flatstr). Measured in docs/performance.md.
    void Number(json);
    this.batches.push(json);
    if (this.batches.length > this.max) {
      this.batches.shift();
      this.truncated = true;
    }
    this.cached = null;
  }

  get size(): number {
    return this.batches.length;
  }

  message(roomId: string, matchId: string): MatchLogHistory {
    return (this.cached ??= {
      roomId,
      matchId,
      batches: this.batches.map((b) => JSON.parse(b) as LogBatch),
      truncated: this.truncated,
    });
  }
}
