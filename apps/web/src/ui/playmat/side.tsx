/** One manager's half of the playmat: badge and stats, piles, Star Pool, stages and hand (mirrored for the top). */
import { useRef, type CSSProperties } from 'react';
import type { CardView, ManagerId, ManagerView } from '@vroyale/engine';
import { zoneInfo } from '../../game/glossary';
import { useT } from '../../i18n';
import { ui, useUi } from '../../store';
import { CardBack } from '../card';
import { pick } from './actions';
import { BoardCard } from './board-card';
import type { Ctx } from './context';
import { rowCardWidth, starGap, useWidth } from './layout';
import { Pile, Stage, Zone } from './zones';

function ManagerBadge({ ctx, m }: { ctx: Ctx; m: ManagerId }) {
  const mv = ctx.view.managers[m];
  const targetable = ctx.aimingNext.has(m);
  const pointed = useUi((s) => s.point.includes(m));
  const priority = ctx.view.priority === m;
  const t = useT();
  // The match is over at 0: an overshoot (5 damage with 3 left) is never shown as negative sanity.
  const sanity = Math.max(0, mv.sanity);
  const label = t(priority ? 'playmat.badgePriority' : 'playmat.badge', { name: m === ctx.me ? t('log.you') : ctx.names[m], n: sanity });
  const content = (
    <>
      <span className="mb-name">{ctx.names[m]}</span>
      <span className="mb-sanity" title={t('playmat.sanityTitle')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z" />
        </svg>
        {sanity}
      </span>
      {priority && <span className="mb-priority">{t('playmat.priority')}</span>}
      {ctx.view.active === m && <span className="mb-active">{t('playmat.turn')}</span>}
    </>
  );
  return targetable ? (
    <button className={`manager-badge targetable${pointed ? ' pointed' : ''}`} aria-label={`${label}${t('playmat.canBeChosen')}`} onClick={() => pick(ctx, m)}>
      {content}
    </button>
  ) : (
    <div className={`manager-badge${priority ? ' has-priority' : ''}${pointed ? ' pointed' : ''}`} role="group" aria-label={label}>
      {content}
    </div>
  );
}

export function Side({ ctx, m, top }: { ctx: Ctx; m: ManagerId; top: boolean }) {
  const mv: ManagerView = ctx.view.managers[m];
  const t = useT();
  const mine = m === ctx.me;
  /** A text about this side: the `_you` variant on the viewer's own side. */
  const own = (key: 'roster' | 'graduation' | 'hiatus' | 'hand' | 'handCard' | 'side', o: Record<string, unknown> = {}) =>
    mine ? t(`playmat.own.${key}_you`, o) : t(`playmat.own.${key}`, { name: ctx.names[m], ...o });
  const browse = (title: string, cards: CardView[]) => ui.setState({ browse: { title, ids: cards.map((c) => c.id), manager: m } });
  const handRef = useRef<HTMLDivElement>(null);
  const handWidth = useWidth(top ? null : handRef);
  const starRef = useRef<HTMLDivElement>(null);
  const starWidth = useWidth(starRef);
  // What paying could use now: stars already available plus the printed stars of untilted star cards.
  const ready = mv.starPool.reduce((n, c) => n + (c.tilted ? 0 : (ctx.view.defs[c.def]?.stars ?? 0)), 0);
  const tiltedStars = mv.starPool.filter((c) => c.tilted).length;
  const stats = (
    <div className="side-stats">
      <ManagerBadge ctx={ctx} m={m} />
      <span className="stat-chip" title={t('playmat.playedTitle', { limit: ctx.view.playLimit[m] })}>
        {t('playmat.played', { n: ctx.view.active === m ? ctx.view.played : 0, limit: ctx.view.playLimit[m] })}
      </span>
      <span className={`stat-chip${mv.deckOuts ? ' warn' : ''}`} title={t('playmat.deckOutsTitle')}>
        {t('playmat.deckOuts', { n: mv.deckOuts })}
      </span>
      {ctx.view.first && (
        // Public, and cards read it ("if you went second").
        <span className="stat-chip" title={t('playmat.orderTitle')}>
          {ctx.view.first === m ? t('playmat.wentFirst') : t('playmat.wentSecond')}
        </span>
      )}
      {ctx.view.phase === 'mulligan' && <span className="stat-chip">{t('playmat.mulliganState', { state: (t as unknown as (k: string) => string)(`playmat.mulliganStates.${mv.mulligan}`) })}</span>}
    </div>
  );
  const row = (
    <div className="side-row">
      <div className="zone-col">
        <Pile title={t('playmat.roster')} count={mv.rosterCount} cls="pile-roster">
          <CardBack size="xs" label={own('roster')} />
        </Pile>
        <Pile title={t('playmat.graduation')} count={mv.graduation.length} onOpen={() => browse(own('graduation'), mv.graduation)} cls="pile-grad">
          {mv.graduation.length > 0 && (
            <span className="grad-top" aria-hidden="true">
              {ctx.view.defs[mv.graduation[mv.graduation.length - 1]!.def]?.name}
            </span>
          )}
        </Pile>
        {mv.hiatus.length > 0 && <Pile title={t('playmat.hiatus')} count={mv.hiatus.length} onOpen={() => browse(own('hiatus'), mv.hiatus)} />}
      </div>
      <Zone title={t('playmat.starPool')} info={zoneInfo('starPool')} cls="zone-stars">
        <span
          className="stars-available"
          role="img"
          aria-label={t('playmat.starsLabel', { total: mv.availableStars + ready, now: mv.availableStars, ready })}
          title={t('playmat.starsTitle', { now: mv.availableStars, ready })}
        >
          ★{mv.availableStars + ready}
          <small>
            {mv.starPool.length
              ? tiltedStars
                ? t('playmat.starCardsTilted', { count: mv.starPool.length, tilted: tiltedStars })
                : t('playmat.starCards', { count: mv.starPool.length })
              : t('playmat.noStarCards')}
          </small>
        </span>
        <div className="star-cards" ref={starRef} style={starWidth ? ({ ['--star-gap' as string]: `${starGap(mv.starPool, starWidth)}px` } as CSSProperties) : undefined}>
          {mv.starPool.map((c) => (
            <BoardCard key={c.id} ctx={ctx} card={c} size="xs" extraClass="star-card" />
          ))}
        </div>
      </Zone>
      <Zone title={t('playmat.backstage')} info={zoneInfo('backstage')} cls={`zone-back${mv.backstage ? '' : ' is-empty'}`}>
        {mv.backstage ? <BoardCard ctx={ctx} card={mv.backstage} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title={t('playmat.centre')} info={zoneInfo('centre')} cls={`zone-centre${mv.centre.length ? '' : ' is-empty'}`}>
        {mv.centre.length ? <Stage ctx={ctx} cards={mv.centre} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title={t('playmat.main')} info={zoneInfo('main')} cls="zone-main" fit={mv.main}>
        {mv.main.length ? <Stage ctx={ctx} cards={mv.main} size="sm" /> : <span className="empty">{t('playmat.mainEmpty')}</span>}
      </Zone>
    </div>
  );
  const hand = (
    <div
      className={`hand${top ? ' hand-top' : ''}`}
      aria-label={own('hand', { count: mv.handCount })}
      role="region"
      ref={handRef}
      style={!top && handWidth ? ({ ['--hand-w' as string]: `${rowCardWidth(mv.handCount, handWidth, 88, 58)}px` } as CSSProperties) : undefined}
    >
      {mv.hand
        ? mv.hand.map((c) => <BoardCard key={c.id} ctx={ctx} card={c} size="md" extraClass="in-hand" />)
        : Array.from({ length: mv.handCount }, (_, i) => <CardBack key={i} size={top ? 'xs' : 'sm'} label={own('handCard', { n: i + 1 })} />)}
    </div>
  );
  return (
    <section className={`side ${top ? 'side-top' : 'side-bottom'}${ctx.view.active === m ? ' is-active' : ''}`} aria-label={own('side')} data-manager={m}>
      {top ? (
        <>
          <div className="side-head">
            {stats}
            {hand}
          </div>
          {row}
        </>
      ) : (
        <>
          {row}
          <div className="side-head">
            {stats}
            {hand}
          </div>
        </>
      )}
    </section>
  );
}
