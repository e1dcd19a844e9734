/** One manager's half of the playmat: badge and stats, piles, Star Pool, stages and hand (mirrored for the top). */
import { useRef, type CSSProperties } from 'react';
import type { CardView, ManagerId, ManagerView } from '@vroyale/engine';
import { ZONE_INFO } from '../../game/glossary';
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
  // The match is over at 0: an overshoot (5 damage with 3 left) is never shown as negative sanity.
  const sanity = Math.max(0, mv.sanity);
  const label = `${m === ctx.me ? 'You' : ctx.names[m]}: ${sanity} sanity${priority ? ', has priority' : ''}`;
  const content = (
    <>
      <span className="mb-name">{ctx.names[m]}</span>
      <span className="mb-sanity" title="Sanity: a manager with none left resigns">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z" />
        </svg>
        {sanity}
      </span>
      {priority && <span className="mb-priority">Priority</span>}
      {ctx.view.active === m && <span className="mb-active">Turn</span>}
    </>
  );
  return targetable ? (
    <button className={`manager-badge targetable${pointed ? ' pointed' : ''}`} aria-label={`${label}, can be chosen`} onClick={() => pick(ctx, m)}>
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
  const who = m === ctx.me ? 'Your' : `${ctx.names[m]}'s`;
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
      <span className="stat-chip" title={`Cards played this Main Phase (star card included), out of ${ctx.view.playLimit[m]}`}>
        Played {ctx.view.active === m ? ctx.view.played : 0}/{ctx.view.playLimit[m]}
      </span>
      <span className={`stat-chip${mv.deckOuts ? ' warn' : ''}`} title="Deck-outs so far: each one costs 1 more sanity than the last">
        Deck-outs {mv.deckOuts}
      </span>
      {ctx.view.first && (
        // Public, and cards read it ("if you went second").
        <span className="stat-chip" title="Turn order of this match: cards such as Fashionably Late care who went second">
          {ctx.view.first === m ? 'Went first' : 'Went second'}
        </span>
      )}
      {ctx.view.phase === 'mulligan' && <span className="stat-chip">Mulligan: {mv.mulligan}</span>}
    </div>
  );
  const row = (
    <div className="side-row">
      <div className="zone-col">
        <Pile title="Roster" count={mv.rosterCount} cls="pile-roster">
          <CardBack size="xs" label={`${who} roster`} />
        </Pile>
        <Pile title="Graduation" count={mv.graduation.length} onOpen={() => browse(`${who} Graduation Zone`, mv.graduation)} cls="pile-grad">
          {mv.graduation.length > 0 && (
            <span className="grad-top" aria-hidden="true">
              {ctx.view.defs[mv.graduation[mv.graduation.length - 1]!.def]?.name}
            </span>
          )}
        </Pile>
        {mv.hiatus.length > 0 && <Pile title="Hiatus" count={mv.hiatus.length} onOpen={() => browse(`${who} Hiatus`, mv.hiatus)} />}
      </div>
      <Zone title="Star Pool" info={ZONE_INFO.starPool} cls="zone-stars">
        <span
          className="stars-available"
          role="img"
          aria-label={`${mv.availableStars + ready} stars to spend: ${mv.availableStars} available now, ${ready} more from untilted star cards`}
          title={`${mv.availableStars} available now + ${ready} from untilted star cards (paying tilts them for you)`}
        >
          ★{mv.availableStars + ready}
          <small>{mv.starPool.length ? `${mv.starPool.length} card${mv.starPool.length === 1 ? '' : 's'}${tiltedStars ? ` · ${tiltedStars} tilted` : ''}` : 'no star cards yet'}</small>
        </span>
        <div className="star-cards" ref={starRef} style={starWidth ? ({ ['--star-gap' as string]: `${starGap(mv.starPool, starWidth)}px` } as CSSProperties) : undefined}>
          {mv.starPool.map((c) => (
            <BoardCard key={c.id} ctx={ctx} card={c} size="xs" extraClass="star-card" />
          ))}
        </div>
      </Zone>
      <Zone title="Backstage" info={ZONE_INFO.backstage} cls={`zone-back${mv.backstage ? '' : ' is-empty'}`}>
        {mv.backstage ? <BoardCard ctx={ctx} card={mv.backstage} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title="Centre Stage" info={ZONE_INFO.centre} cls={`zone-centre${mv.centre.length ? '' : ' is-empty'}`}>
        {mv.centre.length ? <Stage ctx={ctx} cards={mv.centre} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title="Main Stage" info={ZONE_INFO.main} cls="zone-main" fit={mv.main}>
        {mv.main.length ? <Stage ctx={ctx} cards={mv.main} size="sm" /> : <span className="empty">No cards on the Main Stage</span>}
      </Zone>
    </div>
  );
  const hand = (
    <div
      className={`hand${top ? ' hand-top' : ''}`}
      aria-label={`${who} hand, ${mv.handCount} card${mv.handCount === 1 ? '' : 's'}`}
      role="region"
      ref={handRef}
      style={!top && handWidth ? ({ ['--hand-w' as string]: `${rowCardWidth(mv.handCount, handWidth, 88, 58)}px` } as CSSProperties) : undefined}
    >
      {mv.hand
        ? mv.hand.map((c) => <BoardCard key={c.id} ctx={ctx} card={c} size="md" extraClass="in-hand" />)
        : Array.from({ length: mv.handCount }, (_, i) => <CardBack key={i} size={top ? 'xs' : 'sm'} label={`${who} hand card ${i + 1}`} />)}
    </div>
  );
  return (
    <section className={`side ${top ? 'side-top' : 'side-bottom'}${ctx.view.active === m ? ' is-active' : ''}`} aria-label={`${who} side of the playmat`} data-manager={m}>
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
