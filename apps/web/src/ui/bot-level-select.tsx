/** The level of the lobby's bot match (issue 18): easy, normal, hard (expert is bench-only: docs/bots.md); the server's default is normal. */
import type { BotLevel } from '@vroyale/protocol';
import { useT } from '../i18n';

const LEVELS: { level: BotLevel; text: 'lobby.levelEasy' | 'lobby.levelNormal' | 'lobby.levelHard' }[] = [
  { level: 'easy', text: 'lobby.levelEasy' },
  { level: 'normal', text: 'lobby.levelNormal' },
  { level: 'hard', text: 'lobby.levelHard' },
];

export function BotLevelSelect({ id, value, onChange }: { id: string; value: BotLevel; onChange: (level: BotLevel) => void }) {
  const t = useT();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as BotLevel)}>
      {LEVELS.map(({ level, text }) => (
        <option key={level} value={level}>
          {t(text)}
        </option>
      ))}
    </select>
  );
}
