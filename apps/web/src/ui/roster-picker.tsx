import { useId, useMemo, useState } from 'react';
import { lastRoster, rememberRoster, rosterOptions } from '../decks';

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

export function RosterPicker({ value, onChange, label = 'Roster' }: { value: string; onChange: (v: string) => void; label?: string }) {
  const id = useId();
  const opts = useMemo(rosterOptions, []);
  const cur = opts.find((o) => o.value === value);
  return (
    <div className="roster-picker">
      <label htmlFor={id}>{label}</label>
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
