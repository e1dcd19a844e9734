/** A room's chat history from the server (`room:chat-history`, sent on entering) merged into the lines held. */
import type { ChatMessage } from '@vroyale/protocol';

const key = (m: ChatMessage): string => `${m.at}\u0000${m.from.role}\u0000${m.from.name}\u0000${m.text}`;

/**
 * The server's history is the truth for the time it covers: a reconnect sends lines this tab already holds,
 * which must not appear twice. Held lines older than the history (beyond the server's bound, or from before a
 * server restart, whose chat is not kept) stay in front of it. Returns at most `max` lines, oldest first.
 */
export function mergeChatHistory(held: readonly ChatMessage[], history: readonly ChatMessage[], max: number): ChatMessage[] {
  if (history.length === 0) return held.slice(-max);
  const first = history[0]!.at;
  const sent = new Set(history.map(key));
  const older = held.filter((m) => m.at <= first && !sent.has(key(m)));
  return [...older, ...history].slice(-max);
}
