/** One game or a best of three (issue 34): the choice of a new room and of a challenge; one game by default. */
import type { MatchFormat } from '@vroyale/protocol';
import { useT } from '../i18n';

export function FormatSelect({ id, value, onChange }: { id: string; value: MatchFormat; onChange: (f: MatchFormat) => void }) {
  const t = useT();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'bo3' ? 'bo3' : 'bo1')}>
      <option value="bo1">{t('lobby.formatBo1')}</option>
      <option value="bo3">{t('lobby.formatBo3')}</option>
    </select>
  );
}
