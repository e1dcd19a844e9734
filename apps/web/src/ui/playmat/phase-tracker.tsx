import type { GameView, ManagerId } from '@vroyale/engine';
import { PHASES } from '../../game/choices';

export function PhaseTracker({ view, names, me }: { view: GameView; names: Record<ManagerId, string>; me: ManagerId | null }) {
  const setup = view.phase === 'mulligan' || view.phase === 'turn-order';
  return (
    <div className="phase-tracker" aria-label="Turn and phase">
      <span className="turn-no">{setup ? 'Setup' : `Turn ${view.turn}`}</span>
      {!setup && <span className="turn-who">{view.active === me ? 'Your turn' : `${names[view.active]}'s turn`}</span>}
      <ol className="phases">
        {setup ? (
          <li className="current" aria-current="step">
            {view.phase === 'mulligan' ? 'Mulligan' : 'Turn order'}
          </li>
        ) : (
          PHASES.map((p) => (
            <li key={p.key} className={p.phases.includes(view.phase) ? 'current' : ''} aria-current={p.phases.includes(view.phase) ? 'step' : undefined}>
              {p.label}
            </li>
          ))
        )}
      </ol>
      <span className="priority-who" aria-live="polite">
        {view.priority ? (view.priority === me ? 'You have priority' : `${names[view.priority]} has priority`) : ''}
      </span>
    </div>
  );
}
