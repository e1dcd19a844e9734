/**
 * "Create an event" (signed-in users): name, one game or best of three per match, Swiss rounds (the standard count
 * for the players by default), top cut, how long registration stays open, round time, public or invite only. The
 * server checks everything (protocol `TournamentCreatePayload`); the fields only keep to its ranges.
 */
import '../../i18n/later-texts';
import { useId, useState } from 'react';
import type { MatchFormat } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { createTournament } from '../../net/tournaments';
import { eventPath } from '../route';
import { FormatSelect } from '../format-select';
import { ClockSelect } from '../clock-select';
import { clockAt } from '../clocks';

const ROUNDS = Array.from({ length: 12 }, (_, i) => i + 1);

export function CreateForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [format, setFormat] = useState<MatchFormat>('bo1');
  // Index 0: the server's default clock; a tournament is always timed (no untimed choice).
  const [clockIdx, setClockIdx] = useState(0);
  const [rounds, setRounds] = useState(0);
  const [topCut, setTopCut] = useState<0 | 4 | 8>(0);
  const [regMin, setRegMin] = useState(30);
  const [roundMin, setRoundMin] = useState(50);
  const [visibility, setVisibility] = useState<'public' | 'invite'>('public');
  const [busy, setBusy] = useState(false);
  const ok = name.trim().length >= 3;
  const submit = async () => {
    setBusy(true);
    const r = await createTournament({
      name: name.trim(),
      format,
      ...(clockAt(clockIdx) ? { clock: clockAt(clockIdx) } : {}),
      ...(rounds > 0 ? { rounds } : {}),
      topCut,
      registrationMinutes: clamp(regMin, 1, 7 * 24 * 60),
      roundMinutes: clamp(roundMin, 5, 180),
      visibility,
    });
    setBusy(false);
    if (r) location.hash = eventPath(r.tournamentId, r.invite);
  };
  return (
    <form
      className="panel create-event"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok && !busy) void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t('events.create.title')}</h2>
      <div className="create-grid">
        <div className="wide field">
          <label htmlFor={`${id}-name`}>{t('events.create.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            required
            aria-describedby={`${id}-name-hint`}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('events.create.namePlaceholder')}
          />
          <small id={`${id}-name-hint`} className="hint">
            {t('events.create.nameHint')}
          </small>
        </div>
        <label>
          <span>{t('events.create.format')}</span>
          <FormatSelect id={`${id}-format`} value={format} onChange={setFormat} />
        </label>
        <label>
          <span>{t('events.create.clock')}</span>
          <ClockSelect id={`${id}-clock`} value={clockIdx} onChange={setClockIdx} untimed={false} />
        </label>
        <label>
          <span>{t('events.create.rounds')}</span>
          <select value={rounds} onChange={(e) => setRounds(Number(e.target.value))}>
            <option value={0}>{t('events.create.roundsStandard')}</option>
            {ROUNDS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('events.create.topCut')}</span>
          <select value={topCut} onChange={(e) => setTopCut(Number(e.target.value) as 0 | 4 | 8)}>
            <option value={0}>{t('events.create.topCutNone')}</option>
            <option value={4}>{t('events.create.topCut4')}</option>
            <option value={8}>{t('events.create.topCut8')}</option>
          </select>
        </label>
        <label>
          <span>{t('events.create.registrationMinutes')}</span>
          <input type="number" min={1} max={7 * 24 * 60} value={regMin} onChange={(e) => setRegMin(Number(e.target.value))} />
        </label>
        <label>
          <span>{t('events.create.roundMinutes')}</span>
          <input type="number" min={5} max={180} value={roundMin} onChange={(e) => setRoundMin(Number(e.target.value))} />
        </label>
        <fieldset className="radio-row wide">
          <legend>{t('events.create.visibility')}</legend>
          <label>
            <input type="radio" name={`${id}-vis`} checked={visibility === 'public'} onChange={() => setVisibility('public')} /> {t('events.create.public')}
          </label>
          <label>
            <input type="radio" name={`${id}-vis`} checked={visibility === 'invite'} onChange={() => setVisibility('invite')} /> {t('events.create.invite')}
          </label>
        </fieldset>
      </div>
      <div className="create-actions">
        <button className="btn primary" disabled={!ok || busy}>
          {busy ? t('events.create.creating') : t('events.create.submit')}
        </button>
        <button type="button" className="btn ghost" onClick={onCancel}>
          {t('events.create.cancel')}
        </button>
      </div>
    </form>
  );
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(Number.isFinite(n) ? n : lo)));
