/** @vroyale/protocol: the messages between VRoyale clients and the server, as zod schemas and types. */
export * from './limits.js';
export * from './client-action.js';
export * from './stop-windows.js';
export * from './stop-settings.js';
export * from './one-shots.js';
export * from './display-name.js';
export * from './client-payloads.js';
export * from './acks.js';
export * from './server-messages.js';
export * from './accounts.js';
export * from './matchmaking.js';
export * from './tournaments.js';
export * from './puzzles.js';
export * from './reviews.js';
export * from './event-traits.js';
export * from './events.js';
