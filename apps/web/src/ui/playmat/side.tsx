/**
 * One manager's half of the playmat. Top (the opponent): a strip with their badge, piles and hand, then their
 * stage row. Bottom (you): your stage row, then your dock: badge and piles beside your hand. The stage row is
 * the Star Pool (a counter and a stack), Backstage, Centre Stage and the Main Stage; an empty Backstage or
 * Centre folds to a narrow slot so the Main Stage gets the room.
 */
import '../../i18n/later-texts';
import type { CardView, ManagerId, ManagerView } from '@vroyale/engine';
import { zoneInfo } from '../../game/glossary';
import { cardName } from '../../game/labels';
import { useT } from '../../i18n';
import { ui } from '../../store';
import { BoardCard } from './board-card';
import type { Ctx } from './context';
import { useDrop } from './dnd';
import { Hand } from './hand';
import { ManagerBadge } from './manager-badge';
import { StarStack } from './star-stack';
import { Pile, Stage, Zone } from './zones';

type OwnKey = 'roster' | 'graduation' | 'hiatus' | 'hand' | 'handCard' | 'side' | 'starPool';

export function Side({ ctx, m, top }: { ctx: Ctx; m: ManagerId; top: boolean }) {
  const mv: ManagerView = ctx.view.managers[m];
  const t = useT();
  const mine = m === ctx.me;
  /** A text about this side: the `_you` variant on the viewer's own side. */
  const own = (key: OwnKey, o: Record<string, unknown> = {}) => (mine ? t(`playmat.own.${key}_you`, o) : t(`playmat.own.${key}`, { name: ctx.names[m], ...o }));
  const browse = (title: string, cards: CardView[]) => ui.setState({ browse: { title, ids: cards.map((c) => c.id), manager: m }, menu: null });
  const tx = t as unknown as (k: string) => string;
  const played = ctx.view.active === m && ctx.view.phase !== 'mulligan' && ctx.view.phase !== 'turn-order';
  const lastGrad = mv.graduation[mv.graduation.length - 1];
  // Drop areas exist only where a drop can mean something now: your zones while you have cards to play, the
  // opponent's side while you choose attackers.
  const canDrop = !!ctx.me && ctx.byCard.size > 0;
  const attackDrop = useDrop(top && ctx.me && ctx.offer?.type === 'choose-attackers' ? 'opponent' : undefined);
  const head = (
    <div className="side-head">
      <ManagerBadge ctx={ctx} m={m} />
      <div className="side-stats">
        {played && (
          <span className="stat-chip" title={t('playmat.playedTitle', { limit: ctx.view.playLimit[m] })}>
            {t('playmat.played', { n: ctx.view.played, limit: ctx.view.playLimit[m] })}
          </span>
        )}
        {mv.deckOuts > 0 && (
          <span className="stat-chip warn" title={t('playmat.deckOutsTitle')}>
            {t('playmat.deckOuts', { n: mv.deckOuts })}
          </span>
        )}
        {ctx.view.first && (
          // Public, and cards read it ("if you went second").
          <span className="stat-chip order" title={t('playmat.orderTitle')}>
            {ctx.view.first === m ? t('playmat.wentFirst') : t('playmat.wentSecond')}
          </span>
        )}
        {ctx.view.phase === 'mulligan' && (
          <span className="stat-chip">{t('playmat.mulliganState', { state: tx(`playmat.mulliganStates.${mv.mulligan}`) })}</span>
        )}
      </div>
      {/* On an upright phone the Star Pool's counter moves here, beside the manager (playmat-sizes.css). */}
      <div className="head-stars">
        <StarStack ctx={ctx} m={m} title={own('starPool')} />
      </div>
      <div className="piles">
        <Pile title={t('playmat.roster')} count={mv.rosterCount} cls="pile-roster" icon="roster" />
        <Pile
          title={t('playmat.graduation')}
          count={mv.graduation.length}
          onOpen={() => browse(own('graduation'), mv.graduation)}
          cls="pile-grad"
          icon="graduation"
        >
          {lastGrad && (
            <span className="grad-top" aria-hidden="true">
              {ctx.view.defs[lastGrad.def] && cardName(ctx.view.defs[lastGrad.def]!)}
            </span>
          )}
        </Pile>
        {mv.hiatus.length > 0 && (
          <Pile title={t('playmat.hiatus')} count={mv.hiatus.length} onOpen={() => browse(own('hiatus'), mv.hiatus)} cls="pile-hiatus" icon="hiatus" />
        )}
      </div>
      {top && <Hand ctx={ctx} m={m} top label={own('hand', { count: mv.handCount })} cardLabel={(n) => own('handCard', { n })} />}
    </div>
  );
  const row = (
    <div className="side-row">
      <Zone title={t('playmat.starPool')} info={zoneInfo('starPool')} cls="zone-stars" drop={mine && canDrop ? 'stars' : undefined}>
        <StarStack ctx={ctx} m={m} title={own('starPool')} />
      </Zone>
      <Zone title={t('playmat.backstage')} info={zoneInfo('backstage')} cls={`zone-back${mv.backstage ? '' : ' is-empty'}`}>
        {mv.backstage ? <BoardCard ctx={ctx} card={mv.backstage} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title={t('playmat.centre')} info={zoneInfo('centre')} cls={`zone-centre${mv.centre.length ? '' : ' is-empty'}`}>
        {mv.centre.length ? <Stage ctx={ctx} cards={mv.centre} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title={t('playmat.main')} info={zoneInfo('main')} cls="zone-main" fit={mv.main} drop={mine && canDrop ? 'stage' : undefined}>
        {mv.main.length ? <Stage ctx={ctx} cards={mv.main} size="sm" /> : <span className="empty">{t('playmat.mainEmpty')}</span>}
      </Zone>
    </div>
  );
  return (
    <section
      className={`side ${top ? 'side-top' : 'side-bottom'}${ctx.view.active === m ? ' is-active' : ''}${attackDrop.cls}`}
      aria-label={own('side')}
      data-manager={m}
      ref={attackDrop.ref}
    >
      {top ? (
        <>
          {head}
          {row}
        </>
      ) : (
        <>
          {row}
          <div className="dock">
            {head}
            <Hand ctx={ctx} m={m} top={false} label={own('hand', { count: mv.handCount })} cardLabel={(n) => own('handCard', { n })} />
          </div>
        </>
      )}
    </section>
  );
}
