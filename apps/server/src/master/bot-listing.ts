/** A bot match is listed in the lobby while its human manager played in the last five minutes (rooms/room.ts). */
export const BOT_LISTED_MS = 5 * 60_000;
