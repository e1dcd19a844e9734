/**
 * Deck codes out and in, in two rows that are always there: exporting fills the code's field (and copies
 * it), importing replaces the roster; neither moves anything on the page. An exported code shows only while
 * the roster is still the one it encodes.
 */
import '../../i18n/later-texts';
import { useState } from 'react';
import { useT } from '../../i18n';
import { toast } from '../../store';

export function CodeBox({ code, onImport }: { code: string | null; onImport: (code: string) => boolean }) {
  const t = useT();
  const [exported, setExported] = useState('');
  const [paste, setPaste] = useState('');
  const shown = code && exported === code ? code : '';
  return (
    <div className="db-codes">
      <div className="db-code">
        <input
          className="code-out"
          aria-label={t('deck.code')}
          readOnly
          value={shown}
          placeholder={code ? t('deck.codeWaiting') : t('deck.codeNeedsLegal')}
          onFocus={(e) => e.target.select()}
        />
        <button
          className="btn"
          disabled={!code}
          onClick={() => {
            if (!code) return;
            setExported(code);
            void navigator.clipboard
              ?.writeText(code)
              .then(() => toast(t('deck.copied'), 'info'))
              .catch(() => undefined);
          }}
        >
          {t('deck.export')}
        </button>
      </div>
      <form
        className="db-import"
        onSubmit={(e) => {
          e.preventDefault();
          if (onImport(paste.trim())) setPaste('');
        }}
      >
        <input aria-label={t('deck.codeToImport')} placeholder={t('deck.pasteCode')} value={paste} onChange={(e) => setPaste(e.target.value)} />
        <button className="btn" disabled={!paste.trim()}>
          {t('deck.import')}
        </button>
      </form>
    </div>
  );
}
