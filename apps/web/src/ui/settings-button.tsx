/** Opens the settings dialog (loaded on first use) from the lobby header and the room's top bar; `#/settings` opens it over the lobby. */
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../i18n';

const SettingsDialog = lazy(() => import('./settings-dialog'));

export function SettingsButton({ compact }: { compact?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        className="btn ghost settings-btn"
        aria-haspopup="dialog"
        aria-label={t('settings.open')}
        title={t('settings.open')}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19.4 13a7.6 7.6 0 000-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 00-1.7-1L15 3.3h-4l-.4 2.6a7.4 7.4 0 00-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 000 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 001.7 1l.4 2.6h4l.4-2.6a7.4 7.4 0 001.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 110-7 3.5 3.5 0 010 7z"
            transform="translate(-1 0)"
          />
        </svg>
        {!compact && <span> {t('settings.open')}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SettingsDialog
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The `#/settings` route: the dialog open over the given screen; closing it goes to the lobby. */
export function SettingsRoute({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SettingsDialog onClose={onClose} />
    </Suspense>
  );
}
