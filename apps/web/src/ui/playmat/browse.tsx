/** The Graduation Zone / Hiatus / Star Pool browser: a modal over the playmat, its cards still clickable (some act from there: a star card tilts). */
import '../../i18n/later-texts';
import { useEffect } from 'react';
import type { ManagerId } from '@vroyale/engine';
import { useT } from '../../i18n';
import { ui, useUi } from '../../store';
import { BoardCard } from './board-card';
import type { Ctx } from './context';

export function Browse({ ctx }: { ctx: Ctx }) {
  const browse = useUi((s) => s.browse);
  const t = useT();
  useEffect(() => {
    if (browse) (document.querySelector('.browse [data-autofocus]') as HTMLElement | null)?.focus();
  }, [browse]);
  if (!browse) return null;
  const mv = ctx.view.managers[browse.manager as ManagerId];
  const cards = [...mv.graduation, ...mv.hiatus, ...mv.starPool].filter((c) => browse.ids.includes(c.id));
  return (
    <div className="modal-back" onClick={() => ui.setState({ browse: null })}>
      <div className="modal browse" role="dialog" aria-modal="true" aria-label={browse.title} onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>{browse.title}</h2>
          <button className="btn ghost" data-autofocus onClick={() => ui.setState({ browse: null })}>
            {t('playmat.close')}
          </button>
        </header>
        <div className="browse-cards">
          {cards.length === 0 && <p>{t('playmat.noCards')}</p>}
          {cards.map((c) => (
            <BoardCard key={c.id} ctx={ctx} card={c} size="sm" />
          ))}
        </div>
      </div>
    </div>
  );
}
