import { useId, useMemo, useState } from 'react';
import { lastRoster, rememberRoster, rosterOptions } from '../decks';
import { useLanguage, useT } from '../i18n';
import { useApp } from '../store';

/** Choose what to play: a starter roster or one of your decks (kept on the server). */
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

export function RosterPicker({ value, onChange, label, id: givenId }: { value: string; onChange: (v: string) => void; label?: string; id?: string }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const t = useT();
  const lang = useLanguage();
  const decks = useApp((s) => s.decks);
  const opts = useMemo(() => rosterOptions(decks), [lang, decks]);
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
        {/* A deck chosen before (or still loading, or deleted elsewhere): kept, and the server judges it. */}
        {!cur && <option value={value}>{t('account.deckByCode')}</option>}
      </select>
      {cur && <small className="hint">{cur.detail}</small>}
    </div>
  );
}
