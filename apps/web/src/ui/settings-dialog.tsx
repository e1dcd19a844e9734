/**
 * The settings dialog (a lazy chunk, opened by `settings-button.tsx`): animations, sound, the clock warning,
 * the language and the stops. Everything applies at once and is kept in this browser (settings.ts; stops
 * through net/stops.ts, the language through i18n).
 */
import { useEffect, useRef } from 'react';
import { useT } from '../i18n';
import { changeSettings, DEFAULT_SETTINGS, useSettings, type Settings } from '../settings';
import { playSound } from '../sound';
import { useApp } from '../store';
import { LanguagePicker } from './language-picker';
import { Modal } from './modal';
import { StopsDialog } from './stops-panel';
import './settings-dialog.css';

const systemReduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function SettingsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const s = useSettings((x) => x);
  const me = useApp((x) => x.me);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const modes: { value: Settings['animations']; label: string }[] = [
    { value: 'system', label: t('settings.animationsSystem', { state: systemReduced() ? t('settings.animationsOff') : t('settings.animationsOn') }) },
    { value: 'on', label: t('settings.animationsOn') },
    { value: 'off', label: t('settings.animationsOff') },
  ];
  return (
    <Modal className="settings-dialog" role="dialog" labelledBy="settings-title" onClose={onClose}>
      <h2 id="settings-title">{t('settings.title')}</h2>

      <fieldset className="set-group">
        <legend>{t('settings.animations')}</legend>
        <p className="hint">{t('settings.animationsHint')}</p>
        <div className="set-radios">
          {modes.map((m, i) => (
            <label key={m.value} className="toggle">
              <input
                ref={i === 0 ? first : undefined}
                type="radio"
                name="set-animations"
                checked={s.animations === m.value}
                onChange={() => changeSettings({ animations: m.value })}
              />{' '}
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="set-group">
        <legend>{t('settings.sound')}</legend>
        <p className="hint">{t('settings.soundHint')}</p>
        <div className="set-row">
          <label className="toggle">
            <input type="checkbox" checked={s.muted} onChange={(e) => changeSettings({ muted: e.target.checked })} /> {t('settings.mute')}
          </label>
          <label className="set-volume">
            {t('settings.volume')}
            <input
              type="range"
              min={0}
              max={100}
              step={5}
              value={Math.round(s.volume * 100)}
              disabled={s.muted}
              onChange={(e) => changeSettings({ volume: Number(e.target.value) / 100 })}
            />
            <output>{Math.round(s.volume * 100)}%</output>
          </label>
          <button className="btn small" disabled={s.muted || s.volume === 0} onClick={() => playSound('turn')}>
            {t('settings.test')}
          </button>
        </div>
      </fieldset>

      <fieldset className="set-group">
        <legend>{t('settings.clock')}</legend>
        <label className="set-row">
          <span>{t('settings.clockLabel')}</span>
          <input
            type="number"
            className="set-seconds"
            min={0}
            max={600}
            step={5}
            value={s.clockWarnSeconds}
            onChange={(e) => {
              const n = Math.round(Number(e.target.value));
              if (Number.isFinite(n)) changeSettings({ clockWarnSeconds: Math.max(0, Math.min(600, n)) });
            }}
          />
          <span>{t('settings.seconds')}</span>
        </label>
        <p className="hint">{t('settings.clockHint')}</p>
      </fieldset>

      <fieldset className="set-group">
        <legend>{t('settings.language')}</legend>
        <LanguagePicker />
      </fieldset>

      <fieldset className="set-group">
        <legend>{t('settings.stops')}</legend>
        {me ? <StopsDialog embedded onClose={onClose} /> : <p className="hint">{t('settings.stopsHint')}</p>}
      </fieldset>

      <div className="options">
        <button className="btn" onClick={() => changeSettings({ ...DEFAULT_SETTINGS })}>
          {t('settings.reset')}
        </button>
        <button className="btn primary" onClick={onClose}>
          {t('settings.done')}
        </button>
      </div>
    </Modal>
  );
}
