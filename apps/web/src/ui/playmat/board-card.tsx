/** A card on the playmat: its face plus the combat badges, the click/keyboard handling and its action menu. */
import '../../i18n/later-texts';
import { useRef } from 'react';
import type { CardView } from '@vroyale/engine';
import type { Labels } from '../../game/labels';
import { useT } from '../../i18n';
import { pointing, ui, useUi } from '../../store';
import { CardFace, cardLabel, type CardSize } from '../card';
import { clickCard, oneClick } from './actions';
import { CardMenu } from './card-menu';
import type { Ctx } from './context';
import { DragCard, draggable } from './dnd';
import { canHover } from '../card';

/** The short words of what one click does, shown under a card when pointed at (`playmat.hint.*`). */
function hintKey(entry: string, def: { types: readonly string[] }): string {
  if (entry === 'play') return def.types.includes('highlight') ? 'play' : 'debut';
  if (entry === 'place-star') return 'star';
  if (entry.startsWith('activate')) return 'activate';
  return entry === 'discard' ? 'discard' : 'open';
}

/**
 * A card name in a badge: the name may be cut short to the card's width, the marker never is (it is what
 * tells two same-named attackers apart).
 */
function BadgeName({ labels, id }: { labels: Labels; id: string }) {
  const r = labels.ref(id);
  const t = useT();
  return (
    <>
      <span className="badge-name">{r?.name ?? t('labels.aCard')}</span>
      {r?.n != null && <span className="badge-mark">({r.n})</span>}
    </>
  );
}

export function BoardCard({ ctx, card, size, extraClass }: { ctx: Ctx; card: CardView; size: CardSize; extraClass?: string }) {
  const def = ctx.view.defs[card.def];
  const menu = useUi((s) => s.menu === card.id);
  const aimed = useUi((s) => s.aiming?.picked.includes(card.id) ?? false);
  const pointed = useUi((s) => s.point.includes(card.id));
  const anchor = useRef<HTMLDivElement>(null);
  const t = useT();
  if (!def) return null;
  const acts = ctx.byCard.get(card.id);
  const targetable = ctx.aimingNext.has(card.id);
  const declarable = ctx.declarable.has(card.id);
  const selected = ctx.draft.selected === card.id;
  // Paying tilts stars by itself: a star card whose only action is a manual tilt is not a move worth
  // advertising. Its menu stays one click away, but the card does not glow as playable.
  const quiet = !!acts?.length && acts.every((a) => a.type === 'tilt-star');
  const actionable = (!!acts?.length && !quiet) || declarable;
  const clickable = actionable || quiet || targetable;
  const attacking = ctx.attackers.has(card.id);
  const blocking = ctx.blocks.get(card.id);
  const blockedBy = ctx.blockedBy.get(card.id);
  const problems = ctx.problems.get(card.id);
  const cls = [
    'slot',
    card.tilted ? 'tilted' : '',
    actionable ? 'actionable' : '',
    targetable ? 'targetable' : '',
    aimed ? 'aimed' : '',
    pointed ? 'pointed' : '',
    attacking ? 'attacking' : '',
    blocking ? 'blocking' : '',
    problems ? 'has-problem' : '',
    selected ? 'selected' : '',
    extraClass ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const { labels } = ctx;
  const and = t('playmat.and');
  const state = [
    selected ? t('playmat.selectedToBlock') : '',
    attacking ? t('playmat.attackingState') : '',
    blockedBy ? t('playmat.blockedBy', { cards: blockedBy.map((b) => labels.full(b)).join(and) }) : '',
    blocking ? t('playmat.blockingState', { cards: blocking.map((a) => labels.full(a)).join(and) }) : '',
  ].join('');
  // Hovering one side of a block points at the other: the badges may have to shorten names.
  const linked = blocking ?? blockedBy;
  const offer = targetable ? t('playmat.canBeChosen') : actionable ? t('playmat.hasActions') : quiet ? t('playmat.canTilt') : '';
  const label = `${cardLabel(def, card, labels.name(card.id))}${state}${offer}`;
  const menuable = (actionable || quiet) && !targetable && !declarable;
  const mark = labels.ref(card.id)?.n;
  const inHand = extraClass?.includes('in-hand') ?? false;
  // What a click does, said under the card while it is pointed at (a mouse's click acts at once when it is one thing).
  const one = actionable && !targetable && !declarable ? oneClick(ctx, card.id, def, !canHover(), inHand) : null;
  const hint = targetable
    ? t('playmat.hint.choose')
    : declarable
      ? ctx.offer?.type === 'choose-attackers'
        ? attacking
          ? t('playmat.hint.unattack')
          : t('playmat.hint.attack')
        : t('playmat.hint.block')
      : one
        ? (t as unknown as (k: string) => string)(`playmat.hint.${hintKey(one.key, def)}`)
        : menuable
          ? t('playmat.hint.open')
          : null;
  const canDrag = card.owner === ctx.me && (inHand || declarable) && draggable(ctx, card.id, def);
  return (
    <div className={cls} ref={anchor} {...(linked ? pointing(linked) : {})}>
      <div
        className="slot-btn"
        role={clickable ? 'button' : 'img'}
        tabIndex={0}
        aria-label={label}
        aria-haspopup={menuable ? 'menu' : undefined}
        aria-expanded={menuable ? menu : undefined}
        aria-description={hint ?? undefined}
        onClick={clickable ? (e) => clickCard(ctx, card.id, def, { touch: (e.nativeEvent as PointerEvent).pointerType === 'touch', inHand }) : undefined}
        // A right click shows every action (the menu), where a left click would do the one it names.
        onContextMenu={menuable && canHover() ? (e) => (e.preventDefault(), ui.setState({ menu: card.id, aiming: null })) : undefined}
        onKeyDown={
          clickable
            ? (e) => {
                // Enter does what a click does; Shift+Enter (or the context-menu key) opens the card's menu of every
                // action even when a click would act at once. Space is the pass/confirm key everywhere
                // (playmat/keys.ts) and reaches the card only when there is nothing to pass or confirm.
                if ((e.key === 'Enter' && e.shiftKey) || e.key === 'ContextMenu') {
                  e.preventDefault();
                  e.stopPropagation();
                  if (menuable) ui.setState({ menu: card.id, aiming: null });
                } else if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  e.stopPropagation();
                  clickCard(ctx, card.id, def, { inHand });
                }
              }
            : undefined
        }
      >
        <DragCard id={card.id} enabled={canDrag}>
          <CardFace def={def} view={card} size={size} />
        </DragCard>
      </div>
      {hint && (
        <span className="slot-hint" aria-hidden="true">
          {hint}
        </span>
      )}
      {mark != null && (
        // The marker the menus, prompts and log use for this card ("Chat Regular (2)"), on the card itself.
        <span className="slot-mark" aria-hidden="true" title={labels.name(card.id)}>
          ({mark})
        </span>
      )}
      {attacking && (
        <span className="badges badges-foot">
          <span className="badge badge-attack">⚔ {t('playmat.attacking')}</span>
        </span>
      )}
      {blocking && (
        // One badge per attacker, each no wider than its card (a long name wraps, its marker stays whole):
        // badges of neighbouring cards never overlap, and a Moderator blocking several attackers stacks them.
        // Over the art, where they hide neither the name nor ATK/HP.
        <span className="badges badges-art">
          {blocking.map((a) => (
            <span key={a} className="badge badge-block" title={t('playmat.blocking', { card: labels.full(a) })}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" />
              </svg>
              <BadgeName labels={labels} id={a} />
            </span>
          ))}
        </span>
      )}
      {menu && <CardMenu ctx={ctx} id={card.id} def={def} view={card} anchor={anchor} />}
    </div>
  );
}
