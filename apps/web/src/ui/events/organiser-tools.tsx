/**
 * The organiser's tools (only in the organiser's view, `organiserTools`): start now, pause before the next round /
 * resume, cancel (asked first), fix a Swiss result (round, table, games each way and draws), drop a player (asked
 * first), and the event's link — an invite-only event's with its code. The server judges each; a refusal is a toast.
 */
import '../../i18n/later-texts';
import { useState } from 'react';
import type { TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { manage } from '../../net/tournaments';
import { toast } from '../../store';
import { eventPath } from '../route';
import { ConfirmDialog } from '../confirm-dialog';
import type { NameOf } from './names';

export function OrganiserTools({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  const [asking, setAsking] = useState<'cancel' | 'drop' | null>(null);
  const [dropWho, setDropWho] = useState('');
  if (!v.organiserTools) return null;
  const tournamentId = v.id;
  const over = v.status === 'finished' || v.status === 'cancelled';
  const link = `${location.origin}/${eventPath(v.id, v.organiserTools.invite)}`;
  const active = v.players.filter((p) => p.droppedAfterRound === undefined);
  const pauseAsked = v.pauseRequested;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast(t('events.org.copied'), 'info');
    } catch {
      toast(t('lobby.clipboardRefused'));
    }
  };
  return (
    <section className="panel organiser-tools" aria-labelledby="org-title">
      <h2 id="org-title">{t('events.org.title')}</h2>
      <label className="link-row">
        <span>{v.organiserTools.invite ? t('events.org.inviteLink') : t('events.org.eventLink')}</span>
        <span className="link-field">
          <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <button className="btn small" type="button" onClick={() => void copy()}>
            {t('events.org.copyLink')}
          </button>
        </span>
      </label>
      {!over && (
        <div className="row-actions">
          {v.status === 'registration' && (
            <button className="btn primary" title={t('events.org.startHint')} onClick={() => void manage({ op: 'start', tournamentId })}>
              {t('events.org.start')}
            </button>
          )}
          {v.status === 'running' && !pauseAsked && (
            <button className="btn" onClick={() => void manage({ op: 'pause', tournamentId })}>
              {t('events.org.pause')}
            </button>
          )}
          {(v.status === 'paused' || (v.status === 'running' && pauseAsked)) && (
            <button className="btn primary" onClick={() => void manage({ op: 'resume', tournamentId })}>
              {t('events.org.resume')}
            </button>
          )}
          <button className="btn danger" onClick={() => setAsking('cancel')}>
            {t('events.org.cancel')}
          </button>
        </div>
      )}
      {v.status === 'running' && pauseAsked && <p className="hint">{t('events.org.pauseRequested')}</p>}
      {v.history.some((r) => r.stage === 'swiss') && <FixResult v={v} nameOf={nameOf} />}
      {(v.status === 'running' || v.status === 'paused') && active.length > 0 && (
        <form
          className="org-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (dropWho) setAsking('drop');
          }}
        >
          <h3>{t('events.org.dropPlayer')}</h3>
          <label>
            <span>{t('events.org.dropWho')}</span>
            <select value={dropWho} onChange={(e) => setDropWho(e.target.value)}>
              <option value="">—</option>
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {nameOf(p.id)}
                </option>
              ))}
            </select>
          </label>
          <button className="btn" disabled={!dropWho}>
            {t('events.org.dropSubmit')}
          </button>
        </form>
      )}
      {asking === 'cancel' && (
        <ConfirmDialog
          title={t('events.org.cancelTitle', { name: v.name })}
          text={t('events.org.cancelText')}
          keep={t('events.org.cancelKeep')}
          confirm={t('events.org.cancelConfirm')}
          onConfirm={() => manage({ op: 'cancel', tournamentId })}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'drop' && dropWho && (
        <ConfirmDialog
          title={t('events.org.dropTitle', { name: nameOf(dropWho) })}
          text={t('events.org.dropText', { name: nameOf(dropWho) })}
          keep={t('events.drop.keep')}
          confirm={t('events.org.dropConfirm', { name: nameOf(dropWho) })}
          onConfirm={() => manage({ op: 'drop', tournamentId, playerId: dropWho }).then((ok) => ok && setDropWho(''))}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** Fix a reported result of a Swiss round: the table's two players named, games won by each and drawn games. */
function FixResult({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  const swiss = v.history.filter((r) => r.stage === 'swiss');
  const [round, setRound] = useState(swiss.at(-1)?.number ?? 1);
  const [table, setTable] = useState(1);
  const [score, setScore] = useState({ winsA: 0, winsB: 0, draws: 0 });
  const tables = (swiss.find((r) => r.number === round)?.pairings ?? []).filter((m) => m.b !== null);
  const m = tables.find((x) => x.table === table) ?? tables[0];
  const num = (k: keyof typeof score, max: number, label: string) => (
    <label>
      <span>{label}</span>
      <input
        type="number"
        min={0}
        max={max}
        value={score[k]}
        onChange={(e) => setScore({ ...score, [k]: Math.max(0, Math.min(max, Number(e.target.value) || 0)) })}
      />
    </label>
  );
  return (
    <form
      className="org-form fix-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (m) void manage({ op: 'fix', tournamentId: v.id, round, table: m.table, result: score }).then((ok) => ok && toast(t('events.org.fixed'), 'info'));
      }}
    >
      <h3>{t('events.org.fix')}</h3>
      <div className="fix-grid">
        <label>
          <span>{t('events.org.fixRound')}</span>
          <select value={round} onChange={(e) => setRound(Number(e.target.value))}>
            {swiss.map((r) => (
              <option key={r.number} value={r.number}>
                {r.number}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('events.org.fixTable')}</span>
          <select value={m?.table ?? ''} onChange={(e) => setTable(Number(e.target.value))}>
            {tables.map((x) => (
              <option key={x.table} value={x.table}>
                {`${x.table}: ${nameOf(x.a)} – ${nameOf(x.b)}`}
              </option>
            ))}
          </select>
        </label>
        {m && num('winsA', 3, t('events.org.fixWinsA', { name: nameOf(m.a) }))}
        {m && num('winsB', 3, t('events.org.fixWinsB', { name: nameOf(m.b) }))}
        {num('draws', 9, t('events.org.fixDraws'))}
      </div>
      <button className="btn" disabled={!m}>
        {t('events.org.fixSubmit')}
      </button>
    </form>
  );
}
