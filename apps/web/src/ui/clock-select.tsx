/** The clock choice of bot matches, rooms and challenges: an index into CLOCKS, or UNTIMED_IDX where untimed is allowed. */
import { useT } from '../i18n';
import { CLOCKS, clockText, UNTIMED_IDX } from './clocks';

export function ClockSelect({ id, value, onChange, untimed }: { id: string; value: number; onChange: (idx: number) => void; untimed: boolean }) {
  const t = useT();
  return (
    <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {untimed && <option value={UNTIMED_IDX}>{t('pace.untimed')}</option>}
      {CLOCKS.map((c, i) => (
        <option key={i} value={i}>
          {clockText(c)}
        </option>
      ))}
    </select>
  );
}
