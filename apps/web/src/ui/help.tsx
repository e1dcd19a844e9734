/**
 * The way to "How to play" from anywhere: a "?" button (the playmat's top bar), the ? key or F1 (not while
 * typing), and the #/how-to-play page (the lobby). The page itself is a lazy chunk.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Modal } from './modal';
import { keyStaysLocal } from './key-target';

const HowToPlay = lazy(() => import('./how-to-play/how-to-play'));

export function HowToPlayPage() {
  const t = useT();
  return (
    <div className="how-to-play-page">
      <a className="btn ghost" href="#/">
        ← {t('help.back')}
      </a>
      <Suspense fallback={<div className="loading">{t('common.loading')}</div>}>
        <HowToPlay />
      </Suspense>
    </div>
  );
}

/** `?` or F1 outside text fields and other dialogs. */
export function isHelpKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, target: Element | null): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key !== '?' && e.key !== 'F1') return false;
  return !keyStaysLocal(target);
}

/** `compact`: the "?" alone (the wide top bar); otherwise "? How to play" (a row of the narrow screen's menu). */
export function HelpButton({ compact = true }: { compact?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isHelpKey(e, e.target instanceof Element ? e.target : null) || document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {/* The keys are a mouse-and-keyboard user's tooltip and aria-keyshortcuts, not part of the name a touch screen reads out. */}
      <button
        className="btn ghost help-button"
        onClick={() => setOpen(true)}
        aria-label={t('help.howToPlay')}
        aria-keyshortcuts="? F1"
        title={t('help.openHelp')}
      >
        ?{!compact && <span> {t('help.howToPlay')}</span>}
      </button>
      {open && (
        <Modal className="how-to-play-dialog" role="dialog" labelledBy="how-to-play-title" onClose={() => setOpen(false)}>
          <button className="btn ghost close" onClick={() => setOpen(false)} autoFocus>
            ✕
          </button>
          <Suspense fallback={<div className="loading">{t('common.loading')}</div>}>
            <HowToPlay headingId="how-to-play-title" />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
