/**
 * Reads a Socket.IO packet's head without decoding it (issue 36: a message that will be refused is answered
 * from its event name alone; its JSON is never parsed). A text packet of protocol 5 is
 * `<type>[<attachments>-][<namespace>,][<ack id>]<JSON>`; an event of the default namespace is
 * `2<ack id>["<event>",...]`. Anything this does not recognise is left to socket.io-parser, as before.
 */
export type Peeked =
  /** CONNECT / DISCONNECT of the default namespace: Socket.IO's own, never limited. */
  | { kind: 'control' }
  /** An event: its ack id as written (digits, or null without an ack) and its name when plain (no escapes). */
  | { kind: 'event'; ackId: string | null; event: string | null }
  /** An ack from the client, a binary packet, another namespace, garbage: counted, then decoded as before. */
  | { kind: 'other' };

const EVENT_HEAD = /^2(\d{0,15})\[("(?:[^"\\]{0,64})"|)/;

export function peekPacket(data: unknown): Peeked {
  if (typeof data !== 'string') return { kind: 'other' };
  const type = data.charCodeAt(0);
  // '0' CONNECT and '1' DISCONNECT of the default namespace (another namespace is `0/name,`).
  if ((type === 48 || type === 49) && data.charCodeAt(1) !== 47) return { kind: 'control' };
  if (type !== 50) return { kind: 'other' };
  const m = EVENT_HEAD.exec(data);
  if (!m) return { kind: 'other' };
  return { kind: 'event', ackId: m[1] ? m[1] : null, event: m[2] ? m[2].slice(1, -1) : null };
}

/** Refusals are a handful of texts, answered thousands of times in a flood: each is encoded once. */
const encoded = new Map<string, string>();

/** The text of an ack packet answering `ackId` with a refusal (what socket.io-parser would write). */
export function ackPacket(ackId: string, refusal: { ok: false; code: string; message: string }): string {
  const key = `${refusal.code}\n${refusal.message}`;
  let json = encoded.get(key);
  if (json === undefined) {
    json = JSON.stringify([{ ok: false, code: refusal.code, message: refusal.message }]);
    if (encoded.size >= 256) encoded.clear();
    encoded.set(key, json);
  }
  return `3${ackId}${json}`;
}
