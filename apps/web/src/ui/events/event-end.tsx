/**
 * After the end: the champion (or that the event was cancelled), and the published lists — each player's roster
 * label and deck code, with a copy button (the server sends them only once the event is over).
 */
import '../../i18n/later-texts';
import type { TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { toast } from '../../store';
import type { NameOf } from './names';

export function Champion({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  if (v.status === 'cancelled')
    return (
      <section className="panel event-over" role="status">
        <p>{t('events.cancelled')}</p>
      </section>
    );
  if (v.status !== 'finished') return null;
  return (
    <section className="panel event-over champion" role="status">
      {v.champion ? (
        <p className="champion-line">
          <span aria-hidden="true">★</span> {t('events.bracket.championIs', { name: nameOf(v.champion), event: v.name })}
        </p>
      ) : (
        <p>{t('events.finished')}</p>
      )}
    </section>
  );
}

export function PublishedLists({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  if (!v.lists) return null;
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast(t('events.lists.copied'), 'info');
    } catch {
      toast(t('lobby.clipboardRefused'));
    }
  };
  return (
    <section className="panel event-lists" aria-labelledby="lists-title">
      <h2 id="lists-title">{t('events.lists.title')}</h2>
      <ul className="lists">
        {v.lists.map((l) => (
          <li key={l.id}>
            <b>{nameOf(l.id)}</b>
            <span className="hint">{l.label}</span>
            <code className="deck-code">{l.code}</code>
            <button className="btn small" onClick={() => void copy(l.code)} aria-label={t('events.lists.copyCode', { name: nameOf(l.id) })}>
              {t('events.lists.copy')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
