/** A manager's badge: name, sanity, and whose turn and priority it is; a button when a manager can be targeted. */
import '../../i18n/later-texts';
import type { ManagerId } from '@vroyale/engine';
import { useT } from '../../i18n';
import { useUi } from '../../store';
import { pick } from './actions';
import type { Ctx } from './context';

export function ManagerBadge({ ctx, m }: { ctx: Ctx; m: ManagerId }) {
  const mv = ctx.view.managers[m];
  const targetable = ctx.aimingNext.has(m);
  const pointed = useUi((s) => s.point.includes(m));
  const priority = ctx.view.priority === m;
  const t = useT();
  // The match is over at 0: an overshoot (5 damage with 3 left) is never shown as negative sanity.
  const sanity = Math.max(0, mv.sanity);
  const label = t(priority ? 'playmat.badgePriority' : 'playmat.badge', { name: m === ctx.me ? t('log.you') : ctx.names[m], n: sanity });
  const initial = [...(ctx.names[m] ?? '?')][0]?.toUpperCase() ?? '?';
  const content = (
    <>
      <span className="mb-avatar" aria-hidden="true">
        {initial}
      </span>
      <span className="mb-text">
        <span className="mb-name">{ctx.names[m]}</span>
        <span className="mb-flags">
          {ctx.view.active === m && <span className="mb-active">{t('playmat.turn')}</span>}
          {priority && <span className="mb-priority">{t('playmat.priority')}</span>}
        </span>
      </span>
      <span className={`mb-sanity${sanity <= 5 ? ' low' : ''}`} title={t('playmat.sanityTitle')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z" />
        </svg>
        {sanity}
      </span>
    </>
  );
  return targetable ? (
    <button className={`manager-badge targetable${pointed ? ' pointed' : ''}`} aria-label={`${label}${t('playmat.canBeChosen')}`} onClick={() => pick(ctx, m)}>
      {content}
    </button>
  ) : (
    <div
      className={`manager-badge${priority ? ' has-priority' : ''}${ctx.view.active === m ? ' is-active' : ''}${pointed ? ' pointed' : ''}`}
      role="group"
      aria-label={label}
    >
      {content}
    </div>
  );
}
