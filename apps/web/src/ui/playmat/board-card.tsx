/** A card on the playmat: its face plus the combat badges, the click/keyboard handling and its action menu. */
import { useRef } from 'react';
import type { CardView } from '@vroyale/engine';
import { useUi } from '../../store';
import { CardFace, cardLabel, type CardSize } from '../card';
import { clickCard } from './actions';
import { CardMenu } from './card-menu';
import { nameOf, type Ctx } from './context';

export function BoardCard({ ctx, card, size, extraClass }: { ctx: Ctx; card: CardView; size: CardSize; extraClass?: string }) {
  const def = ctx.view.defs[card.def];
  const menu = useUi((s) => s.menu === card.id);
  const aimed = useUi((s) => s.aiming?.picked.includes(card.id) ?? false);
  const anchor = useRef<HTMLDivElement>(null);
  if (!def) return null;
  const acts = ctx.byCard.get(card.id);
  const targetable = ctx.aimingNext.has(card.id);
  const declarable = ctx.declarable.has(card.id);
  const selected = ctx.draft.selected === card.id;
  const actionable = !!acts?.length || declarable;
  const attacking = ctx.attackers.has(card.id);
  const blocking = ctx.blocks.get(card.id);
  const problems = ctx.problems.get(card.id);
  const cls = [
    'slot',
    card.tilted ? 'tilted' : '',
    actionable ? 'actionable' : '',
    targetable ? 'targetable' : '',
    aimed ? 'aimed' : '',
    attacking ? 'attacking' : '',
    blocking ? 'blocking' : '',
    problems ? 'has-problem' : '',
    selected ? 'selected' : '',
    extraClass ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = `${cardLabel(def, card)}${selected ? ', selected to block' : ''}${attacking ? ', attacking' : ''}${blocking ? `, blocking ${blocking.map((a) => nameOf(ctx.view, a)).join(' and ')}` : ''}${targetable ? ', can be chosen' : actionable ? ', has actions' : ''}`;
  const inner = <CardFace def={def} view={card} size={size} />;
  return (
    <div className={cls} ref={anchor}>
      <div
        className="slot-btn"
        role={actionable || targetable ? 'button' : 'img'}
        tabIndex={0}
        aria-label={label}
        aria-haspopup={actionable && !targetable && !declarable ? 'menu' : undefined}
        aria-expanded={actionable && !targetable && !declarable ? menu : undefined}
        onClick={actionable || targetable ? () => clickCard(ctx, card.id, def) : undefined}
        onKeyDown={
          actionable || targetable
            ? (e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  e.stopPropagation();
                  clickCard(ctx, card.id, def);
                }
              }
            : undefined
        }
      >
        {inner}
      </div>
      {attacking && <span className="badge badge-attack">⚔ Attacking</span>}
      {blocking && (
        <span className="badge badge-block">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" />
          </svg>
          {blocking.map((a) => nameOf(ctx.view, a)).join(', ')}
        </span>
      )}
      {menu && <CardMenu ctx={ctx} id={card.id} def={def} anchor={anchor} />}
    </div>
  );
}
