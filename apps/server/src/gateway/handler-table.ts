/**
 * The shape of the handler table: one handler per client event, typed by its payload schema and its ack. Each
 * service (rooms/room-handlers.ts, master/match-handlers.ts, matchmaking/handlers.ts) supplies its share; the
 * connections (gateway/connections.ts) call them after the gate, the schema and the hello check.
 */
import type { Ack, AckData, AckError, CLIENT_PAYLOADS, ClientEventName, ErrorCode } from '@vroyale/protocol';
import type { z } from 'zod';
import type { Conn } from '../net/conn.js';

/** A connection that said hello. */
export type Identified = Conn & { userId: string };
export type Payload<E extends ClientEventName> = z.output<(typeof CLIENT_PAYLOADS)[E]>;
export type Reply<E extends ClientEventName> = (ack: Ack<AckData[E]>) => void;
export type Handler<E extends ClientEventName> = (conn: Identified, p: Payload<E>, reply: Reply<E>) => void | Promise<void>;
/** A service's share of the table. */
export type Handlers<E extends ClientEventName> = { [K in E]: Handler<K> };
/** Every event but `hello` (the sessions answer it before the socket is identified). */
export type HandlerTable = Handlers<Exclude<ClientEventName, 'hello'>>;

export const err = (code: ErrorCode, message: string): AckError => ({ ok: false, code, message });
