/**
 * How the lobby and the waiting room name rooms and matches, in one place: never an id or a seat letter. A match is
 * "Aiko vs Bea"; a room nobody named gets a friendly name made from its id ("Neon Studio"), the same for everyone
 * and in every language (word lists in lobby.json); kinds, turns and ratings in words.
 */
import type { MatchKind, RoomSummary, Seat, SummarySeat } from '@vroyale/protocol';
import { seatName } from '../../game/seat-name';
import { t } from '../../i18n';

/** "Neon Studio": two words picked by a hash of the room id. */
export function roomName(roomId: string): string {
  let h = 0;
  for (let i = 0; i < roomId.length; i++) h = (h * 31 + roomId.charCodeAt(i)) >>> 0;
  const adjectives = t('lobby.roomAdjectives').split('|');
  const nouns = t('lobby.roomNouns').split('|');
  return t('lobby.roomNameTemplate', { adjective: adjectives[h % adjectives.length], noun: nouns[Math.floor(h / adjectives.length) % nouns.length] });
}

export function kindText(kind: MatchKind): string {
  if (kind === 'ranked') return t('play.ranked');
  if (kind === 'casual') return t('play.casual');
  if (kind === 'challenge') return t('lobby.kindChallenge');
  if (kind === 'bot') return t('lobby.kindBot');
  if (kind === 'tutorial') return t('lobby.kindTutorial');
  return t('lobby.kindRoom');
}

/** A seat's name with its rating when there is one ("Aiko (1532)", "Bea (1500?)" while provisional). */
export function seatWithRating(s: SummarySeat | null): string {
  if (!s) return t('lobby.openSeat');
  if (s.rating === null) return seatName(s);
  return t(s.provisional ? 'lobby.withProvisional' : 'lobby.withRating', { name: s.name, rating: s.rating });
}

/** "Turn 5 · Aiko's turn" (or the opening); null before the match. */
export function turnText(turn: number | null, active: Seat | null, names: Record<Seat, string>): string | null {
  if (turn === null) return null;
  if (turn === 0 || !active) return t('lobby.turnOpening');
  return `${t('lobby.turnN', { n: turn })} · ${t('lobby.whoseTurn', { name: names[active] })}`;
}

/** What a listed room is called: its two managers, or who waits in it, or its friendly name. */
export function summaryTitle(r: RoomSummary): string {
  const { A, B } = r.seats;
  if (A && B) return t('lobby.versus', { a: seatName(A), b: seatName(B) });
  const one = A ?? B;
  return one ? t('lobby.waitingRoom', { name: seatName(one) }) : roomName(r.roomId);
}

/**
 * A finished match in a sentence: "Aiko beat Bea" or "Aiko and Bea drew"; a best-of-three by its games,
 * "Aiko beat Bea 2–1 (best of three)", the winner's games first.
 */
export function resultText(r: RoomSummary): string {
  const [a, b] = [r.seats.A ? seatName(r.seats.A) : '', r.seats.B ? seatName(r.seats.B) : ''];
  const s = r.series;
  if (s) {
    const { A, B } = s.wins;
    if (A === B) return t('lobby.drewMatch', { a, b, score: `${A}–${B}` });
    return A > B ? t('lobby.beatMatch', { winner: a, loser: b, score: `${A}–${B}` }) : t('lobby.beatMatch', { winner: b, loser: a, score: `${B}–${A}` });
  }
  const w = r.result?.winner;
  if (!w || w === 'draw') return t('lobby.drew', { a, b });
  return t('lobby.beat', { winner: w === 'A' ? a : b, loser: w === 'A' ? b : a });
}

/** Where a best-of-three stands, for the live list: "game 2, 1–0" (seat A's games first, as the title names A first). */
export function seriesText(r: RoomSummary): string | null {
  return r.series ? t('lobby.seriesGame', { n: r.series.game, score: `${r.series.wins.A}–${r.series.wins.B}` }) : null;
}
