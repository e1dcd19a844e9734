import '../../i18n/later-texts';
import type { GameView, ManagerId } from '@vroyale/engine';
import { PHASES, phaseLabel } from '../../game/choices';
import { useT } from '../../i18n';

export function PhaseTracker({ view, names, me }: { view: GameView; names: Record<ManagerId, string>; me: ManagerId | null }) {
  const setup = view.phase === 'mulligan' || view.phase === 'turn-order';
  const t = useT();
  return (
    <div className="phase-tracker" aria-label={t('playmat.turnAndPhase')}>
      <span className="turn-no">{setup ? t('playmat.setup') : t('playmat.turnN', { n: view.turn })}</span>
      {!setup && <span className="turn-who">{view.active === me ? t('playmat.yourTurn') : t('playmat.theirTurn', { name: names[view.active] })}</span>}
      <ol className="phases">
        {setup ? (
          <li className="current" aria-current="step">
            {view.phase === 'mulligan' ? t('playmat.mulligan') : t('playmat.turnOrder')}
          </li>
        ) : (
          PHASES.map((p) => (
            <li key={p.key} className={p.phases.includes(view.phase) ? 'current' : ''} aria-current={p.phases.includes(view.phase) ? 'step' : undefined}>
              {phaseLabel(p.key)}
            </li>
          ))
        )}
      </ol>
      <span className="priority-who" aria-live="polite">
        {view.priority ? (view.priority === me ? t('playmat.youPriority') : t('playmat.hasPriority', { name: names[view.priority] })) : ''}
      </span>
    </div>
  );
}
