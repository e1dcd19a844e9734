/**
 * A player's name in a room, as a menu (issue 17 §5): view their profile, block them (after a confirmation),
 * report them (a reason from REPORT_REASONS and an optional note; by username, or for a guest by match and
 * seat), and mute their chat for this match (this page only, for the room's life).
 */
import '../i18n/later-texts';
import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_REASONS, type Seat } from '@vroyale/protocol';
import { useT } from '../i18n';
import { block, muteChat, report } from '../net/community';
import { toast, useApp } from '../store';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';
import { profilePath } from './route';

type Reason = (typeof REPORT_REASONS)[number];

export function PlayerMenu({
  roomId,
  seat,
  name,
  username,
  matchId,
}: {
  roomId: string;
  seat: Seat;
  name: string;
  username: string | null;
  matchId: string | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const muted = useApp((s) => (s.mutedChat[roomId] ?? []).includes(seat));
  const account = useApp((s) => s.account);
  const wrap = useRef<HTMLDivElement>(null);
  const btn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => !wrap.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const pick = (f: () => void) => () => {
    setOpen(false);
    f();
  };
  return (
    <div className="player-name-wrap" ref={wrap} onKeyDown={(e) => e.key === 'Escape' && open && (e.stopPropagation(), setOpen(false), btn.current?.focus())}>
      <button
        ref={btn}
        className="btn ghost small player-name-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('profile.menuFor', { name })}
        onClick={() => setOpen((x) => !x)}
      >
        {name} ▾
      </button>
      {open && (
        <div className="player-menu" role="menu">
          {username && (
            <a role="menuitem" href={profilePath(username)} onClick={() => setOpen(false)}>
              {t('profile.viewProfile')}
            </a>
          )}
          {username && account && (
            <button role="menuitem" onClick={pick(() => setDialog('block'))}>
              {t('profile.block')}
            </button>
          )}
          {account && (username || matchId) && (
            <button role="menuitem" onClick={pick(() => setDialog('report'))}>
              {t('profile.report')}
            </button>
          )}
          <button
            role="menuitem"
            onClick={pick(() => {
              muteChat(roomId, seat, !muted);
              toast(t(muted ? 'profile.unmuted' : 'profile.muted', { name }), 'info');
            })}
          >
            {muted ? t('profile.unmuteChat') : t('profile.muteChat')}
          </button>
        </div>
      )}
      {dialog === 'block' && username && <BlockDialog name={username} onClose={() => (setDialog(null), btn.current?.focus())} />}
      {dialog === 'report' && (
        <ReportDialog name={name} target={username ? { username } : { matchId: matchId!, seat }} onClose={() => (setDialog(null), btn.current?.focus())} />
      )}
    </div>
  );
}

function BlockDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('profile.blockTitle', { name })}
      text={t('profile.blockText')}
      keep={t('profile.cancel')}
      confirm={t('profile.block')}
      onConfirm={() => block(name).then((ok) => ok && toast(t('profile.blocked', { name }), 'info'))}
      onClose={onClose}
    />
  );
}

function ReportDialog({ name, target, onClose }: { name: string; target: { username: string } | { matchId: string; seat: Seat }; onClose: () => void }) {
  const t = useT();
  const title = useId();
  const [reason, setReason] = useState<Reason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <Modal className="report-dialog" role="dialog" labelledBy={title} onClose={onClose}>
      <h2 id={title}>{t('profile.reportTitle', { name })}</h2>
      <form
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason || busy) return;
          setBusy(true);
          void report({ ...target, reason, ...(note.trim() ? { note: note.trim() } : {}) }).then((ok) => {
            setBusy(false);
            if (!ok) return;
            toast(t('profile.reported'), 'info');
            onClose();
          });
        }}
      >
        <label htmlFor="report-reason">{t('profile.reason')}</label>
        <select ref={first} id="report-reason" value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
          <option value="" disabled>
            —
          </option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`profile.reasons.${r}`)}
            </option>
          ))}
        </select>
        <label htmlFor="report-note">{t('profile.note')}</label>
        <textarea id="report-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('profile.cancel')}
          </button>
          <button className="btn primary" disabled={!reason || busy}>
            {t('profile.sendReport')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
