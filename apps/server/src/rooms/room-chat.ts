/**
 * A room's chat: the recent lines (with each sender's id, for the block filter), a token bucket per user, the
 * line sent to every member but those who blocked its sender, and the bounded history a joiner gets at once.
 * Chat text is user content: the web app renders it as text, never HTML.
 */
import { LIMITS, type ChatMessage } from '@vroyale/protocol';
import type { ServerConfig } from '../config.js';
import type { Blocks } from '../identity/blocks.js';
import { TokenBucket } from '../net/token-bucket.js';
import type { Clock } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';

export interface ChatDeps {
  clock: Clock;
  config: Pick<ServerConfig, 'chatLimit'>;
  blocks: Pick<Blocks, 'blockedBy'>;
  transport: Transport;
}

export class RoomChat {
  readonly log: ChatMessage[] = [];
  /** The sender's user id of each `log` line (lines carry names, not ids), for the block filter. */
  private readonly from: string[] = [];
  /** Chat lines per user in this room (a token bucket each; dropped with the room). */
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly deps: ChatDeps,
    private readonly roomId: string,
  ) {}

  allowed(userId: string): boolean {
    let bucket = this.buckets.get(userId);
    if (!bucket) this.buckets.set(userId, (bucket = new TokenBucket(this.deps.config.chatLimit, () => this.deps.clock.now())));
    return bucket.take();
  }

  /** A chat line from `fromUserId`, to every member but those who blocked them (a set lookup per member). */
  add(msg: ChatMessage, fromUserId: string, members: Iterable<[socketId: string, userId: string]>): void {
    this.log.push(msg);
    this.from.push(fromUserId);
    if (this.log.length > LIMITS.chatHistoryLines) {
      this.log.shift();
      this.from.shift();
    }
    const to: string[] = [];
    for (const [socketId, userId] of members) if (!this.deps.blocks.blockedBy(userId).has(fromUserId)) to.push(socketId);
    if (to.length > 0) this.deps.transport.send(to, 'room:chat', msg);
  }

  /**
   * The newest lines in one message, bounded in lines and bytes: a joiner used to get every stored line
   * as its own `room:chat`, one emit (and encode) per line per joiner. Lines from people the joiner blocked
   * are left out.
   */
  sendHistory(socketId: string, userId: string): void {
    if (this.log.length === 0) return;
    const blocked = this.deps.blocks.blockedBy(userId);
    const messages: ChatMessage[] = [];
    let bytes = 0;
    for (let i = this.log.length - 1; i >= 0 && messages.length < LIMITS.chatHistoryLines; i--) {
      if (blocked.has(this.from[i]!)) continue;
      const m = this.log[i]!;
      bytes += Buffer.byteLength(m.text) + Buffer.byteLength(m.from.name);
      if (bytes > LIMITS.chatHistoryBytes) break;
      messages.push(m);
    }
    if (messages.length === 0) return;
    this.deps.transport.send(socketId, 'room:chat-history', { roomId: this.roomId, messages: messages.reverse() });
  }
}
