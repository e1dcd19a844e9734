/**
 * A seat's name as the interface shows it. People keep their own; a server bot's seat is named by the server in
 * English ("Bot (normal)", the tutorial's "Bot (tutorial)"), so the level is put into words of the language on
 * screen here.
 */
import { t } from '../i18n';

const BOT = /^Bot \(([a-zA-Z]+)\)$/;
const LEVELS = new Set(['easy', 'normal', 'hard', 'expert', 'tutorial']);

export function seatName(s: { name: string; bot: boolean }): string {
  if (!s.bot) return s.name;
  const level = BOT.exec(s.name)?.[1];
  // Names from before the levels ("Bot (strongBot)") were today's normal.
  const known = level === 'strongBot' ? 'normal' : level;
  if (!known || !LEVELS.has(known)) return s.name;
  return (t as unknown as (k: string) => string)(`room.botSeat.${known}`);
}
