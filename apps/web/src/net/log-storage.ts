/**
 * This tab's match logs kept across a reload (sessionStorage, written once as the page goes away): the first
 * full view after a reload carries on from the log the tab wrote, which is richer than the server's public record
 * (net/view-reducer.ts). Four matches at most; storage full or unavailable means the log starts afresh.
 */
import type { ViewMessage } from '@vroyale/protocol';
import { store, type LogLine } from '../store';

const LOG_KEY = 'vroyale.log';

interface SavedLog {
  matchId: string;
  viewer: ViewMessage['viewer'];
  lines: LogLine[];
}

/** The log this tab saved for a match as this viewer, or null. */
export function restoredLog(matchId: string, viewer: ViewMessage['viewer']): LogLine[] | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LOG_KEY) ?? 'null') as SavedLog[] | null;
    return saved?.find((x) => x.matchId === matchId && x.viewer === viewer)?.lines ?? null;
  } catch {
    return null;
  }
}

/** Writes the logs of the rooms this tab has views of (the last four). */
export function saveLogs(): void {
  const st = store.getState();
  const out: SavedLog[] = Object.entries(st.views).map(([roomId, v]) => ({ matchId: v.matchId, viewer: v.viewer, lines: st.log[roomId] ?? [] }));
  try {
    sessionStorage.setItem(LOG_KEY, JSON.stringify(out.slice(-4)));
  } catch {
    /* storage full or unavailable: the log starts afresh */
  }
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', saveLogs);
