/**
 * The Star Pool as a resource, the way card games show mana: "★ available / total" with a pip per star (lit:
 * can be spent now; dim: spent), beside a stack of the star cards that opens on click. Shown for both managers
 * at all times: whether a highlight is affordable on the opponent's turn is read here at a glance.
 */
import '../../i18n/later-texts';
import type { ManagerId } from '@vroyale/engine';
import { useT } from '../../i18n';
import { ui } from '../../store';
import type { Ctx } from './context';

/** Stars that can be spent now, and the Star Pool's capacity (every star card's printed stars). */
export function starCount(ctx: Pick<Ctx, 'view'>, m: ManagerId): { available: number; total: number; cards: number; tilted: number } {
  const mv = ctx.view.managers[m];
  let ready = 0;
  let total = 0;
  let tilted = 0;
  for (const c of mv.starPool) {
    const n = ctx.view.defs[c.def]?.stars ?? 0;
    total += n;
    if (c.tilted) tilted++;
    else ready += n;
  }
  return { available: mv.availableStars + ready, total: Math.max(total, mv.availableStars + ready), cards: mv.starPool.length, tilted };
}

const MAX_PIPS = 12;

export function StarStack({ ctx, m, title }: { ctx: Ctx; m: ManagerId; title: string }) {
  const t = useT();
  const mv = ctx.view.managers[m];
  const { available, total, cards, tilted } = starCount(ctx, m);
  const label = t('playmat.starStack', { available, total, count: cards, tilted });
  const open = () => ui.setState({ browse: { title, ids: mv.starPool.map((c) => c.id), manager: m }, menu: null });
  const actionable = mv.starPool.some((c) => ctx.byCard.get(c.id)?.length);
  return (
    <button
      className={`star-stack${actionable ? ' can-tilt' : ''}${available === 0 && total > 0 ? ' spent' : ''}`}
      onClick={open}
      aria-label={label}
      title={t('playmat.starsTitle', { now: mv.availableStars, ready: available - mv.availableStars })}
    >
      <span className="star-counter" aria-hidden="true">
        <span className="star-glyph">★</span>
        <b>{available}</b>
        <span className="star-total">/{total}</span>
      </span>
      {total > 0 && total <= MAX_PIPS && (
        <span className="star-pips" aria-hidden="true">
          {Array.from({ length: total }, (_, i) => (
            <i key={i} className={i < available ? 'lit' : ''} />
          ))}
        </span>
      )}
      <span className="star-pile" aria-hidden="true">
        {cards === 0 ? (
          <span className="star-none">{t('playmat.noStarCards')}</span>
        ) : (
          mv.starPool.slice(-4).map((c) => <span key={c.id} className={`star-chip${c.tilted ? ' tilted' : ''}`} />)
        )}
        {cards > 0 && (
          <span className="star-cards-n">{tilted ? t('playmat.starCardsTilted', { count: cards, tilted }) : t('playmat.starCards', { count: cards })}</span>
        )}
      </span>
    </button>
  );
}
