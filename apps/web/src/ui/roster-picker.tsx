import { useId, useMemo, useState } from 'react';
import { lastRoster, rememberRoster, rosterOptions } from '../decks';
import { useLanguage, useT } from '../i18n';

/** Choose what to play: a starter roster or one of your saved legal decks. */
export function useRosterChoice(): [string, (v: string) => void] {
  const [v, setV] = useState(lastRoster);
  return [
    v,
    (x: string) => {
      rememberRoster(x);
      setV(x);
    },
  ];
}

export function RosterPicker({ value, onChange, label }: { value: string; onChange: (v: string) => void; label?: string }) {
  const id = useId();
  const t = useT();
  const lang = useLanguage();
  const opts = useMemo(rosterOptions, [lang]);
  const cur = opts.find((o) => o.value === value);
  return (
    <div className="roster-picker">
      <label htmlFor={id}>{label ?? t('lobby.roster')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {opts.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {cur && <small className="hint">{cur.detail}</small>}
    </div>
  );
}
