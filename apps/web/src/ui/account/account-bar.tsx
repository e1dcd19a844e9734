/**
 * The lobby header's account controls: "Sign in" / "Create account" for a guest (one dialog, two tabs, loaded
 * on first use), and for an account its menu: profile, change password, sign out, sign out everywhere.
 * Nothing shows while the server has no accounts (no `GET /api/me`).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { logout } from '../../net/identity';
import { toast, useApp } from '../../store';
import { apiErrorText } from '../../net/api-errors';
import { profilePath } from '../route';
import type { AccountTab } from './account-tab';

const AccountDialog = lazy(() => import('./account-dialog'));

const OPEN_EVENT = 'vroyale:account-dialog';
/** Opens the account dialog from anywhere on the page (the lobby's nudges, the Play panel's reasons). */
export function openAccountDialog(tab: AccountTab): void {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: tab }));
}

/** `header`: in the lobby's header, where a guest's "Create account" is the nudge's under it (one row stays one row). */
export function AccountBar({ header }: { header?: boolean }) {
  const account = useApp((s) => s.account);
  const t = useT();
  const [dialog, setDialog] = useState<AccountTab | null>(null);
  const [menu, setMenu] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const open = (e: Event) => setDialog((e as CustomEvent<AccountTab>).detail);
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, []);

  useEffect(() => {
    if (!menu) return;
    const close = (e: Event) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenu(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [menu]);

  if (!account) return null;
  const out = async (everywhere: boolean) => {
    setMenu(false);
    const r = await logout(everywhere);
    if (r) toast(apiErrorText(r));
  };
  return (
    <div className="account-bar">
      {account.guest || !account.username ? (
        <>
          <button ref={opener} className="btn" aria-haspopup="dialog" onClick={() => setDialog('sign-in')}>
            {t('account.signIn')}
          </button>
          {!header && (
            <button className="btn primary" aria-haspopup="dialog" onClick={() => setDialog('register')}>
              {t('account.createAccount')}
            </button>
          )}
        </>
      ) : (
        <div className="account-menu-wrap" ref={menuRef} onKeyDown={(e) => e.key === 'Escape' && (setMenu(false), opener.current?.focus())}>
          <button
            ref={opener}
            className="btn account-name"
            aria-haspopup="menu"
            aria-expanded={menu}
            aria-label={t('account.menu', { name: account.username })}
            onClick={() => setMenu((x) => !x)}
          >
            <span className="avatar" aria-hidden="true">
              {account.username.slice(0, 1).toUpperCase()}
            </span>
            {account.username} ▾
          </button>
          {menu && (
            <div className="account-menu" role="menu">
              <a role="menuitem" href={profilePath(account.username)} onClick={() => setMenu(false)}>
                {t('account.profile')}
              </a>
              <button role="menuitem" onClick={() => (setMenu(false), setDialog('password'))}>
                {t('account.changePassword')}
              </button>
              <button role="menuitem" onClick={() => void out(false)}>
                {t('account.signOut')}
              </button>
              <button role="menuitem" onClick={() => void out(true)}>
                {t('account.signOutEverywhere')}
              </button>
            </div>
          )}
        </div>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <AccountDialog
            tab={dialog}
            onTab={setDialog}
            onClose={() => {
              setDialog(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A guest's gentle nudge in the lobby (nothing for accounts, nor without accounts on the server). */
export function GuestNudge() {
  const account = useApp((s) => s.account);
  const t = useT();
  if (!account || !account.guest) return null;
  return (
    <p className="guest-nudge">
      <span>{t('account.guestNudge')}</span>
      <button className="btn small primary" onClick={() => openAccountDialog('register')}>
        {t('account.createAccount')}
      </button>
    </p>
  );
}
