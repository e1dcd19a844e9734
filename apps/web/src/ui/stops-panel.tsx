/**
 * Stops: where this person wants to be asked (docs/auto-pass.md), said as a player says it ("Stop me on my turn:
 * to play cards, to choose my attackers…"). Everywhere else the server passes for them at once, deciding from
 * these settings and public facts only. The settings are this browser's (saved with the server's ack) and
 * private: the opponent never sees them. Also the one-shot passes of the current match, as plain choices.
 */
import '../i18n/later-texts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type PassUntilMode, type StopSettings } from '@vroyale/protocol';
import { passUntil, sendStops } from '../net/stops';
import { t as translate, useT } from '../i18n';
import { toast, useApp } from '../store';
import { Modal } from './modal';
import './stops-panel.css';

/** A window's words, on one's own turn (`own`) or the opponent's (`their`): each list in the order of a turn. */
const say = (side: 'own' | 'their', w: string): string => (translate as unknown as (k: string) => string)(`stops.${side}.${w}`);

/** A stop changed: sent at once (the server re-plans the current decision), kept once acknowledged. */
async function change(next: StopSettings): Promise<void> {
  if (!(await sendStops(next))) toast(translate('stops.notSaved'));
}

export function StopsButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const full = useApp((s) => s.stops.fullControl);
  const t = useT();
  return (
    <>
      <button ref={opener} className={`btn ghost${full ? ' on' : ''}`} aria-haspopup="dialog" onClick={() => setOpen(true)} title={t('stops.title')}>
        {full ? t('stops.buttonFull') : t('stops.button')}
      </button>
      {open && (
        <StopsDialog
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** Embedded (the settings dialog): the same content in a section of a dialog already open. */
const Section = (p: { className: string; labelledBy: string; children: ReactNode }) => (
  <section className={`${p.className} embedded`} aria-labelledby={p.labelledBy}>
    {p.children}
  </section>
);

export function StopsDialog({ onClose, embedded }: { onClose: () => void; embedded?: boolean }) {
  const stops = useApp((s) => s.stops);
  const first = useRef<HTMLInputElement>(null);
  const t = useT();
  useEffect(() => void (embedded || first.current?.focus()), [embedded]);
  const Shell = embedded ? Section : Modal;
  // Under full control every stop applies: the boxes show the settings that come back when it is off.
  const box = (checked: boolean, label: string, set: (v: boolean) => void) => (
    <input type="checkbox" checked={checked} disabled={stops.fullControl} aria-label={label} onChange={(e) => void set(e.target.checked)} />
  );
  // One line per window, in the order of a turn: the sentence is the label.
  const line = (key: string, checked: boolean, label: string, set: (v: boolean) => void) => (
    <li key={key}>
      <label className="stop-line">
        {box(checked, label, set)}
        <span>{label}</span>
      </label>
    </li>
  );
  return (
    <Shell className="stops-dialog" role="dialog" labelledBy="stops-title" onClose={onClose}>
      {/* Embedded in Settings, the fieldset's legend already says "Stops": the heading is for screen readers. */}
      <h2 id="stops-title" className={embedded ? 'sr-only' : undefined}>
        {t('stops.heading')}
      </h2>
      <p className="hint">{t('stops.hint')}</p>
      <label className="toggle">
        <input ref={first} type="checkbox" checked={stops.fullControl} onChange={(e) => void change({ ...stops, fullControl: e.target.checked })} />{' '}
        {t('stops.fullControl')}
      </label>
      <div className="stop-turns">
        <fieldset className="stop-turn">
          <legend>{t('stops.myTurn')}</legend>
          <ul>{OWN_TURN_WINDOWS.map((w) => line(w, stops.own[w], say('own', w), (v) => change({ ...stops, own: { ...stops.own, [w]: v } })))}</ul>
        </fieldset>
        <fieldset className="stop-turn">
          <legend>{t('stops.theirTurn')}</legend>
          <ul>
            {OPPONENT_TURN_WINDOWS.map((w) =>
              line(w, stops.opponent[w], say('their', w), (v) => change({ ...stops, opponent: { ...stops.opponent, [w]: v } })),
            )}
          </ul>
        </fieldset>
      </div>
      <label className="toggle">
        {box(stops.opponentStack, t('stops.opponentStack'), (v) => change({ ...stops, opponentStack: v }))} {t('stops.opponentStack')}
      </label>
      <div className="options">
        <button className="btn" onClick={() => void change(DEFAULT_STOP_SETTINGS)}>
          {t('stops.reset')}
        </button>
        <button className="btn primary" onClick={onClose}>
          {t('stops.done')}
        </button>
      </div>
    </Shell>
  );
}

/**
 * "Skip until something happens" / "Skip to my turn" for this match, as one compact control (the top bar has to
 * fit a 1024 px screen): choosing sets the one-shot, and it shows "Stop as usual" again once the one-shot has
 * ended (or to cancel it).
 */
export function OneShotControls({ roomId }: { roomId: string }) {
  const mode = useApp((s) => s.oneShots[roomId] ?? null);
  const t = useT();
  const set = (m: PassUntilMode) => void passUntil(roomId, m).then((ok) => ok || toast(translate('stops.notSet')));
  return (
    <select
      className={`one-shot${mode ? ' on' : ''}`}
      aria-label={t('stops.passAuto')}
      value={mode ?? ''}
      onChange={(e) => set((e.target.value || null) as PassUntilMode)}
    >
      <option value="">{t('stops.asSet')}</option>
      <option value="something-happens">{t('stops.untilSomething')}</option>
      <option value="my-turn">{t('stops.untilMyTurn')}</option>
    </select>
  );
}
