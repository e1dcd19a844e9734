import { describeTarget } from '../../game/choices';
import { pointing, useUi } from '../../store';
import { CardFace } from '../card';
import { pick } from './actions';
import type { Ctx } from './context';

const KIND = { highlight: 'a highlight', ability: 'an ability', trigger: 'a trigger' } as const;

export function StackPanel({ ctx }: { ctx: Ctx }) {
  const { view, labels } = ctx;
  const point = useUi((s) => s.point);
  if (view.stack.length === 0) return null;
  return (
    <section className="stack-panel" aria-label="The stack, top first">
      <h3>Stack</h3>
      <ol>
        {[...view.stack].reverse().map((it, i) => {
          const def = view.defs[it.sourceDef];
          const targetable = ctx.aimingNext.has(it.id);
          // The source's board label when it is on view ("Chat Regular (2)"), else its printed name.
          const source = labels.ref(it.source) ? labels.name(it.source) : (def?.name ?? 'Effect');
          const whose = it.controller === ctx.me ? 'yours' : `${ctx.names[it.controller]}'s`;
          const text = `${source} — ${KIND[it.kind]} of ${whose}`;
          const targets = it.targets.map((t) => describeTarget(view, t, labels));
          const body = (
            <>
              <span className="st-pos">{i === 0 ? 'Top' : i + 1}</span>
              {def && <CardFace def={def} view={it.card} size="xs" />}
              <span className="st-text">
                <b>{text}</b>
                {targets.length > 0 && <small>Targets: {targets.join(', ')}</small>}
              </span>
            </>
          );
          const cls = [targetable ? 'targetable' : '', point.includes(it.id) ? 'pointed' : ''].filter(Boolean).join(' ');
          return (
            // Hovering an item points at the card it came from, when that card is on the board.
            <li key={it.id} data-stack-id={it.id} className={cls || undefined} {...(labels.ref(it.source) && !it.card ? pointing([it.source]) : {})}>
              {targetable ? (
                <button className="st-btn" onClick={() => pick(ctx, it.id)} aria-label={`${text}, can be chosen`}>
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
