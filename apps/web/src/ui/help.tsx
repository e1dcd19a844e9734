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

export function HelpButton() {
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
      <button className="btn ghost help-button" onClick={() => setOpen(true)} aria-label={t('help.openHelp')} title={t('help.openHelp')}>
        ?
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
