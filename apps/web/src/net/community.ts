/** Blocking and reporting players (`PUT /api/blocks/:username`, `POST /api/reports`), and muting a match's chat (local). */
import type { ReportBody, Seat } from '@vroyale/protocol';
import { store, toast } from '../store';
import { api, seg } from './api';
import { apiErrorText } from './api-errors';

export async function block(username: string): Promise<boolean> {
  const r = await api('PUT', `/api/blocks/${seg(username)}`);
  if (!r.ok) toast(apiErrorText(r));
  return r.ok;
}

export async function unblock(username: string): Promise<boolean> {
  const r = await api('DELETE', `/api/blocks/${seg(username)}`);
  if (!r.ok) toast(apiErrorText(r));
  return r.ok;
}

export async function report(body: ReportBody): Promise<boolean> {
  const r = await api('POST', '/api/reports', body);
  if (!r.ok) toast(apiErrorText(r));
  return r.ok;
}

/** Hides (or shows again) what a seat says in this room's chat, for as long as this page keeps the room. */
export function muteChat(roomId: string, seat: Seat, muted: boolean): void {
  store.setState((s) => {
    const cur = s.mutedChat[roomId] ?? [];
    const next = muted ? [...new Set([...cur, seat])] : cur.filter((x) => x !== seat);
    return { mutedChat: { ...s.mutedChat, [roomId]: next } };
  });
}
