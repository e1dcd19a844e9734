import '../../i18n/later-texts';
import { describeTarget } from '../../game/choices';
import { useT } from '../../i18n';
import { pointing, useUi } from '../../store';
import { CardFace } from '../card';
import { pick } from './actions';
import type { Ctx } from './context';

export function StackPanel({ ctx }: { ctx: Ctx }) {
  const { view, labels } = ctx;
  const point = useUi((s) => s.point);
  const t = useT();
  if (view.stack.length === 0) return null;
  return (
    <section className="stack-panel" aria-label={t('playmat.stackLabel')}>
      <h3>{t('playmat.stack')}</h3>
      <ol>
        {[...view.stack].reverse().map((it, i) => {
          const def = view.defs[it.sourceDef];
          const targetable = ctx.aimingNext.has(it.id);
          // The source's board label when it is on view ("Chat Regular (2)"), else its printed name.
          const source = labels.ref(it.source) ? labels.name(it.source) : (def?.name ?? t('playmat.effect'));
          const text =
            it.controller === ctx.me ? t(`playmat.item.${it.kind}_you`, { source }) : t(`playmat.item.${it.kind}`, { source, name: ctx.names[it.controller] });
          const targets = it.targets.map((t) => describeTarget(view, t, labels));
          const body = (
            <>
              <span className="st-pos">{i === 0 ? t('playmat.top') : i + 1}</span>
              {def && <CardFace def={def} view={it.card} size="xs" />}
              <span className="st-text">
                <b>{text}</b>
                {targets.length > 0 && <small>{t('playmat.targets', { targets: targets.join(t('cards.sep')) })}</small>}
              </span>
            </>
          );
          const cls = [targetable ? 'targetable' : '', point.includes(it.id) ? 'pointed' : ''].filter(Boolean).join(' ');
          return (
            // Hovering an item points at the card it came from, when that card is on the board.
            <li key={it.id} data-stack-id={it.id} className={cls || undefined} {...(labels.ref(it.source) && !it.card ? pointing([it.source]) : {})}>
              {targetable ? (
                <button className="st-btn" onClick={() => pick(ctx, it.id)} aria-label={`${text}${t('playmat.canBeChosen')}`}>
                  {body}
                </button>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
